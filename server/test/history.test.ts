// The versions of a record (issue 28): each successful update keeps the state it replaced (when,
// by whom, the fields that changed); restoring a version is an ordinary update, recorded and
// refused like one.
import type { HistoryVersion, MutationResult, SiteSettings } from '../../contract/api.ts';
import { messages } from '../domain/messages.ts';
import { ADMIN_EMAIL, build, type TestApp } from './helper.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await build();
  token = (await t.login()).Token;
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
  const res = await t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  return { status: res.statusCode, json: res.json<MutationResult>() };
};
const history = async (kind: string, id: string | number) => (await t.call('GET', `/api/history/${kind}/${id}`, { token })).json<HistoryVersion[]>();

test('a description changed twice, then its first version restored from the history', async () => {
  const row = await t.db.selectFrom('project').selectAll().orderBy('id').executeTakeFirstOrThrow();
  const body = (Description: string) => ({ Id: row.id, ProjectTypeId: row.project_type_id, Name: row.name, Description, Image: row.image });
  expect((await call('PUT', `/api/project/${row.id}`, body('Première nouvelle description.'))).json.Result).toBe(true);
  expect((await call('PUT', `/api/project/${row.id}`, body('Deuxième nouvelle description.'))).json.Result).toBe(true);
  // An update that changes nothing keeps no version.
  expect((await call('PUT', `/api/project/${row.id}`, body('Deuxième nouvelle description.'))).json.Result).toBe(true);

  const versions = await history('project', row.id);
  expect(versions.map((v) => [v.Version, v.By, v.Changes])).toEqual([
    [2, ADMIN_EMAIL, [{ Field: 'Description', Old: 'Première nouvelle description.', New: 'Deuxième nouvelle description.' }]],
    [1, ADMIN_EMAIL, [{ Field: 'Description', Old: row.description, New: 'Première nouvelle description.' }]],
  ]);
  expect(Date.parse(versions[0]?.At ?? '')).toBeGreaterThan(Date.now() - 60_000);

  expect(await call('POST', `/api/history/project/${row.id}/1/restore`)).toEqual({ status: 200, json: { Result: true, Message: messages.ok } });
  const back = await t.db.selectFrom('project').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  expect({ ...back, updated_at: 0 }).toEqual({ ...row, updated_at: 0 });
  // The restore is an update of its own: recorded.
  expect((await history('project', row.id)).map((v) => [v.Version, v.Changes[0]?.New])).toEqual([
    [3, row.description],
    [2, 'Deuxième nouvelle description.'],
    [1, 'Première nouvelle description.'],
  ]);
  const journal = (await t.call('GET', '/api/journal/?kind=project', { token })).json<{ Entries: Array<{ Action: string; RecordId: string }> }>();
  expect(journal.Entries[0]).toMatchObject({ Action: 'restore-version', RecordId: String(row.id) });
});

test('a version that no longer holds is refused like any update; one that does not exist is a 404', async () => {
  expect((await call('POST', '/api/category/', { Id: 0, Name: 'Ancien nom' })).json.Result).toBe(true);
  const id = (await t.db.selectFrom('category').select('id').where('name', '=', 'Ancien nom').executeTakeFirstOrThrow()).id;
  expect((await call('PUT', `/api/category/${id}`, { Id: id, Name: 'Nouveau nom' })).json.Result).toBe(true);
  expect((await call('POST', '/api/category/', { Id: 0, Name: 'Ancien nom' })).json.Result).toBe(true);
  expect((await call('POST', `/api/history/category/${id}/1/restore`)).json).toEqual({ Result: false, Message: messages.category.duplicate('Ancien nom') });
  expect((await history('category', id))).toHaveLength(1);
  expect(await call('POST', `/api/history/category/${id}/9/restore`)).toEqual({ status: 404, json: { Result: false, Message: messages.history.noVersion(9) } });
  expect((await t.call('POST', `/api/history/user/${id}/1/restore`, { token })).statusCode).toBe(400);
  expect((await t.call('GET', `/api/history/category/abc`, { token })).statusCode).toBe(400);
});

test('the site settings keep their versions too', async () => {
  const site = (await t.call('GET', '/api/site')).json<SiteSettings>();
  expect((await call('PUT', '/api/site', { ...site, BusinessName: 'Atelier renommé' })).json.Result).toBe(true);
  const [version] = await history('site', 'site');
  expect(version?.Changes).toEqual([{ Field: 'BusinessName', Old: site.BusinessName, New: 'Atelier renommé' }]);
  expect((await call('POST', '/api/history/site/site/1/restore')).json.Result).toBe(true);
  expect((await t.call('GET', '/api/site')).json<SiteSettings>().BusinessName).toBe(site.BusinessName);
});
