// The administrator's session over time, against `npm start` with token lifetimes of 10 and 30
// minutes (ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL) and a server clock the test moves past them, never
// waiting for them (real lifetimes of 2 and 6 s made every slow step race the clock: an access token
// that expired before the step that was to expire it failed the test): an expired access token is renewed without
// the person noticing, for a list and for a save; a session that has ended (refresh token
// expired, signed out in another tab, password reset from the shell) lands on admin/login with
// nothing of the old session left, and signing in again lets the administrator go on.
// The network is recorded: the deliberate 401s are asserted one by one, nothing else may fail.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { openPage } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, root, type RunningServer } from './support/server.ts';
import { signIn, submitSignIn } from './support/signIn.ts';
import { startSite, stopSite, SUCCESS } from './support/site.ts';

const ACCESS_TTL = 600;
const REFRESH_TTL = 1800;

let server: RunningServer;
let browser: Browser;

before(
  async () =>
    ({ server, browser } = await startSite(
      { ACCESS_TOKEN_TTL: String(ACCESS_TTL), REFRESH_TOKEN_TTL: String(REFRESH_TTL) },
      { clock: true },
    )),
);
after(() => stopSite({ server, browser }));


interface Admin {
  page: Page;
  /** Every /api call answered: 'METHOD /path status'. */
  api: string[];
  problems: string[];
  /** Dialogs seen (none is expected). */
  dialogs: string[];
}

async function openAdmin(): Promise<Admin> {
  const { page, problems } = await openPage(browser);
  page.setDefaultTimeout(10_000);
  const api: string[] = [];
  const dialogs: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    // A record's history (issue 28), read below the editor, is no part of a session's calls.
    if (url.pathname.startsWith('/api/history/') && response.ok()) return;
    if (url.pathname.startsWith('/api/')) api.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, api, problems, dialogs };
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

const tokens = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('token'), refresh: localStorage.getItem('refresh-token') }));

/** iat and exp (seconds) of the stored access token. */
async function accessClaims(page: Page): Promise<{ iat: number; exp: number }> {
  const { token } = await tokens(page);
  assert.ok(token, 'an access token is stored');
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { iat: number; exp: number };
  assert.equal(payload.exp - payload.iat, ACCESS_TTL, 'the server honours ACCESS_TOKEN_TTL');
  return payload;
}

/** Moves the server's clock past the stored access token's lifetime (it is checked first). */
async function letAccessTokenExpire(page: Page) {
  await accessClaims(page);
  await server.advanceClock((ACCESS_TTL + 1) * 1000);
}

/** Moves the server's clock past the lifetime of the refresh token issued with the stored access token. */
async function letSessionExpire(page: Page) {
  await accessClaims(page);
  await server.advanceClock((REFRESH_TTL + 1) * 1000);
}

/**
 * The problems the page recorded are exactly the 401s of `paths` (each one seen as an HTTP
 * answer and as Chromium's console line about a failed resource), then forgets them.
 */
