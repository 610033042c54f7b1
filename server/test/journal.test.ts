// The journal (issue 28): one entry per write through the API, in the write's transaction (a write
// whose entry cannot be written does not happen), refusals included; read newest first, filtered
// and paged; kept AUDIT_RETENTION_DAYS; never a password, a token, a hash.
import type { JournalPage, MutationResult } from '../../contract/api.ts';
import { md5hex } from '../auth/passwords.ts';
import { messages } from '../domain/messages.ts';
import { withJournalFailing } from './database.ts';
import { ADMIN_EMAIL, ADMIN_PWD, build, type TestApp } from './helper.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let token: string;
let clockOffset = 0;
/** The administrator's password (the second test changes it). */
let password = ADMIN_PWD;
beforeAll(async () => {
  t = await build({ config: { now: () => Date.now() + clockOffset } });
  token = (await t.login()).Token;
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  (await t.call(method, url, { token, ...(body === undefined ? {} : { body }) })).json<MutationResult>();
const journal = async (query = '') => (await t.call('GET', `/api/journal/${query}`, { token })).json<JournalPage>();

test('each write is logged with who, what, which record and its outcome, refusals included', async () => {
  expect((await call('POST', '/api/category/', { Id: 0, Name: 'Escaliers' })).Result).toBe(true);
  const id = (await t.db.selectFrom('category').select('id').where('name', '=', 'Escaliers').executeTakeFirstOrThrow()).id;
  expect(await call('POST', '/api/category/', { Id: 0, Name: 'escaliers' })).toEqual({ Result: false, Message: messages.category.duplicate('escaliers') });
  expect((await call('DELETE', `/api/category/${id}`)).Result).toBe(true);
  const missing = await t.call('DELETE', '/api/category/999999', { token });
  expect(missing.statusCode).toBe(404);
  const entry = (await t.call('GET', '/api/trash/', { token })).json<Array<{ Id: number; RecordId: string }>>().find((e) => e.RecordId === String(id));
  expect((await call('POST', `/api/trash/${entry?.Id}/restore`)).Result).toBe(true);

  const { Entries } = await journal();
  const pick = (e: JournalPage['Entries'][number]) => [e.By, e.Action, e.Kind, e.RecordId, e.Name, e.Outcome, e.Message];
  expect(Entries.slice(0, 5).map(pick)).toEqual([
    [ADMIN_EMAIL, 'restore', 'category', String(id), 'Escaliers', 'done', messages.trash.restored],
    [ADMIN_EMAIL, 'delete', 'category', '999999', '', 'refused', messages.notFound.category(999999)],
    [ADMIN_EMAIL, 'delete', 'category', String(id), 'Escaliers', 'done', messages.ok],
    [ADMIN_EMAIL, 'add', 'category', '', '', 'refused', messages.category.duplicate('escaliers')],
    [ADMIN_EMAIL, 'add', 'category', String(id), 'Escaliers', 'done', messages.ok],
  ]);
  expect(Date.parse(Entries[0]?.At ?? '')).toBeGreaterThan(Date.now() - 60_000);
});

test('sign-in, failed sign-in, sign-out and a password change are logged, never a password, a token or a hash', async () => {
  const wrong = md5hex('pas-le-bon');
  expect((await t.call('POST', '/api/login/', { body: { Email: ADMIN_EMAIL, Pwd: wrong } })).json<{ Result: boolean }>().Result).toBe(false);
  // A typed e-mail that is no administrator's (it may be a password typed in the wrong field) is not kept.
  await t.call('POST', '/api/login/', { body: { Email: 'motdepasse-secret', Pwd: wrong } });
  const session = await t.login();
  await t.call('POST', '/api/logout/', { token: session.RefreshToken });
  const userId = (await t.db.selectFrom('app_user').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()).id;
  const newPwd = md5hex('un-nouveau-mot-de-passe');
  expect((await call('PUT', `/api/user/${userId}`, { Id: userId, Email: ADMIN_EMAIL, Pwd: newPwd })).Result).toBe(true);
  password = newPwd;
  token = (await t.login(ADMIN_EMAIL, newPwd)).Token;

  const { Entries } = await journal('?kind=session');
  expect(Entries.slice(0, 4).map((e) => [e.By, e.Action, e.Outcome])).toEqual([
    [ADMIN_EMAIL, 'sign-in', 'done'],
    [ADMIN_EMAIL, 'sign-out', 'done'],
    [ADMIN_EMAIL, 'sign-in', 'done'],
    ['', 'sign-in', 'refused'],
  ]);
  expect(Entries[4]).toMatchObject({ By: ADMIN_EMAIL, Action: 'sign-in', Outcome: 'refused', Message: messages.journal.signInRefused });
  expect((await journal('?kind=user')).Entries[0]).toMatchObject({ By: ADMIN_EMAIL, Action: 'password', RecordId: String(userId), Name: ADMIN_EMAIL, Outcome: 'done' });

  const stored = JSON.stringify(await t.db.selectFrom('journal').selectAll().execute());
  for (const secret of [wrong, newPwd, ADMIN_PWD, 'motdepasse-secret', session.Token, session.RefreshToken, 'scrypt$']) expect(stored).not.toContain(secret);
  const hash = (await t.db.selectFrom('app_user').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash;
  expect(stored).not.toContain(hash);
});

test('filtered by administrator, kind and period, newest first, 50 a page', async () => {
  for (let i = 0; i < 55; i++) await call('POST', '/api/category/', { Id: 0, Name: 'Escaliers' });
  const first = await journal('?kind=category');
  expect(first.Entries).toHaveLength(50);
  expect(first.Total).toBeGreaterThanOrEqual(60);
  expect(first.Pages).toBe(Math.ceil(first.Total / 50));
  const second = await journal('?kind=category&page=2');
  expect(second.Page).toBe(2);
  expect(Date.parse(second.Entries[0]?.At ?? '')).toBeLessThanOrEqual(Date.parse(first.Entries.at(-1)?.At ?? ''));
  expect((await journal('?by=personne@exemple.ca')).Total).toBe(0);
  expect((await journal(`?by=${encodeURIComponent(ADMIN_EMAIL)}&kind=project`)).Total).toBe(0);
  const today = new Date(Date.now()).toISOString().slice(0, 10);
  expect((await journal(`?from=${today}&to=${today}`)).Total).toBe((await journal()).Total);
  expect((await journal('?to=2000-01-01')).Total).toBe(0);
  expect((await t.call('GET', '/api/journal/?from=2024-13-01', { token })).statusCode).toBe(400);
  expect((await t.call('GET', '/api/journal/')).statusCode).toBe(401);
});

test('a write whose journal entry cannot be written does not happen', async () => {
  await withJournalFailing(t.db, async () => {
    const res = await t.call('POST', '/api/category/', { token, body: { Id: 0, Name: 'Jamais écrite' } });
    expect(res.statusCode).toBe(500);
    expect(await t.db.selectFrom('category').select('id').where('name', '=', 'Jamais écrite').execute()).toEqual([]);
  });
});

test('entries older than AUDIT_RETENTION_DAYS are erased', async () => {
  const total = (await journal()).Total;
  expect(total).toBeGreaterThan(0);
  clockOffset += 364 * DAY;
  expect((await t.app.services.purgeExpired()).journal).toBe(0);
  clockOffset += 2 * DAY;
  expect((await t.app.services.purgeExpired()).journal).toBe(total);
  token = (await t.login(ADMIN_EMAIL, password)).Token;
  expect((await journal()).Entries.map((e) => e.Action)).toEqual(['sign-in']);
});
