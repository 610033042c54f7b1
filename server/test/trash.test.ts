// The trash (issue 28): a deletion through the specification's calls answers as before, the record
// leaves every read at once, and comes back as it was from the trash; refusals are French and
// change nothing; entries are erased for good after TRASH_RETENTION_DAYS (rows and a photo's files),
// at the PurgeAt each entry shows.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Category, MutationResult, ProjectView, TrashEntry } from '../../contract/api.ts';
import { messages } from '../domain/messages.ts';
import { ADMIN_EMAIL, build, imagesDir, snapshot, uploadImage, type TestApp } from './helper.ts';
import { md5hex } from '../auth/passwords.ts';
import { configFromEnv } from '../config.ts';

const DAY = 24 * 60 * 60 * 1000;
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let token: string;
let clockOffset = 0;
// TRASH_RETENTION_DAYS=7 here, read as the server reads it: PurgeAt and the purge follow it, not the default.
const RETENTION_DAYS = 7;
const { trashRetentionDays } = configFromEnv({ TRASH_RETENTION_DAYS: String(RETENTION_DAYS) }, process.cwd()).app;
beforeAll(async () => {
  t = await build({ withDist: true, config: { publicUrl: 'https://www.exemple.ca', now: () => Date.now() + clockOffset, trashRetentionDays } });
  token = (await t.login()).Token;
});
afterAll(() => t.close());

const call = async <T = MutationResult>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  return { status: res.statusCode, json: res.json<T>() };
};
const trash = async () => (await call<TrashEntry[]>('GET', '/api/trash/')).json;
const entryOf = async (kind: TrashEntry['Kind'], recordId: string | number) => {
  const entry = (await trash()).find((e) => e.Kind === kind && e.RecordId === String(recordId));
  if (!entry) throw new Error(`no ${kind} ${recordId} in the trash`);
  return entry;
};

/** A published project that has a gallery, as the database holds it. */
async function projectWithGallery() {
  const item = await t.db.selectFrom('project_media').select('project_id').orderBy('project_id').executeTakeFirstOrThrow();
  const project = await t.db.selectFrom('project').selectAll().where('id', '=', item.project_id).executeTakeFirstOrThrow();
  const gallery = await t.db.selectFrom('project_media').selectAll().where('project_id', '=', project.id).orderBy('id').execute();
  return { project, gallery };
}