async function expectOnly401s(admin: Admin, paths: string[]) {
  const expected = paths
    .flatMap((path) => [
      `HTTP 401: ${server.origin}${path}`,
      'console: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
    ])
    .sort();
  // The console line may arrive a moment after the answer: give it a second.
  for (let tries = 0; tries < 20 && admin.problems.length < expected.length; tries++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.deepEqual([...admin.problems].sort(), expected);
  admin.problems.length = 0;
}

/** The admin is on the login page of a session that is over: no token, empty form, no message. */
async function expectCleanLoginPage(page: Page) {
  await page.waitForURL('**/admin/login');
  await page.getByRole('heading', { name: 'Connexion' }).waitFor();
  assert.deepEqual(await tokens(page), { token: null, refresh: null });
  assert.equal(await page.getByLabel('Usager').inputValue(), '');
  assert.equal(await page.getByLabel('Mot-de-passe').inputValue(), '');
  assert.equal(await page.getByRole('alert').count(), 0, 'no message on the login page');
}

let admin: Admin;

/**
 * Once the access token has expired, the next call of a session that has ended elsewhere (signed
 * out in another tab, password reset) lands on a clean login page: its refresh is refused.
 */
async function expectEndedOnNextCall() {
  const { page, api } = admin;
  await letAccessTokenExpire(page);
  const from = api.length;
  await page.getByRole('link', { name: 'Usagers' }).click();
  await expectCleanLoginPage(page);
  assert.deepEqual(api.slice(from), ['GET /api/user/all/ 401', 'POST /api/refreshtoken/ 401']);
  await expectOnly401s(admin, ['/api/user/all/', '/api/refreshtoken/']);
}

test('an expired access token is renewed unnoticed when a list loads', async () => {
  admin = await openAdmin();
  const { page, api } = admin;
  await signIn(page, server.origin);
  const before = await tokens(page);
  await letAccessTokenExpire(page);

  const from = api.length;
  await page.getByRole('link', { name: 'Usagers' }).click();
  await page.getByText('Usager: 1 de : 1').waitFor();
  assert.equal(await page.getByLabel("Nom d'usager (courriel)").inputValue(), ADMIN_EMAIL);
  assert.deepEqual(api.slice(from), ['GET /api/user/all/ 401', 'POST /api/refreshtoken/ 200', 'GET /api/user/all/ 200']);
  assert.ok(page.url().endsWith('/admin/user'), 'still on the user editor');
  assert.equal(await page.getByRole('alert').count(), 0, 'no error shown');
  const after = await tokens(page);
  assert.ok(after.token && after.token !== before.token, 'a new access token is stored');
  assert.ok(after.refresh && after.refresh !== before.refresh, 'the refresh token is rotated');
  await expectOnly401s(admin, ['/api/user/all/']);
});

test('an expired access token is renewed unnoticed when a record is saved', async () => {
  const { page, api } = admin;
  await page.goto(`${server.origin}/admin/category`); // a reload: the session comes from storage
  const counter = page.locator('output.admin-counter');
  await counter.waitFor();
  const total = Number(/de : (\d+)$/.exec((await counter.textContent()) ?? '')?.[1]);
  await button(page, 'Nouveau').click();
  await page.getByLabel('Nom', { exact: true }).fill('Escaliers');
  await letAccessTokenExpire(page);

  const from = api.length;
  await button(page, 'Ajouter').click();
  await page.getByText(SUCCESS).waitFor();
  await page.getByText(`Projet: ${total + 1} de : ${total + 1}`).waitFor();
  assert.equal(await page.getByLabel('Nom', { exact: true }).inputValue(), 'Escaliers');
  assert.deepEqual(api.slice(from), [
    'POST /api/category/ 401',
    'POST /api/refreshtoken/ 200',
    'POST /api/category/ 200',
    'GET /api/category/all/ 200',
  ]);
  assert.ok(page.url().endsWith('/admin/category'));
  assert.equal(await page.getByRole('alert').count(), 0);
  await expectOnly401s(admin, ['/api/category/']);
});

test('an expired session lands on a clean login page; signing in again, the admin goes on', async () => {
  const { page, api } = admin;
  await letSessionExpire(page);

  const from = api.length;
  await page.goto(`${server.origin}/admin/user`);
  await expectCleanLoginPage(page);
  assert.deepEqual(api.slice(from).filter((call) => !call.startsWith('GET /api/menu')), [
    'GET /api/user/all/ 401',
    'POST /api/refreshtoken/ 401',
  ]);
  await expectOnly401s(admin, ['/api/user/all/', '/api/refreshtoken/']);

  await signIn(page, server.origin);
  const again = api.length;
  await page.getByRole('link', { name: 'Usagers' }).click();
  await page.getByText('Usager: 1 de : 1').waitFor();
  // The admin menu reads the unread quote requests' count on the way (GET /api/quote/all/).
  assert.deepEqual(api.slice(again).filter((call) => !call.startsWith('GET /api/quote/all/')), ['GET /api/user/all/ 200']);
});

test('an expired session during an update lands on the login page; the record is unchanged', async () => {
  const { page, api } = admin;
  await page.goto(`${server.origin}/admin/category`);
  await page.locator('output.admin-counter').waitFor();
  await button(page, 'Dernier').click();
  await button(page, 'Mettre à jour').click();
  await page.getByLabel('Nom', { exact: true }).fill('Escaliers et rampes');
  await letSessionExpire(page);

  const from = api.length;
  await button(page, 'Accepter').click();
  await expectCleanLoginPage(page);
  const [put, ...rest] = api.slice(from);
  const id = /^PUT \/api\/category\/(\d+) 401$/.exec(put ?? '')?.[1];
  assert.ok(id, `a refused PUT, not ${put}`);
  assert.deepEqual(rest, ['POST /api/refreshtoken/ 401']);
  await expectOnly401s(admin, [`/api/category/${id}`, '/api/refreshtoken/']);
  // The change was not saved; signing in again shows the record as it was.
  await signIn(page, server.origin);
  await page.goto(`${server.origin}/admin/category`);
  await button(page, 'Dernier').click();
  assert.equal(await page.getByLabel('Nom', { exact: true }).inputValue(), 'Escaliers');
});

test('signed out in another tab: this tab’s next call lands on the login page', async () => {
  const { page } = admin;
  await page.goto(`${server.origin}/admin`);
  // The shared access token has expired (the server's clock moved past it): the other tab renews
  // it unnoticed before it shows the menu, always.
  await letAccessTokenExpire(page);
  const session = await tokens(page);

  // A second tab of the same browser profile shares the tokens and signs out.
  const other = await openAdmin();
  await other.page.goto(`${server.origin}/admin/login`);
  await other.page.evaluate(({ token, refresh }) => {
    localStorage.setItem('token', token ?? '');
    localStorage.setItem('refresh-token', refresh ?? '');
  }, session);
  // The admin menu renews the token for its unread count; the tab signs out once that is done
  // (a click while the renewal is on its way would race it).
  const unread = other.page.waitForResponse(
    (response) => response.url().endsWith('/api/quote/all/') && response.status() === 200,
  );
  await other.page.goto(`${server.origin}/admin`);
  await unread;
  await button(other.page, 'Quitter Admin').click();
  await other.page.waitForURL('**/admin/login');
  assert.deepEqual(other.api, ['GET /api/quote/all/ 401', 'POST /api/refreshtoken/ 200', 'GET /api/quote/all/ 200', 'POST /api/logout/ 200']);
  // The renewal's 401 is the only failed call the browser saw.
  assert.deepEqual(other.problems, [
    `HTTP 401: ${server.origin}/api/quote/all/`,
    'console: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
  ]);
  await other.page.context().close();

  await expectEndedOnNextCall();
});

test('a password reset from the shell ends the session; the new password signs in', async () => {
  const { page } = admin;
  await signIn(page, server.origin);
  const reset = spawnSync(process.execPath, ['server/admin.ts', 'reset-password', ADMIN_EMAIL], {
    cwd: root,
    env: { ...process.env, DATA_DIR: server.dataDir, ADMIN_PASSWORD: 'Noyer-huilé-2027' },
    encoding: 'utf8',
  });
  assert.equal(reset.status, 0, reset.stderr);
  assert.match(reset.stdout, /ses sessions sont fermées/);

  await expectEndedOnNextCall();

  await submitSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByText('Usager ou Mot-de-passe incorrect').waitFor();
  await signIn(page, server.origin, { password: 'Noyer-huilé-2027' });
  await page.getByRole('link', { name: 'Usagers' }).click();
  await page.getByText('Usager: 1 de : 1').waitFor();
});

test('no dialog, no console error, no exception and no other HTTP error along the way', () => {
  assert.deepEqual(admin.dialogs, []);
  assert.deepEqual(admin.problems, []);
});
