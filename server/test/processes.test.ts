// Several server processes on one PostgreSQL database and one DATA_DIR behave as one server
// (issue 16): two real server processes (server/main.ts), started together on an empty database,
// then used alternately. Run by the jest project "server · PostgreSQL" only (jest.config.ts):
// SQLite is one process by design.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { md5hex } from '../auth/passwords.ts';
import { totpAt, TOTP_STEP_SECONDS } from '../auth/totp.ts';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '../../contract/api.ts';
import { SoftAuthenticator } from './softAuthenticator.ts';
import { createChanges } from '../db/changes.ts';
import { openDatabase } from '../db/database.ts';
import { demoCategories } from '../demo/content.ts';
import { databaseUrlFor, dropDatabaseFor, onPostgres } from './database.ts';
import { startMailCatcher, type MailCatcher } from './mailCatcher.ts';
import { call, EMAIL, login, PASSWORD, quoteToken, sendQuote, start, XSRF, type Server } from './serverProcess.ts';

jest.setTimeout(120_000);

let dataDir: string;
let smtp: MailCatcher;
let a: Server;
let b: Server;

beforeAll(async () => {
  if (!onPostgres) throw new Error('processes.test.ts runs on PostgreSQL only (jest project "server · PostgreSQL")');
  dataDir = mkdtempSync(join(tmpdir(), 'portfolio-processes-'));
  smtp = await startMailCatcher();
  const env = { SMTP_URL: smtp.url, MAIL_FROM: 'site@exemple.ca' };
  // Together, on an empty database: both migrate and seed, one of them does it.
  [a, b] = await Promise.all([start(dataDir, env), start(dataDir, env)]);
});

afterAll(async () => {
  for (const server of [a, b]) {
    server?.child.kill('SIGTERM');
    await server?.exited;
  }
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabaseFor(dataDir);
});

const names = (json: unknown) => (json as Array<{ Name: string }>).map((row) => row.Name);

test('started together on an empty database: migrated and seeded once (the demo categories once, one administrator)', async () => {
  const fromA = await call(a.base, 'GET', '/api/category/all/');
  const fromB = await call(b.base, 'GET', '/api/category/all/');
  expect(names(fromA.json)).toEqual(demoCategories.map((c) => c.name));
  expect(fromB.json).toEqual(fromA.json);
  const token = await login(b.base);
  expect((await call(a.base, 'GET', '/api/user/all/', token)).json).toEqual([{ Id: 1, Email: EMAIL, Pwd: '' }]);
});

test('a change through one process is served at once by the other, its cached answers and pages included', async () => {
  const token = await login(a.base);
  // B caches the list and the project's page first.
  expect(names((await call(b.base, 'GET', '/api/category/all/')).json)).not.toContain('Escaliers');
  const page = async () => (await fetch(`${b.base}/project/1`)).text();
  const before = await page();
  const project = (await call(a.base, 'GET', '/api/project/1')).json;

  expect((await call(a.base, 'POST', '/api/category/', token, { Id: 0, Name: 'Escaliers' })).json.Result).toBe(true);
  expect(names((await call(b.base, 'GET', '/api/category/all/')).json)).toContain('Escaliers');

  expect(before).not.toContain('Nouveau nom du projet');
  const renamed = { ...project, Name: 'Nouveau nom du projet' };
  delete (renamed as { Gallery?: unknown }).Gallery;
  delete (renamed as { Media?: unknown }).Media;
  const update = await call(a.base, 'PUT', '/api/project/1', token, renamed);
  expect(update.json.Result).toBe(true);
  expect(await page()).toContain('Nouveau nom du projet');
});

test('a process that has not heard of a write yet still serves no cache older than it: the read compares first', async () => {
  const databaseUrl = await databaseUrlFor(dataDir);
  const db = await openDatabase({ dataDir, databaseUrl });
  const quiet = { warn: () => {} };
  const writer = createChanges(db, databaseUrl, quiet);
  // A process whose notifications never come (its listening connection cannot be made).
  const deaf = createChanges(db, 'postgres://127.0.0.1:1/nowhere', quiet);
  let drops = 0;
  deaf.onChange(() => drops++);
  try {
    await deaf.fresh();
    const before = drops;
    await deaf.fresh();
    expect(drops).toBe(before); // nothing written: the cache stays
    await writer.publish();
    await deaf.fresh();
    expect(drops).toBe(before + 1);
    // Reads arriving together share one comparison, and each sees the write answered before it.
    await writer.publish();
    await Promise.all([deaf.fresh(), deaf.fresh(), deaf.fresh()]);
    expect(drops).toBe(before + 2);
  } finally {
    await Promise.all([writer.close(), deaf.close()]);
    await db.destroy();
  }
});