test('a project goes to the trash with its gallery, leaves every public read at once, and comes back as it was', async () => {
  const { project, gallery } = await projectWithGallery();
  expect(gallery.length).toBeGreaterThan(0);
  await t.db.updateTable('project').set({ name_en: 'An English name', description_en: 'An English description' }).where('id', '=', project.id).execute();
  const before = await t.db.selectFrom('project').selectAll().where('id', '=', project.id).executeTakeFirstOrThrow();
  // Warm the read cache and the sitemap: both must drop the project at once.
  expect((await t.call('GET', `/api/project/${project.id}`)).statusCode).toBe(200);
  expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain(`/project/${project.id}<`);

  // The specification's answer, unchanged.
  expect(await call('DELETE', `/api/project/${project.id}`)).toEqual({ status: 200, json: { Result: true, Message: messages.ok } });

  expect((await t.call('GET', `/api/project/${project.id}`)).statusCode).toBe(404);
  expect((await t.call('GET', '/api/project/all/')).json<ProjectView[]>().map((p) => p.Id)).not.toContain(project.id);
  expect((await t.call('GET', `/api/projects/${project.project_type_id}`)).json<ProjectView[]>().map((p) => p.Id)).not.toContain(project.id);
  expect((await t.call('GET', '/api/randomprojects/50')).json<ProjectView[]>().map((p) => p.Id)).not.toContain(project.id);
  expect((await t.app.inject({ url: '/sitemap.xml' })).body).not.toContain(`/project/${project.id}<`);
  expect(await t.db.selectFrom('project_media').select('id').where('project_id', '=', project.id).execute()).toEqual([]);

  const entry = await entryOf('project', project.id);
  expect(entry).toEqual({
    Id: expect.any(Number),
    Kind: 'project',
    RecordId: String(project.id),
    Name: project.name,
    DeletedAt: expect.any(String),
    DeletedBy: ADMIN_EMAIL,
    PurgeAt: expect.any(String),
  });
  expect(Math.abs(Date.parse(entry.DeletedAt) - Date.now())).toBeLessThan(60_000);
  // When the server erases it for good: TRASH_RETENTION_DAYS after the deletion (30 by default).
  expect(Date.parse(entry.PurgeAt) - Date.parse(entry.DeletedAt)).toBe(RETENTION_DAYS * DAY);
  expect(configFromEnv({}, process.cwd()).app.trashRetentionDays).toBe(30);
  // One entry for the project and its gallery.
  expect((await trash()).filter((e) => e.Kind === 'gallery')).toEqual([]);

  expect(await call('POST', `/api/trash/${entry.Id}/restore`)).toEqual({ status: 200, json: { Result: true, Message: messages.trash.restored } });
  const after = await t.db.selectFrom('project').selectAll().where('id', '=', project.id).executeTakeFirstOrThrow();
  expect({ ...after, updated_at: 0 }).toEqual({ ...before, updated_at: 0 });
  expect(await t.db.selectFrom('project_media').selectAll().where('project_id', '=', project.id).orderBy('id').execute()).toEqual(gallery);
  const page = await t.call('GET', `/api/project/${project.id}`);
  expect(page.statusCode).toBe(200);
  expect(page.json<ProjectView>().Gallery?.length).toBe(gallery.length);
  expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain(`/project/${project.id}<`);

  // Restored once: the entry is gone, a second restore is refused in French and changes nothing.
  const again = await call('POST', `/api/trash/${entry.Id}/restore`);
  expect(again).toEqual({ status: 404, json: { Result: false, Message: messages.trash.gone(entry.Id) } });
});

test('a restore that can no longer be done as is is refused with what to do, and nothing is half-restored', async () => {
  const cat = (await call('POST', '/api/category/', { Id: 0, Name: 'Catégorie à effacer' })).json;
  expect(cat.Result).toBe(true);
  const category = (await t.call('GET', '/api/category/all/')).json<Category[]>().find((c) => c.Name === 'Catégorie à effacer') as Category;
  const image = (await t.db.selectFrom('image').select('name').where('deleted_at', 'is', null).where('poster', 'is', null).executeTakeFirstOrThrow()).name;
  expect((await call('POST', '/api/projecttype/', { Id: 0, CategoryId: category.Id, Name: 'Type à effacer', Description: 'Un type.', Image: image })).json.Result).toBe(true);
  const type = await t.db.selectFrom('project_type').selectAll().where('name', '=', 'Type à effacer').executeTakeFirstOrThrow();

  // The specification's refusal stays: a category that still holds types.
  expect((await call('DELETE', `/api/category/${category.Id}`)).json).toEqual({ Result: false, Message: messages.category.hasTypes(1) });
  expect((await call('DELETE', `/api/projecttype/${type.id}`)).json).toEqual({ Result: true, Message: messages.ok });
  expect((await call('DELETE', `/api/category/${category.Id}`)).json).toEqual({ Result: true, Message: messages.ok });

  // The type first: its category is in the trash.
  const typeEntry = await entryOf('projecttype', type.id);
  const before = await snapshot(t.db);
  expect((await call('POST', `/api/trash/${typeEntry.Id}/restore`)).json).toEqual({ Result: false, Message: messages.trash.categoryGone(category.Id) });
  expect(await snapshot(t.db)).toEqual(before);
  expect((await trash()).map((e) => e.Id)).toContain(typeEntry.Id);

  // The category's name was taken meanwhile.
  expect((await call('POST', '/api/category/', { Id: 0, Name: 'catégorie à effacer' })).json.Result).toBe(true);
  const categoryEntry = await entryOf('category', category.Id);
  expect((await call('POST', `/api/trash/${categoryEntry.Id}/restore`)).json).toEqual({ Result: false, Message: messages.trash.categoryNameTaken('Catégorie à effacer') });
  const taker = await t.db.selectFrom('category').select('id').where('name', '=', 'catégorie à effacer').executeTakeFirstOrThrow();
  expect((await call('DELETE', `/api/category/${taker.id}`)).json.Result).toBe(true);

  // Category, then type: both back, same ids and positions.
  expect((await call('POST', `/api/trash/${categoryEntry.Id}/restore`)).json.Result).toBe(true);
  expect((await call('POST', `/api/trash/${typeEntry.Id}/restore`)).json.Result).toBe(true);
  const back = await t.db.selectFrom('project_type').selectAll().where('id', '=', type.id).executeTakeFirstOrThrow();
  expect({ ...back, updated_at: 0 }).toEqual({ ...type, updated_at: 0 });
  expect((await t.call('GET', '/api/category/all/')).json<Category[]>().find((c) => c.Id === category.Id)?.Name).toBe('Catégorie à effacer');
});

