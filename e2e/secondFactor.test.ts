// Issue 29, tried as a new administrator would in Chromium against `npm start`'s server: turn on an
// authenticator app's codes in « Sécurité du compte » (the test computes the codes the app would
// show, from the secret the screen shows as text), sign out, sign in with the password then a
// code; a recovery code signs in once, the second time it is refused; `npm run admin -- reset-2fa`
// from the shell, and the password alone signs in again. Passkeys, with Chromium's virtual
// authenticator (the DevTools protocol's WebAuthn domain: no real device): add one named
// « iPhone de Marc », sign out, sign in with the passkey alone; the password then the passkey.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { totpAt } from '../server/auth/totp.ts';
import { openPage } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, root, type RunningServer } from './support/server.ts';
import { signIn, submitSignIn } from './support/signIn.ts';
import { startSite, stopSite } from './support/site.ts';

let server: RunningServer;
let browser: Browser;

before(async () => ({ server, browser } = await startSite()));
after(() => stopSite({ server, browser }));

async function signOut(page: Page, origin = server.origin): Promise<void> {
  await page.goto(`${origin}/admin`);
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

/**
 * A platform authenticator as a phone's: resident keys (discoverable), user verification (the
 * fingerprint), the person verified each time. Chromium's virtual one, through the DevTools protocol.
 */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

test('passkeys: « iPhone de Marc » added in « Sécurité du compte », then a sign-in with the passkey alone, then the password and the passkey', async () => {
  // A passkey's relying party is a host name (an IP address cannot be one): the site as http://localhost.
  const origin = server.origin.replace('127.0.0.1', 'localhost');
  const { page, problems } = await openPage(browser);
  page.setDefaultTimeout(15_000);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await signIn(page, origin);
  await page.getByRole('link', { name: 'Sécurité du compte' }).click();
  await page.getByText('Aucune clé d’accès.').waitFor();
  await page.getByLabel('Nom de la clé').fill('iPhone de Marc');
  await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  const list = page.getByRole('list', { name: 'Vos clés d’accès' });
  await list.getByText('iPhone de Marc').waitFor();
  assert.match((await list.getByRole('listitem').textContent()) ?? '', /Ajoutée le .*Jamais utilisée/);
  await list.getByRole('button', { name: 'Retirer' }).waitFor();
  // The first factor: its 10 recovery codes, once.
  assert.equal((await page.getByRole('list', { name: 'Codes de récupération' }).getByRole('listitem').allTextContents()).length, 10);
  // Stored in the authenticator as a discoverable credential for this site.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  assert.deepEqual(
    credentials.map((credential) => [credential.rpId, credential.isResidentCredential]),
    [['localhost', true]],
  );

  // Signed out, then in with the passkey alone: no e-mail, no password.
  await signOut(page, origin);
  await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
  await page.waitForURL('**/admin');
  await page.getByRole('button', { name: 'Quitter Admin', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Sécurité du compte' }).click();
  await page.getByRole('list', { name: 'Vos clés d’accès' }).getByText('Dernière utilisation le').waitFor();

  // The password, then the passkey as the second step.
  await signOut(page, origin);
  await submitSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByText('Mot de passe correct. Confirmez maintenant avec votre clé d’accès').waitFor();
  await page.getByRole('button', { name: 'Utiliser ma clé d’accès' }).click();
  await page.waitForURL('**/admin');
  await page.getByRole('button', { name: 'Quitter Admin', exact: true }).waitFor();
  const { credentials: after } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  assert.equal(after[0]?.signCount, 3); // the registration's, then one per sign-in
  assert.deepEqual(problems, []);
});
