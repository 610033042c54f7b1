// The administrator area as a new user tries it, against `npm start` in a real browser: sign in,
// create / update / delete in each editor, link and unlink a sub-type, add a second
// administrator and sign in as them, sign out. Screenshots go to e2e/screenshots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, root, startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let problems: string[];
const shots = join(root, 'e2e', 'screenshots');

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser));
  page.on('dialog', (dialog) => void dialog.accept());
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const shot = (name: string) => page.screenshot({ path: join(shots, `admin-${name}.png`), fullPage: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const success = () => page.getByText('Opération effectuée avec succès').waitFor();

async function signIn(email: string, password: string) {
  await page.getByLabel('Usager').fill(email);
  await page.getByLabel('Mot-de-passe').fill(password);
  await button('Connexion').click();
  await page.waitForURL('**/admin');
  await page.getByRole('button', { name: 'Quitter Admin' }).waitFor();
}

async function signOut() {
  await page.goto(`${server.origin}/admin`);
  await button('Quitter Admin').click();
  await page.waitForURL('**/admin/login');
}

test('an admin screen sends a visitor to admin/login; a wrong password is refused', async () => {
  await page.goto(`${server.origin}/admin/category`);
  await page.waitForURL('**/admin/login');
  await page.getByLabel('Usager').fill(ADMIN_EMAIL);
  await page.getByLabel('Mot-de-passe').fill('pas-le-bon');
  await button('Connexion').click();
  await page.getByText('Usager ou Mot-de-passe incorrect').waitFor();
  await shot('01-login-refused');
});

test('sign in, then the menu', async () => {
  await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const name of ['Projets', 'Types de projet', 'Sous-types', 'Catégories', 'Usagers']) {
    assert.equal(await page.getByRole('link', { name, exact: true }).count(), 1);
  }
  await shot('02-menu');
});

test('categories: create, update, delete', async () => {
  await page.getByRole('link', { name: 'Catégories' }).click();
  await page.getByText(/^Projet: 1 de : \d+$/).waitFor();
  await button('Nouveau').click();
  await page.getByLabel('Nom').fill('Escaliers');
  await button('Ajouter').click();
  await success();
  assert.equal(await page.getByLabel('Nom').inputValue(), 'Escaliers');
  await shot('03-category-added');
  await button('Mettre à jour').click();
  await page.getByLabel('Nom').fill('Escaliers et rampes');
  await button('Accepter').click();
  await success();
  assert.equal(await page.getByLabel('Nom').inputValue(), 'Escaliers et rampes');
  await button('Effacer').click(); // the confirmation is accepted
  await success();
  await page.getByText(/^Projet: 1 de : \d+$/).waitFor();
  await shot('04-category-deleted');
});

test('project types: create (category chosen by name), update, delete', async () => {
  await page.goto(`${server.origin}/admin/projecttype`);
  await page.getByText(/^Projet: 1 de : \d+$/).waitFor();
  await button('Nouveau').click();
  await page.getByLabel('Nom').fill('Cadres de miroir');
  await page.getByLabel('Nom').blur();
  await page.getByLabel('Catégorie').focus();
  await page.getByLabel('Catégorie').blur();
  await page.getByText('Catégorie requise').waitFor();
  await shot('05-projecttype-validation');
  await page.getByLabel('Catégorie').selectOption({ label: 'Décoration' });
  await page.getByLabel('Description').fill('Cadres en bois massif, faits sur mesure.');
  await button('Ajouter').click();
  await success();
  await button('Mettre à jour').click();
  await page.getByLabel('Description').fill('Cadres en chêne et en noyer.');
  await button('Accepter').click();
  await success();
  assert.equal(await page.getByLabel('Description').inputValue(), 'Cadres en chêne et en noyer.');
  await shot('06-projecttype-updated');
  await button('Effacer').click();
  await success();
});

test('projects: create, seen on the public page, update, delete', async () => {
  await page.goto(`${server.origin}/admin/project`);
  await page.getByText(/^Projet: 1 de : \d+$/).waitFor();
  await button('Nouveau').click();
  await page.getByLabel('Nom').fill('Banc de lecture en noyer');
  await page.getByLabel('Type de projet').selectOption({ label: 'Bancs de jardin' });
  await page.getByLabel('Description').fill('Un banc large pour lire au soleil.');
  await page.getByLabel('Image').fill('banc-cedre-rouge.jpg');
  await button('Ajouter').click();
  await success();
  await shot('07-project-added');

  await page.goto(`${server.origin}/projecttype/1`);
  await page.getByText('Banc de lecture en noyer').first().waitFor();
  await shot('08-public-projecttype');

  await page.goto(`${server.origin}/admin/project`);
  await button('Dernier').click();
  assert.equal(await page.getByLabel('Nom').inputValue(), 'Banc de lecture en noyer');
  await button('Mettre à jour').click();
  await page.getByLabel('Nom').fill('Banc de lecture en noyer huilé');
  await button('Accepter').click();
  await success();
  await button('Effacer').click();
  await success();
});

test('sub-types: link, then unlink', async () => {
  await page.goto(`${server.origin}/admin/subtype`);
  await page.getByLabel('Type de projet').selectOption({ label: 'Bancs de jardin' });
  await page.getByText('Aucun sous-type').waitFor();
  await page.getByLabel('Nouveau sous-type').selectOption({ label: 'Potagers surélevés' });
  await button('Ajouter').click();
  await success();
  const remove = page.getByRole('button', { name: 'Effacer le sous-type Potagers surélevés' });
  await remove.waitFor();
  await shot('09-subtype-linked');
  await remove.click();
  await success();
  await page.getByText('Aucun sous-type').waitFor();
});

test('users: a second administrator signs in, then is deleted', async () => {
  await page.goto(`${server.origin}/admin/user`);
  await page.getByText('Usager: 1 de : 1').waitFor();
  await button('Nouveau').click();
  await page.getByLabel("Nom d'usager (courriel)").fill('julie@atelier.test');
  await page.getByLabel('Mot-de-passe', { exact: true }).fill('copeaux-2026');
  await page.getByLabel('Confirmation du mot-de-passe').fill('copeaux-2026');
  await button('Ajouter').click();
  await success();
  await page.getByText('Usager: 2 de : 2').waitFor();
  await shot('10-user-added');

  await signOut();
  await signIn('julie@atelier.test', 'copeaux-2026');
  await page.goto(`${server.origin}/admin/user`);
  await page.getByText('Usager: 1 de : 2').waitFor();
  await shot('11-signed-in-as-second-admin');

  await signOut();
  await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto(`${server.origin}/admin/user`);
  await button('Dernier').click();
  assert.equal(await page.getByLabel("Nom d'usager (courriel)").inputValue(), 'julie@atelier.test');
  await button('Effacer').click();
  await success();
  await page.getByText('Usager: 1 de : 1').waitFor();
});

test('tablet width: the project editor stays usable', async () => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(`${server.origin}/admin/project`);
  await page.getByText(/^Projet: 1 de : \d+$/).waitFor();
  await shot('12-tablet-project');
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('sign out, and no console error along the way', async () => {
  await signOut();
  await page.goto(`${server.origin}/admin`);
  await page.waitForURL('**/admin/login');
  assert.deepEqual(problems, []);
});