test('sign-in attempts are counted across processes: the sixth failure is refused on either', async () => {
  const attempt = (server: Server) => call(server.base, 'POST', '/api/login/', undefined, { Email: 'inconnu@exemple.ca', Pwd: md5hex('faux') });
  for (let i = 0; i < 5; i++) expect((await attempt(i % 2 === 0 ? a : b)).status).toBe(200);
  expect((await attempt(a)).status).toBe(429);
  expect((await attempt(b)).status).toBe(429);
});

test('refresh tokens: a rotation through one process is known to the other; a reuse there ends the session everywhere', async () => {
  const first = (await call(a.base, 'POST', '/api/login/', undefined, { Email: EMAIL, Pwd: md5hex(PASSWORD) })).json;
  const rotate = (server: Server, refresh: unknown) => call(server.base, 'POST', '/api/refreshtoken/', String(refresh));
  const second = await rotate(a, first.RefreshToken);
  expect(second.status).toBe(200);
  const third = await rotate(b, second.json.RefreshToken); // the successor, used through the other process
  expect(third.status).toBe(200);
  // The first token again: its successor is already used, so this is a theft: the family ends.
  expect((await rotate(b, first.RefreshToken)).status).toBe(401);
  expect((await rotate(a, third.json.RefreshToken)).status).toBe(401);
  expect((await call(a.base, 'GET', '/api/user/all/', String(third.json.Token))).status).toBe(401);
});

test('the last administrator: two deletions at once through the two processes leave one administrator', async () => {
  const token = await login(a.base);
  expect((await call(a.base, 'POST', '/api/user/', token, { Id: 0, Email: 'second@exemple.ca', Pwd: md5hex('motdepasse-2') })).json.Result).toBe(true);
  const users = (await call(b.base, 'GET', '/api/user/all/', token)).json as Array<{ Id: number }>;
  expect(users).toHaveLength(2);
  const [one, two] = await Promise.all([
    call(a.base, 'DELETE', `/api/user/${users[0]?.Id}`, token),
    call(b.base, 'DELETE', `/api/user/${users[1]?.Id}`, token),
  ]);
  expect([one.json.Result, two.json.Result].sort()).toEqual([false, true]);
  const db = await openDatabase({ dataDir, databaseUrl: await databaseUrlFor(dataDir) });
  try {
    expect(await db.selectFrom('app_user').select('email').execute()).toHaveLength(1);
  } finally {
    await db.destroy();
  }
});

/** Signs in as whichever administrator is left. */
async function adminToken(): Promise<string> {
  const second = await call(a.base, 'POST', '/api/login/', undefined, { Email: 'second@exemple.ca', Pwd: md5hex('motdepasse-2') });
  return second.json.Result === true ? String(second.json.Token) : login(a.base);
}

test('uploads of one name through both processes at once: two names, both files served by both; a deletion through one is seen by both', async () => {
  const token = await adminToken();
  const photo = async (shade: number) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 90, b: 40 } } }).jpeg().toBuffer();
  const upload = async (server: Server, data: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'meme-nom.jpg');
    const res = await fetch(`${server.base}/api/image/`, {
      method: 'POST',
      headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, authorization: `Bearer ${token}` },
      body: form,
    });
    return (await res.json()) as { Result: boolean; Name: string };
  };
  const [one, two] = await Promise.all([upload(a, await photo(10)), upload(b, await photo(200))]);
  expect(one.Result && two.Result).toBe(true);
  expect(one.Name).not.toBe(two.Name);
  for (const server of [a, b]) {
    for (const name of [one.Name, two.Name]) expect((await fetch(`${server.base}/assets/images/${name}`)).status).toBe(200);
  }
  const library = names((await call(b.base, 'GET', '/api/image/all/', token)).json);
  expect(library).toEqual(expect.arrayContaining([one.Name, two.Name]));
  // Deleted through one process, served by neither (the other had served it, and remembered it).
  expect((await call(a.base, 'DELETE', `/api/image/${one.Name}`, token)).json).toMatchObject({ Result: true });
  for (const server of [a, b]) expect((await fetch(`${server.base}/assets/images/${one.Name}`)).status).toBe(404);
});

test('quote requests through both processes: each e-mail is sent once, by one process', async () => {
  const [tokenA, tokenB] = await Promise.all([quoteToken(a.base), quoteToken(b.base)]);
  await Promise.all([sendQuote(a.base, 'Client par A', tokenA, '10.1.1.1'), sendQuote(b.base, 'Client par B', tokenB, '10.1.1.2')]);
  const received = await smtp.waitFor(2);
  await new Promise((resolve) => setTimeout(resolve, 1000)); // a second sending would come now
  expect(smtp.received).toHaveLength(2);
  expect(received.map((m) => m.mail.subject).sort()).toEqual([
    'Demande de soumission : Client par A (Autre)',
    'Demande de soumission : Client par B (Autre)',
  ]);
});

