// Every call of the contract: happy path and each refusal, with the database checked.
import { ADMIN_EMAIL, buildSignedIn, snapshot, type TestApp } from './helper.ts';
import { md5hex } from '../auth/passwords.ts';
import type { Category, MutationResult, Project, ProjectType, ProjectView, User } from '../../contract/api.ts';

let t: TestApp;
let token: string;

beforeEach(async () => ({ t, token } = await buildSignedIn()));
afterEach(async () => t.close());

const mutate = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await t.call(method, url, { body, token });
  return { status: res.statusCode, json: res.json<MutationResult>() };
};

/** A refusal: 200 {Result:false} with a French message, and nothing written. */
async function expectRefused(method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, message: RegExp) {
  const before = await snapshot(t.db);
  const { status, json } = await mutate(method, url, body);
  expect(status).toBe(200);
  expect(json.Result).toBe(false);
  expect(json.Message).toMatch(message);
  expect(await snapshot(t.db)).toEqual(before);
}

async function expectNotFound(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const before = await snapshot(t.db);
  const { status, json } = await mutate(method, url, body);
  expect(status).toBe(404);
  expect(json.Result).toBe(false);
  expect(json.Message).toMatch(/introuvable/);
  expect(await snapshot(t.db)).toEqual(before);
}

describe('categories', () => {
  test('list ordered by Id', async () => {
    const res = await t.call('GET', '/api/category/all/');
    expect(res.statusCode).toBe(200);
    const list = res.json<Category[]>();
    expect(list.map((c) => c.Id)).toEqual([1, 2, 3, 4, 5, 6, 11, 15]);
    expect(list[1]).toEqual({ Id: 2, Name: 'Potagers', En: { Name: 'Garden beds' } });
  });

  test('add, update, delete', async () => {
    expect(await mutate('POST', '/api/category/', { Id: 0, Name: 'Cuisines' })).toEqual({ status: 200, json: { Result: true, Message: expect.any(String) } });
    const created = await t.db.selectFrom('category').selectAll().where('name', '=', 'Cuisines').executeTakeFirstOrThrow();
    expect(created.id).toBe(16);
    expect((await mutate('PUT', `/api/category/${created.id}`, { Id: created.id, Name: 'Cuisines sur mesure' })).json.Result).toBe(true);
    expect((await t.db.selectFrom('category').select('name').where('id', '=', created.id).executeTakeFirstOrThrow()).name).toBe('Cuisines sur mesure');
    expect((await mutate('DELETE', `/api/category/${created.id}`)).json.Result).toBe(true);
    expect(await t.db.selectFrom('category').selectAll().where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
  });

  test('refusals: duplicate name (any case), Id mismatch, category still used, missing', async () => {
    await expectRefused('POST', '/api/category/', { Id: 0, Name: 'POTAGERS' }, /existe déjà/);
    await expectRefused('PUT', '/api/category/2', { Id: 2, Name: 'terrasses' }, /existe déjà/);
    await expectRefused('PUT', '/api/category/2', { Id: 3, Name: 'Jardins' }, /ne correspond pas/);
    await expectRefused('DELETE', '/api/category/2', undefined, /contient encore des types de projet/);
    await expectNotFound('PUT', '/api/category/999', { Id: 999, Name: 'Jardins' });
    await expectNotFound('DELETE', '/api/category/999');
  });

  test('renaming a category to its own name in another case is allowed', async () => {
    expect((await mutate('PUT', '/api/category/2', { Id: 2, Name: 'POTAGERS' })).json.Result).toBe(true);
  });
});

describe('project types', () => {
  const type = (over: Partial<ProjectType> = {}): ProjectType => ({
    Id: 0, CategoryId: 2, Name: 'Serres de jardin', Description: 'Petites serres en cèdre.', Image: 'serre.jpg', ...over,
  });

  test('lists: all, and by category (404 for a missing category)', async () => {
    const all = (await t.call('GET', '/api/projecttype/all/')).json<ProjectType[]>();
    expect(all.map((x) => x.Id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 19, 20, 21, 22, 23, 24, 25]);
    const ofTwo = (await t.call('GET', '/api/projecttype/2')).json<ProjectType[]>();
    expect(ofTwo.map((x) => x.Id)).toEqual([2, 3]);
    expect(ofTwo.every((x) => x.CategoryId === 2)).toBe(true);
    const missing = await t.call('GET', '/api/projecttype/999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      Result: false,
      Message: 'La catégorie n° 999 est introuvable : elle a peut-être été effacée entre-temps.',
    });
    expect((await t.call('GET', '/api/project/999')).json<{ Message: string }>().Message).toBe(
      'Le projet n° 999 est introuvable : il a peut-être été effacé entre-temps.',
    );
  });

  test('add, update, delete (its sub-type links go with it)', async () => {
    expect((await mutate('POST', '/api/projecttype/', type({ Image: '' }))).json.Result).toBe(true);
    const row = await t.db.selectFrom('project_type').selectAll().where('name', '=', 'Serres de jardin').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: 26, category_id: 2, image: '' });
    expect((await mutate('PUT', '/api/projecttype/26', type({ Id: 26, CategoryId: 6, Name: 'Serres et abris' }))).json.Result).toBe(true);
    expect(await t.db.selectFrom('project_type').selectAll().where('id', '=', 26).executeTakeFirst()).toMatchObject({ category_id: 6, name: 'Serres et abris' });
    expect((await mutate('POST', '/api/subtype/add/', { SrcId: 4, DestId: 26 })).json.Result).toBe(true);
    expect((await mutate('DELETE', '/api/projecttype/26')).json.Result).toBe(true);
    expect(await t.db.selectFrom('subtype_link').selectAll().where('dest_id', '=', 26).execute()).toEqual([]);
  });

  test('refusals: missing category, Id mismatch, type still used, missing', async () => {
    await expectRefused('POST', '/api/projecttype/', type({ CategoryId: 999 }), /catégorie n° 999 n'existe pas/);
    await expectRefused('PUT', '/api/projecttype/2', type({ Id: 2, CategoryId: 999 }), /n'existe pas/);
    await expectRefused('PUT', '/api/projecttype/2', type({ Id: 3 }), /ne correspond pas/);
    await expectRefused('DELETE', '/api/projecttype/1', undefined, /contient encore des projets/);
    await expectNotFound('PUT', '/api/projecttype/999', type({ Id: 999 }));
    await expectNotFound('DELETE', '/api/projecttype/999');
  });
});