test('an administrator comes back from the trash with no open session; one erased for good is gone', async () => {
  const pwd = md5hex('un-autre-mot-de-passe');
  expect((await call('POST', '/api/user/', { Id: 0, Email: 'second@exemple.ca', Pwd: pwd })).json.Result).toBe(true);
  const session = await t.login('second@exemple.ca', pwd);
  const id = (await t.db.selectFrom('app_user').select('id').where('email', '=', 'second@exemple.ca').executeTakeFirstOrThrow()).id;
  expect((await call('DELETE', `/api/user/${id}`)).json).toEqual({ Result: true, Message: messages.ok });
  const entry = await entryOf('user', id);
  expect(entry.Name).toBe('second@exemple.ca');
  expect((await call('POST', `/api/trash/${entry.Id}/restore`)).json.Result).toBe(true);
  // The old session stays closed; the password still works.
  expect((await t.call('GET', '/api/user/all/', { token: session.Token })).statusCode).toBe(401);
  expect((await t.call('POST', '/api/refreshtoken/', { token: session.RefreshToken })).json<{ Result: boolean }>().Result).toBe(false);
  await t.login('second@exemple.ca', pwd);
  // The last administrator is still refused as before.
  expect((await call('DELETE', `/api/user/${id}`)).json.Result).toBe(true);
  const again = await entryOf('user', id);
  expect(await call('DELETE', `/api/trash/${again.Id}`)).toEqual({ status: 200, json: { Result: true, Message: messages.trash.erased } });
  expect((await trash()).map((e) => e.Id)).not.toContain(again.Id);
  expect(await call('DELETE', `/api/trash/${again.Id}`)).toEqual({ status: 404, json: { Result: false, Message: messages.trash.gone(again.Id) } });
});

test('a gallery item and a sub-type link go to the trash and come back; bad ids are refused', async () => {
  const { project, gallery } = await projectWithGallery();
  const item = gallery[0] as (typeof gallery)[number];
  expect((await call('DELETE', `/api/project/${project.id}/gallery/${item.id}`)).json).toEqual({ Result: true, Message: messages.ok });
  const entry = await entryOf('gallery', item.id);
  expect((await call('POST', `/api/trash/${entry.Id}/restore`)).json.Result).toBe(true);
  expect(await t.db.selectFrom('project_media').selectAll().where('id', '=', item.id).executeTakeFirst()).toEqual(item);

  const [a, b] = await t.db.selectFrom('project_type').select('id').orderBy('id').limit(2).execute();
  const link = { SrcId: a?.id, DestId: b?.id };
  await call('POST', '/api/subtype/add/', link);
  expect((await call('POST', '/api/subtype/del/', link)).json).toEqual({ Result: true, Message: messages.ok });
  const linkEntry = await entryOf('subtype', `${a?.id}-${b?.id}`);
  expect((await call('POST', `/api/trash/${linkEntry.Id}/restore`)).json.Result).toBe(true);
  expect((await t.call('GET', `/api/subtype/${a?.id}`)).json<Array<{ Id: number }>>().map((x) => x.Id)).toContain(b?.id);

  expect((await t.call('POST', '/api/trash/abc/restore', { token })).statusCode).toBe(400);
  expect((await t.call('POST', '/api/trash/999999/restore', { token })).statusCode).toBe(404);
  expect((await t.call('GET', '/api/trash/')).statusCode).toBe(401);
});