test('an authenticator code used through one process is refused through the other (issue 29)', async () => {
  const from = { 'x-forwarded-for': '10.29.9.9' }; // its own sign-in limits
  const post = async (server: Server, path: string, body: unknown, token?: string) => {
    const res = await fetch(server.base + path, {
      method: 'POST',
      headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'application/json', ...from, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const del = async (server: Server, path: string, body: unknown, token: string) => {
    const res = await fetch(server.base + path, {
      method: 'DELETE',
      headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'application/json', ...from, authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  // Whichever administrator the test of the last administrator left.
  const token = await adminToken();
  const users = (await call(a.base, 'GET', '/api/user/all/', token)).json as Array<{ Email: string }>;
  const email = users[0]?.Email;
  const { Secret } = await post(a, '/api/account/totp/', {}, token);
  const confirmed = await post(b, '/api/account/totp/confirm', { Code: totpAt(String(Secret), Date.now()) }, token);
  expect(confirmed.Result).toBe(true);
  // The next step's code (one step of drift is accepted): a step the confirmation did not use.
  const code = totpAt(String(Secret), Date.now() + TOTP_STEP_SECONDS * 1000);
  const password = { Email: email, Pwd: email === EMAIL ? md5hex(PASSWORD) : md5hex('motdepasse-2') };
  const first = await post(a, '/api/login/', password);
  expect((await post(a, '/api/login/totp/', { Challenge: first.Challenge, Code: code })).Result).toBe(true);
  const second = await post(b, '/api/login/', password);
  expect(second.SecondFactor).toEqual(['totp', 'recovery']);
  expect(await post(b, '/api/login/totp/', { Challenge: second.Challenge, Code: code })).toEqual({ Result: false, Token: '', RefreshToken: '' });
  // The codes off again (with a recovery code), so the next tests sign in with the password alone.
  expect((await del(a, '/api/account/totp/', { Code: (confirmed.RecoveryCodes as string[])[0] }, token)).Result).toBe(true);
});

test('a passkey challenge issued by one process is answered through the other, once (issue 29)', async () => {
  // The site as http://localhost (a relying party is a host name), through the proxy TRUST_PROXY names.
  const site = { 'x-forwarded-for': '10.29.9.10', 'x-forwarded-host': 'localhost', 'x-forwarded-proto': 'http' };
  const send = async (server: Server, method: string, path: string, body: unknown, token?: string) => {
    const res = await fetch(server.base + path, {
      method,
      headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'application/json', ...site, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const token = await adminToken();
  const phone = new SoftAuthenticator();
  const registration = (await send(a, 'POST', '/api/account/passkey/options', {}, token)).Options as PasskeyCreationOptions;
  expect(registration.rp.id).toBe('localhost');
  const added = await send(b, 'POST', '/api/account/passkey/', { Name: 'iPhone de Marc', Credential: phone.create(registration, { origin: 'http://localhost' }) }, token);
  expect(added).toMatchObject({ Result: true, RecoveryCodes: expect.arrayContaining([expect.any(String)]) });

  const options = (await send(b, 'POST', '/api/login/passkey/options', { Challenge: null })).Options as PasskeyRequestOptions;
  const assertion = phone.get(options, { origin: 'http://localhost' });
  expect(await send(a, 'POST', '/api/login/passkey/', assertion)).toMatchObject({ Result: true, Token: expect.any(String) });
  expect(await send(b, 'POST', '/api/login/passkey/', assertion)).toEqual({ Result: false, Token: '', RefreshToken: '' });

  // Removed again (with a recovery code), so the next tests sign in with the password alone.
  const [passkey] = (await call(b.base, 'GET', '/api/account/security', token)).json.Passkeys as Array<{ Id: number }>;
  expect(await send(a, 'DELETE', `/api/account/passkey/${passkey?.Id}`, { Code: (added.RecoveryCodes as string[])[0] }, token)).toMatchObject({ Result: true });
});

test('visit statistics: views through both processes count into the same totals, and one visitor seen by both is one visitor (the day’s key is shared)', async () => {
  const token = await adminToken();
  const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const beacon = (server: Server, path: string, from: string) =>
    fetch(`${server.base}/api/stats/view`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': ua, 'x-forwarded-for': from },
      body: JSON.stringify({ Path: path, Referrer: '' }),
    });
  // Around today, whatever the servers' clock says (the test moved it a few seconds).
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const totals = async () => {
    const res = await call(a.base, 'GET', `/api/stats/?from=${day(-2)}&to=${day(2)}`, token);
    return { views: Number(res.json.Views), visitors: Number(res.json.Visitors) };
  };
  const before = await totals();
  const sent = await Promise.all([beacon(a, '/welcome', '10.9.0.1'), beacon(b, '/about', '10.9.0.1'), beacon(b, '/contact', '10.9.0.2'), beacon(a, '/en/welcome', '10.9.0.3')]);
  expect(sent.map((res) => res.status)).toEqual([204, 204, 204, 204]);
  // Each process writes its views within a second: wait for them (a condition, not a fixed time).
  let now = await totals();
  for (let tries = 0; now.views < before.views + 4 && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = await totals();
  }
  expect(now).toEqual({ views: before.views + 4, visitors: before.visitors + 3 });
});