describe('projects', () => {
  const project = (over: Partial<Project> = {}): Project => ({
    Id: 0, ProjectTypeId: 1, Name: 'Banc de lecture', Description: 'Banc en chêne pour la véranda.', Image: 'banc.jpg', ...over,
  });

  test('lists, one project, random projects (capped at 50)', async () => {
    const all = (await t.call('GET', '/api/project/all/')).json<Project[]>();
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(all.map((p) => p.Id)).toEqual([...all.map((p) => p.Id)].sort((a, b) => a - b));
    const ofType = (await t.call('GET', '/api/projects/19')).json<Project[]>();
    expect(ofType.length).toBeGreaterThanOrEqual(2);
    expect(ofType.every((p) => p.ProjectTypeId === 19)).toBe(true);
    expect((await t.call('GET', '/api/projects/999')).statusCode).toBe(404);
    const one = await t.call('GET', '/api/project/1');
    // The single read also carries the project's gallery (issue 15).
    expect(one.json()).toEqual({ ...all[0], Gallery: [] });
    expect((await t.call('GET', '/api/project/999')).statusCode).toBe(404);
    const seven = (await t.call('GET', '/api/randomprojects/7')).json<Project[]>();
    expect(seven).toHaveLength(7);
    expect(new Set(seven.map((p) => p.Id)).size).toBe(7);
    for (const p of seven) expect(all).toContainEqual(p);
    expect((await t.call('GET', '/api/randomprojects/1000')).json<Project[]>()).toHaveLength(Math.min(all.length, 50));
    expect((await t.call('GET', '/api/randomprojects/0')).statusCode).toBe(400);
  });

  test('add, update, delete', async () => {
    expect((await mutate('POST', '/api/project/', project())).json.Result).toBe(true);
    const row = await t.db.selectFrom('project').selectAll().where('name', '=', 'Banc de lecture').executeTakeFirstOrThrow();
    expect((await mutate('PUT', `/api/project/${row.id}`, project({ Id: row.id, ProjectTypeId: 19, Name: 'Banc de lecture en chêne' }))).json.Result).toBe(true);
    // Sent without Published, as the specification's calls are: published; without En: not translated.
    expect((await t.call('GET', `/api/project/${row.id}`)).json()).toEqual({
      ...project({ Id: row.id, ProjectTypeId: 19, Name: 'Banc de lecture en chêne' }),
      Published: true,
      En: { Name: '', Description: '' },
      Gallery: [],
    });
    expect((await mutate('DELETE', `/api/project/${row.id}`)).json.Result).toBe(true);
    expect((await t.call('GET', `/api/project/${row.id}`)).statusCode).toBe(404);
  });

  test('a draft (Published: false) is seen by no read without the token, and listed for the administrator', async () => {
    expect((await t.call('GET', '/api/project/all/')).json<ProjectView[]>().every((p) => p.Published)).toBe(true);
    // The administrator's list is read first: what it caches must not reach a visitor.
    const adminBefore = await t.call('GET', '/api/project/all/', { token });
    expect(adminBefore.headers['cache-control']).toBe('no-store');
    expect(adminBefore.headers.etag).toBeUndefined();
    expect((await mutate('POST', '/api/project/', project({ ProjectTypeId: 19, Published: false }))).json.Result).toBe(true);
    const row = await t.db.selectFrom('project').selectAll().where('name', '=', 'Banc de lecture').executeTakeFirstOrThrow();
    expect(row.published).toBe(0);
    const forAdmin = (await t.call('GET', '/api/project/all/', { token })).json<ProjectView[]>();
    expect(forAdmin.find((p) => p.Id === row.id)).toEqual({ ...project({ Id: row.id, ProjectTypeId: 19 }), Published: false, En: { Name: '', Description: '' } });

    // Every call made without the token behaves as if the draft did not exist.
    const visitor = await t.call('GET', '/api/project/all/');
    expect(visitor.headers['cache-control']).toMatch(/public/);
    const published = visitor.json<ProjectView[]>();
    expect(published.map((p) => p.Id)).not.toContain(row.id);
    expect(published).toHaveLength(forAdmin.length - 1);
    expect((await t.call('GET', '/api/projects/19')).json<ProjectView[]>().map((p) => p.Id)).not.toContain(row.id);
    const one = await t.call('GET', `/api/project/${row.id}`);
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual({ Result: false, Message: expect.stringMatching(/introuvable/) });
    for (let i = 0; i < 3; i++) {
      expect((await t.call('GET', '/api/randomprojects/50')).json<ProjectView[]>().map((p) => p.Id)).not.toContain(row.id);
    }
    // Nor does the token make the public reads show it: they feed the public pages.
    expect((await t.call('GET', `/api/project/${row.id}`, { token })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/projects/19', { token })).json<ProjectView[]>().map((p) => p.Id)).not.toContain(row.id);

    // Published again (Published absent means published): every read shows it.
    expect((await mutate('PUT', `/api/project/${row.id}`, project({ Id: row.id, ProjectTypeId: 19 }))).json.Result).toBe(true);
    expect((await t.call('GET', `/api/project/${row.id}`)).json<ProjectView>().Published).toBe(true);
    expect((await t.call('GET', '/api/projects/19')).json<ProjectView[]>().map((p) => p.Id)).toContain(row.id);
    expect((await t.call('GET', '/api/project/all/')).json<ProjectView[]>().map((p) => p.Id)).toContain(row.id);
  });

  test('the administrator\'s list refuses an invalid token (401) rather than leave the drafts out', async () => {
    const res = await t.call('GET', '/api/project/all/', { token: `${token}x` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ Result: false });
  });

  test('refusals: missing type, Id mismatch, missing, Published not a boolean', async () => {
    await expectRefused('POST', '/api/project/', project({ ProjectTypeId: 999 }), /type de projet n° 999 n'existe pas/);
    await expectRefused('PUT', '/api/project/1', project({ Id: 1, ProjectTypeId: 999 }), /n'existe pas/);
    await expectRefused('PUT', '/api/project/1', project({ Id: 2 }), /ne correspond pas/);
    await expectNotFound('PUT', '/api/project/999', project({ Id: 999 }));
    await expectNotFound('DELETE', '/api/project/999');
    const before = await snapshot(t.db);
    const res = await t.call('POST', '/api/project/', { token, body: { ...project(), Published: 'non' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Message: string }>().Message).toMatch(/Published/);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("the owner's order", () => {
  const ids = async (url: string) => (await t.call('GET', url, { token })).json<{ Id: number }[]>().map((row) => row.Id);
  const order = (url: string, Seen: number[], Order: number[], withToken = true) =>
    t.call('PUT', url, { token: withToken ? token : null, body: { Seen, Order } });
  /** [a, b, ...rest] → [b, a, ...rest] */
  const swapFirstTwo = (list: number[]) => [list[1] as number, list[0] as number, ...list.slice(2)];

  test('categories: one request per move; the list follows it; a new category goes last', async () => {
    const seen = await ids('/api/category/all/');
    const res = await order('/api/category/order/', seen, swapFirstTwo(seen));
    expect(res.json()).toEqual({ Result: true, Message: expect.any(String) });
    expect(await ids('/api/category/all/')).toEqual(swapFirstTwo(seen));
    expect((await mutate('POST', '/api/category/', { Id: 0, Name: 'Cuisines' })).json.Result).toBe(true);
    expect((await ids('/api/category/all/')).at(-1)).toBe(16);
  });

  test('a stale list (someone else moved first) or an order of other records is refused, nothing changed', async () => {
    const seen = await ids('/api/category/all/');
    expect((await order('/api/category/order/', seen, swapFirstTwo(seen))).json().Result).toBe(true);
    // A second screen still shows the old order.
    await expectRefused('PUT', '/api/category/order/', { Seen: seen, Order: [...seen].reverse() }, /La liste a changé entre-temps/);
    const now = await ids('/api/category/all/');
    await expectRefused('PUT', '/api/category/order/', { Seen: now, Order: [...now.slice(1), 999] }, /exactement les fiches de la liste/);
    await expectRefused('PUT', '/api/category/order/', { Seen: now, Order: [now[0], ...now.slice(0, -1)] }, /exactement les fiches de la liste/);
    await expectRefused('PUT', '/api/category/order/', { Seen: now.slice(1), Order: now.slice(1) }, /La liste a changé entre-temps/);
    expect(await ids('/api/category/all/')).toEqual(now);
    const anonymous = await order('/api/category/order/', now, [...now].reverse(), false);
    expect(anonymous.statusCode).toBe(401);
    expect(await ids('/api/category/all/')).toEqual(now);
  });

  test("the types of a category and the projects of a type, drafts included; other lists keep their order", async () => {
    const types = await ids('/api/projecttype/3');
    expect(types.length).toBeGreaterThanOrEqual(2);
    const allTypes = await ids('/api/projecttype/all/');
    expect((await order('/api/projecttype/order/3', types, [...types].reverse())).json().Result).toBe(true);
    expect(await ids('/api/projecttype/3')).toEqual([...types].reverse());
    // The other categories' types are where they were.
    const others = (list: number[]) => list.filter((id) => !types.includes(id));
    expect(others(await ids('/api/projecttype/all/'))).toEqual(others(allTypes));
    expect((await t.call('PUT', '/api/projecttype/order/999', { token, body: { Seen: [], Order: [] } })).statusCode).toBe(404);
    // A type of another category is not in this list.
    const foreign = allTypes.find((id) => !types.includes(id)) as number;
    await expectRefused('PUT', '/api/projecttype/order/3', { Seen: [...types].reverse(), Order: [foreign, ...types.slice(1)] }, /exactement/);

    // A draft of type 19, created last, then moved first: visitors see the published ones in that order.
    expect((await mutate('POST', '/api/project/', { Id: 0, ProjectTypeId: 19, Name: 'Banc en brouillon', Description: 'Pas encore prêt.', Image: 'banc.jpg', Published: false })).json.Result).toBe(true);
    const withDrafts = (await t.call('GET', '/api/project/all/', { token })).json<ProjectView[]>().filter((p) => p.ProjectTypeId === 19).map((p) => p.Id);
    const draft = withDrafts.at(-1) as number;
    const published = await ids('/api/projects/19');
    expect(published).toEqual(withDrafts.slice(0, -1));
    // Seen must be the whole list, draft included.
    await expectRefused('PUT', '/api/projects/19/order', { Seen: published, Order: [...published].reverse() }, /La liste a changé/);
    const next = [draft, ...[...published].reverse()];
    expect((await order('/api/projects/19/order', withDrafts, next)).json().Result).toBe(true);
    expect(await ids('/api/projects/19')).toEqual([...published].reverse());
    expect((await t.call('GET', '/api/project/all/', { token })).json<ProjectView[]>().filter((p) => p.ProjectTypeId === 19).map((p) => p.Id)).toEqual(next);
    expect((await t.call('PUT', '/api/projects/999/order', { token, body: { Seen: [], Order: [] } })).statusCode).toBe(404);
  });

  test('a move is refused with a 400 when the body is not two lists of ids', async () => {
    const before = await snapshot(t.db);
    for (const body of [{ Seen: [1] }, { Seen: ['1'], Order: [1] }, { Seen: [0], Order: [0] }, { Seen: [], Order: [], Extra: 1 }]) {
      expect((await t.call('PUT', '/api/category/order/', { token, body })).statusCode).toBe(400);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('sub-types', () => {
  test('list, add, delete', async () => {
    const list = (await t.call('GET', '/api/subtype/22')).json<ProjectType[]>();
    expect(list.map((x) => x.Id)).toEqual([6, 7]);
    expect((await t.call('GET', '/api/subtype/999')).statusCode).toBe(404);
    expect((await t.call('GET', '/api/subtype/1')).json()).toEqual([]);
    expect((await mutate('POST', '/api/subtype/add/', { SrcId: 1, DestId: 2 })).json.Result).toBe(true);
    expect((await t.call('GET', '/api/subtype/1')).json<ProjectType[]>().map((x) => x.Id)).toEqual([2]);
    expect((await mutate('POST', '/api/subtype/del/', { SrcId: 1, DestId: 2 })).json.Result).toBe(true);
    expect(await t.db.selectFrom('subtype_link').selectAll().where('src_id', '=', 1).execute()).toEqual([]);
  });

  test('refusals: self link, missing ends, duplicate, unknown link', async () => {
    await expectRefused('POST', '/api/subtype/add/', { SrcId: 1, DestId: 1 }, /propre sous-type/);
    await expectRefused('POST', '/api/subtype/add/', { SrcId: 999, DestId: 1 }, /n° 999 n'existe pas/);
    await expectRefused('POST', '/api/subtype/add/', { SrcId: 1, DestId: 999 }, /sous-type n° 999 n'existe pas/);
    await expectRefused('POST', '/api/subtype/add/', { SrcId: 22, DestId: 6 }, /déjà lié/);
    await expectRefused('POST', '/api/subtype/del/', { SrcId: 1, DestId: 2 }, /pas lié/);
  });
});

describe('users', () => {
  test('list never carries a hash', async () => {
    const res = await t.call('GET', '/api/user/all/', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json<User[]>()).toEqual([{ Id: 1, Email: ADMIN_EMAIL, Pwd: '' }]);
    expect(res.body).not.toMatch(/scrypt/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('add (stored as scrypt of the MD5 hex), sign in, update, delete', async () => {
    const pwd = md5hex('un-autre-mot');
    expect((await mutate('POST', '/api/user/', { Id: 0, Email: 'Marie@Exemple.ca', Pwd: pwd })).json.Result).toBe(true);
    const row = await t.db.selectFrom('app_user').selectAll().where('email_key', '=', 'marie@exemple.ca').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(pwd);
    await t.login('marie@exemple.ca', pwd); // e-mail is case-insensitive
    const newPwd = md5hex('encore-un-autre');
    expect((await mutate('PUT', `/api/user/${row.id}`, { Id: row.id, Email: 'marie@exemple.ca', Pwd: newPwd })).json.Result).toBe(true);
    await expect(t.login('marie@exemple.ca', pwd)).rejects.toThrow();
    await t.login('marie@exemple.ca', newPwd);
    expect((await mutate('DELETE', `/api/user/${row.id}`)).json.Result).toBe(true);
    expect(await t.db.selectFrom('app_user').selectAll().where('id', '=', row.id).executeTakeFirst()).toBeUndefined();
  });

  test('refusals: duplicate e-mail (any case), Id mismatch, last administrator, missing', async () => {
    const pwd = md5hex('x');
    await expectRefused('POST', '/api/user/', { Id: 0, Email: ADMIN_EMAIL.toUpperCase(), Pwd: pwd }, /existe déjà/);
    await expectRefused('PUT', '/api/user/1', { Id: 2, Email: ADMIN_EMAIL, Pwd: pwd }, /ne correspond pas/);
    await expectRefused('DELETE', '/api/user/1', undefined, /dernier administrateur/);
    await expectNotFound('PUT', '/api/user/999', { Id: 999, Email: 'nobody@exemple.ca', Pwd: pwd });
    await expectNotFound('DELETE', '/api/user/999');
    expect((await mutate('POST', '/api/user/', { Id: 0, Email: 'second@exemple.ca', Pwd: pwd })).json.Result).toBe(true);
    await expectRefused('PUT', '/api/user/2', { Id: 2, Email: ADMIN_EMAIL, Pwd: pwd }, /existe déjà/);
  });
});

test('menu of a fresh install is the demo menu of the specification', async () => {
  const res = await t.call('GET', '/api/menu');
  expect(res.statusCode).toBe(200);
  const menu = res.json<{ Dropdowns: Array<{ Title: string; Entries: Array<{ Label: string; Href: string }> }>; Links: unknown[] }>();
  expect(menu.Dropdowns.map((d) => d.Title)).toEqual(['Projets extérieurs', "Optimisation de l'espace", 'Décoration']);
  expect(menu.Dropdowns.flatMap((d) => d.Entries)).toHaveLength(12);
  expect(menu.Links).toEqual([
    { Label: 'A Propos', Href: '/about', En: { Label: 'About' } },
    { Label: 'Contactez-moi', Href: '/contact', En: { Label: 'Contact me' } },
  ]);
});