test('two administrators at once: a restore racing another restore or a permanent deletion, one wins, the other is told', async () => {
  const ids: number[] = [];
  for (const name of ['Course un', 'Course deux']) {
    expect((await call('POST', '/api/category/', { Id: 0, Name: name })).json.Result).toBe(true);
    const id = (await t.db.selectFrom('category').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    expect((await call('DELETE', `/api/category/${id}`)).json.Result).toBe(true);
    ids.push(id);
  }
  const [one, two] = await Promise.all(ids.map((id) => entryOf('category', id)));
  const twice = await Promise.all([call('POST', `/api/trash/${one?.Id}/restore`), call('POST', `/api/trash/${one?.Id}/restore`)]);
  expect(twice.map((r) => r.status).sort()).toEqual([200, 404]);
  expect(twice.find((r) => r.status === 404)?.json).toEqual({ Result: false, Message: messages.trash.gone(one?.Id ?? 0) });
  const raced = await Promise.all([call('POST', `/api/trash/${two?.Id}/restore`), call('DELETE', `/api/trash/${two?.Id}`)]);
  expect(raced.map((r) => r.status).sort()).toEqual([200, 404]);
  // Consistent: the category is back exactly when the restore won.
  const back = await t.db.selectFrom('category').select('id').where('id', '=', ids[1] ?? 0).execute();
  expect(back.length).toBe(raced[0]?.status === 200 ? 1 : 0);
  expect((await trash()).map((e) => e.Id)).not.toContain(two?.Id);
});

test('a photo in the trash is not served; restored, it is served again under its name; purged after the retention, its files go and its name stays taken', async () => {
  const upload = await uploadImage(t, PIXEL, 'corbeille.png', { token });
  const name = upload.json<{ Name: string }>().Name;
  expect((await t.app.inject({ url: `/assets/images/${name}` })).statusCode).toBe(200);
  expect((await call('DELETE', `/api/image/${name}`)).json).toEqual({ Result: true, Message: messages.image.deleted });
  expect((await t.app.inject({ url: `/assets/images/${name}` })).statusCode).toBe(404);
  expect(existsSync(join(imagesDir(t), name))).toBe(true);

  const entry = await entryOf('image', name);
  expect(entry.Name).toBe(name);
  expect((await call('POST', `/api/trash/${entry.Id}/restore`)).json.Result).toBe(true);
  expect((await t.app.inject({ url: `/assets/images/${name}` })).statusCode).toBe(200);

  expect((await call('DELETE', `/api/image/${name}`)).json.Result).toBe(true);
  const second = await entryOf('image', name);
  // Still there an hour before its PurgeAt (TRASH_RETENTION_DAYS after), erased an hour after.
  const HOUR = 60 * 60 * 1000;
  clockOffset = Date.parse(second.PurgeAt) - HOUR - Date.now();
  token = (await t.login()).Token;
  expect((await t.app.services.purgeExpired()).trash).toBe(0);
  expect((await trash()).map((e) => e.Id)).toContain(second.Id);
  clockOffset += 2 * HOUR;
  token = (await t.login()).Token;
  expect((await t.app.services.purgeExpired()).trash).toBeGreaterThan(0);
  expect((await trash()).map((e) => e.Id)).not.toContain(second.Id);
  expect(existsSync(join(imagesDir(t), name))).toBe(false);
  expect((await t.db.selectFrom('image').select('deleted_at').where('name', '=', name).executeTakeFirstOrThrow()).deleted_at).not.toBeNull();
  expect(await call('POST', `/api/trash/${second.Id}/restore`)).toEqual({ status: 404, json: { Result: false, Message: messages.trash.gone(second.Id) } });
  // The same file again gets another name: a name is never given to other content.
  expect((await uploadImage(t, PIXEL, 'corbeille.png', { token })).json<{ Name: string }>().Name).not.toBe(name);
});
