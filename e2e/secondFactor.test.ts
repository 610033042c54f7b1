// Issue 29, tried as a new administrator would in Chromium against `npm start`'s server: turn on an
// authenticator app's codes in « Sécurité du compte » (the test computes the codes the app would
// show, from the secret the screen shows as text), sign out, sign in with the password then a
// code; a recovery code signs in once, the second time it is refused; `npm run admin -- reset-2fa`
// from the shell, and the password alone signs in again.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { totpAt } from '../server/auth/totp.ts';
import { openPage } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, root, type RunningServer } from './support/server.ts';
import { signIn, submitSignIn } from './support/signIn.ts';
import { startSite, stopSite } from './support/site.ts';

let server: RunningServer;
let browser: Browser;

before(async () => ({ server, browser } = await startSite()));
after(() => stopSite({ server, browser }));

async function signOut(page: Page): Promise<void> {
  await page.goto(`${server.origin}/admin`);
  await page.getByRole('button', { name: 'Quitter Admin', exact: true }).click();
  await page.waitForURL('**/admin/login');
}

/** The password, then the second step with `code` (the app's, or a recovery code). */
async function signInWith(page: Page, code: string, recovery = false): Promise<void> {
  await submitSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByLabel('Code de l’application').waitFor();
  if (recovery) await page.getByRole('button', { name: 'Utiliser un code de récupération' }).click();
  await page.getByLabel(recovery ? 'Code de récupération' : 'Code de l’application').fill(code);
  await page.getByRole('button', { name: 'Valider' }).click();
}

test('codes of an app: set up, then password and code; a recovery code once, not twice; reset-2fa from the shell', async () => {
  const { page, problems } = await openPage(browser);
  page.setDefaultTimeout(15_000);
  await signIn(page, server.origin);
  await page.getByRole('link', { name: 'Sécurité du compte' }).click();
  await page.getByRole('button', { name: 'Activer les codes d’une application' }).click();
  await page.getByRole('img', { name: 'Code QR à lire avec l’application d’authentification' }).waitFor();
  const secret = ((await page.locator('code.admin-secret').textContent()) ?? '').replace(/\s/g, '');
  assert.match(secret, /^[A-Z2-7]{32}$/);
  await page.getByLabel('Code à 6 chiffres affiché par l’application').fill(totpAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Activer', exact: true }).click();
  const list = page.getByRole('list', { name: 'Codes de récupération' });
  await list.waitFor();
  const codes = await list.getByRole('listitem').allTextContents();
  assert.equal(codes.length, 10);
  await page.getByText('Activés : à chaque connexion').waitFor();

  await signOut(page);
  // The next step's code: one step of drift is accepted, and the confirmation used this step's.
  await signInWith(page, totpAt(secret, Date.now() + 30_000));
  await page.waitForURL('**/admin');
  await page.getByRole('button', { name: 'Quitter Admin', exact: true }).waitFor();

  await signOut(page);
  await signInWith(page, codes[0] as string, true);
  await page.waitForURL('**/admin');
  await signOut(page);
  await signInWith(page, codes[0] as string, true);
  await page.getByRole('alert').getByText('Code incorrect ou expiré').waitFor();
  assert.match(page.url(), /\/admin\/login$/);

  const reset = spawnSync(process.execPath, ['server/admin.ts', 'reset-2fa', ADMIN_EMAIL], { cwd: root, env: { ...process.env, DATA_DIR: server.dataDir }, encoding: 'utf8' });
  assert.equal(reset.status, 0, reset.stderr);
  assert.match(reset.stdout, /ses sessions sont fermées/);
  await page.goto(`${server.origin}/admin/login`);
  await signIn(page, server.origin);
  assert.deepEqual(problems, []);
});
