// The administrator area as a person uses it, against `npm start` in a real browser: a refused and
// an accepted sign-in; in each editor the validation messages of section 5 (Ajouter / Accepter
// disabled while invalid), add / update / delete with the browser confirmation (one dismissed),
// the failure banner of a server refusal; sub-type link and unlink; a second administrator who
// signs in; sign-out. axe-core on every admin screen; screenshots of each screen at 390×844 and
// 1440×900 in e2e/screenshots/ (git-ignored). No console error, no exception, no HTTP error.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { SUCCESS } from './support/site.ts';
import { ADMIN_EMAIL, root, startServer, type RunningServer } from './support/server.ts';
import { signIn, submitSignIn } from './support/signIn.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let problems: string[];
const shots = join(root, 'e2e', 'screenshots');

/** Every browser confirmation seen, in order; the next one is accepted unless `dismissNext()`. */
const dialogs: string[] = [];
let nextAnswer: 'accept' | 'dismiss' = 'accept';

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser));
  page.setDefaultTimeout(10_000);
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    const answer = nextAnswer;
    nextAnswer = 'accept';
    void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
  });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const failure = (message: string) => `Opération non effectuée. Une erreur est survenue ( ${message} )`;

const button = (name: string) => page.getByRole('button', { name, exact: true });
const field = (label: string) => page.getByLabel(label, { exact: true });
const counter = () => page.locator('output.admin-counter');
const banners = () => page.locator('.admin-banner');

/** Polls until `check` passes (assertions on what the page shows after React re-renders). */
async function eventually(check: () => Promise<void>, timeout = 5_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** The banners shown, exactly (success and failure share the slot above the navigator). */
async function expectBanners(...texts: string[]) {
  await eventually(async () => assert.deepEqual(await banners().allTextContents(), texts));
}

async function expectCounter(text: string) {
  await eventually(async () => assert.equal(await counter().textContent(), text));
}

/** Total of the navigator's counter ('Projet: n de : total'). */
async function total(): Promise<number> {
  await counter().waitFor();
  const match = /de : (\d+)$/.exec((await counter().textContent()) ?? '');
  assert.ok(match, 'a counter');
  return Number(match[1]);
}

/** The message a person reads under a field (the field's aria-describedby, minus its hint). */
async function messageOf(label: string): Promise<string> {
  const ids = ((await field(label).getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts: string[] = [];
  for (const id of ids) {
    const described = page.locator(`[id="${id}"]`);
    if ((await described.getAttribute('class'))?.includes('admin-hint')) continue;
    texts.push(((await described.textContent()) ?? '').trim());
  }
  return texts.join(' ');
}

/** Types a value (or chooses an option), leaves the field, and expects its message ('' = none). */
async function expectMessage(label: string, value: string, message: string) {
  const input = field(label);
  await input.focus(); // a field shows its message once touched (left after focus)
  if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption(value);
  else await input.fill(value);
  await input.blur();
  await eventually(async () => assert.equal(await messageOf(label), message, `${label} = ${JSON.stringify(value)}`));
  if (message) {
    assert.equal(await input.getAttribute('aria-invalid'), 'true');
    assert.ok(await page.getByText(message, { exact: true }).first().isVisible());
  }
}

async function expectEnabled(name: string, enabled: boolean) {
  await eventually(async () => assert.equal(await button(name).isEnabled(), enabled, `${name} enabled`));
}

/** Clicks a button that asks for a confirmation; checks its text and accepts or dismisses it. */
async function confirmClick(target: ReturnType<typeof button>, text: string, answer: 'accept' | 'dismiss') {
  const seen = dialogs.length;
  nextAnswer = answer;
  await target.click();
  await eventually(async () => assert.deepEqual(dialogs.slice(seen), [text]));
}

/**
 * « Mettre à jour » on the record shown: a value that breaks a rule (label, value, message) keeps
 * « Accepter » disabled; the new values (the name among them) are accepted and read back. Then
 * « Effacer » that record, confirmed: the editor is back on the first of `n` records.
 */
async function updateThenDelete(refused: [label: string, value: string, message: string], values: { Nom: string } & Record<string, string>, n: number) {
  await button('Mettre à jour').click();
  await expectMessage(...refused);
  await expectEnabled('Accepter', false);
  for (const [label, value] of Object.entries(values)) await field(label).fill(value);
  await button('Accepter').click();
  await expectBanners(SUCCESS);
  for (const [label, value] of Object.entries(values)) assert.equal(await field(label).inputValue(), value);

  await confirmClick(button('Effacer'), `Voulez-vous effacer ${values.Nom}`, 'accept');
  await expectBanners(SUCCESS);
  await expectCounter(`Projet: 1 de : ${n}`);
}

/** axe-core on the page as it is now; then the screen at 390×844 and 1440×900. */
async function look(screen: string) {
  await expectNoSeriousA11yViolations(page, `admin ${screen}`);
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(shots, `admin-${screen}-${viewport.width}.png`), fullPage: true });
  }
}

async function signOut() {
  await page.goto(`${server.origin}/admin`);
  await button('Quitter Admin').click();
  await page.waitForURL('**/admin/login');
}

const storedTokens = () =>
  page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refresh-token')]);

test('an admin screen sends a visitor to admin/login; a wrong password is refused', async () => {
  await page.goto(`${server.origin}/admin/category`);
  await page.waitForURL('**/admin/login');
  await page.getByRole('heading', { name: 'Connexion' }).waitFor();
  // Paths under /admin hide the public menu and footer.
  assert.equal(await page.getByRole('banner').count(), 0);
  assert.equal(await page.getByRole('contentinfo').count(), 0);
  assert.equal(await page.getByText('Usager ou Mot-de-passe incorrect').count(), 0, 'hidden until a failed attempt');
  await look('login');

  await submitSignIn(page, ADMIN_EMAIL, 'pas-le-bon');
  await page.getByRole('alert').filter({ hasText: 'Usager ou Mot-de-passe incorrect' }).waitFor();
  assert.ok(page.url().endsWith('/admin/login'));
  assert.deepEqual(await storedTokens(), [null, null]);
  await expectNoSeriousA11yViolations(page, 'admin login, refused');
  await page.screenshot({ path: join(shots, 'admin-login-refused-1440.png') });
});

test('sign in: tokens stored under token and refresh-token, then the admin menu', async () => {
  await signIn(page, server.origin);
  const [token, refreshToken] = await storedTokens();
  assert.ok(token && refreshToken, 'both tokens in localStorage');
  assert.equal(await page.getByText('Usager ou Mot-de-passe incorrect').count(), 0);
  const links = page.getByRole('navigation', { name: 'Écrans d’administration' }).getByRole('link');
  assert.deepEqual(
    await links.evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute('href')])),
    [
      ['Demandes', '/admin/quotes'],
      ['Projets', '/admin/project'],
      ['Types de projet', '/admin/projecttype'],
      ['Sous-types', '/admin/subtype'],
      ['Catégories', '/admin/category'],
      ['Ordre d’affichage', '/admin/order'],
      ['Témoignages', '/admin/testimonials'],
      ['Usagers', '/admin/user'],
      ['Paramètres du site', '/admin/site'],
      ['Menu', '/admin/menu'],
      ['Corbeille', '/admin/trash'],
      ['Journal', '/admin/journal'],
      ['Sécurité du compte', '/admin/security'],
      ['Statistiques', '/admin/stats'],
    ],
  );
  assert.equal(await page.getByRole('banner').count(), 0);
  await look('menu');
});

test('categories: navigate, validation, add, a refused duplicate, update, delete (dismissed, then accepted), a refused delete', async () => {
  await page.getByRole('link', { name: 'Catégories' }).click();
  await page.getByRole('heading', { name: 'Catégories' }).waitFor();
  const n = await total();
  await expectCounter(`Projet: 1 de : ${n}`);
  await expectEnabled('Premier', false);
  await expectEnabled('Précédent', false);
  const firstName = await field('Nom').inputValue();
  assert.equal(await field('Nom').isDisabled(), true, 'fields are read-only while browsing');
  await look('category');

  await button('Dernier').click();
  await expectCounter(`Projet: ${n} de : ${n}`);
  await expectEnabled('Suivant', false);
  await expectEnabled('Dernier', false);
  await button('Précédent').click();
  await expectCounter(`Projet: ${n - 1} de : ${n}`);
  const shownName = await field('Nom').inputValue();

  // Nouveau: a blank record; 4 to 50 characters, no per-field message (section 5).
  await button('Nouveau').click();
  assert.equal(await field('Nom').inputValue(), '');
  await expectEnabled('Ajouter', false);
  await expectMessage('Nom', 'Esc', '');
  await expectEnabled('Ajouter', false);
  await expectMessage('Nom', 'x'.repeat(51), '');
  await expectEnabled('Ajouter', false);
  await expectMessage('Nom', 'Escaliers', '');
  await expectEnabled('Ajouter', true);
  // Cancel in add mode: back to the record that was shown.
  await button('Cancel').click();
  await expectCounter(`Projet: ${n - 1} de : ${n}`);
  assert.equal(await field('Nom').inputValue(), shownName);

  await button('Nouveau').click();
  await field('Nom').fill('Escaliers');
  await button('Ajouter').click();
  await expectBanners(SUCCESS);
  await expectCounter(`Projet: ${n + 1} de : ${n + 1}`); // the last item is selected
  assert.equal(await field('Nom').inputValue(), 'Escaliers');

  // A server refusal: the name exists (in another case). The typed value stays, still in add mode.
  await button('Nouveau').click();
  await field('Nom').fill('ESCALIERS');
  await button('Ajouter').click();
  await expectBanners(failure('La catégorie « ESCALIERS » existe déjà : choisissez un autre nom.'));
  assert.equal(await field('Nom').inputValue(), 'ESCALIERS');
  await expectEnabled('Ajouter', true);
  await expectNoSeriousA11yViolations(page, 'admin category, failure banner');
  await page.screenshot({ path: join(shots, 'admin-category-refused-1440.png') });
  await button('Cancel').click();
  await expectCounter(`Projet: ${n + 1} de : ${n + 1}`);

  await button('Mettre à jour').click();
  await expectMessage('Nom', 'Esc', '');
  await expectEnabled('Accepter', false);
  // Accepter refused (the name is taken): the banner says why, the form stays in update mode.
  await field('Nom').fill(firstName);
  await button('Accepter').click();
  await expectBanners(failure(`La catégorie « ${firstName} » existe déjà : choisissez un autre nom.`));
  assert.equal(await field('Nom').inputValue(), firstName);
  await expectEnabled('Accepter', true);
  await field('Nom').fill('Escaliers et rampes');
  await expectEnabled('Accepter', true);
  await button('Accepter').click();
  await expectBanners(SUCCESS);
  await button('Mettre à jour').waitFor();
  assert.equal(await field('Nom').inputValue(), 'Escaliers et rampes');

  // Effacer, dismissed: nothing changes.
  await confirmClick(button('Effacer'), 'Voulez-vous effacer Escaliers et rampes', 'dismiss');
  await expectCounter(`Projet: ${n + 1} de : ${n + 1}`);
  assert.equal(await field('Nom').inputValue(), 'Escaliers et rampes');
  // Effacer, accepted: deleted, the first record selected.
  await confirmClick(button('Effacer'), 'Voulez-vous effacer Escaliers et rampes', 'accept');
  await expectBanners(SUCCESS);
  await expectCounter(`Projet: 1 de : ${n}`);
  assert.equal(await field('Nom').inputValue(), firstName);

  // The first category still holds project types: the server refuses, the banner says why.
  await confirmClick(button('Effacer'), `Voulez-vous effacer ${firstName}`, 'accept');
  const refused = banners().filter({ hasText: 'Opération non effectuée' });
  await refused.waitFor();
  assert.match(
    (await refused.textContent()) ?? '',
    /^Opération non effectuée\. Une erreur est survenue \( Cette catégorie contient encore des types de projet \(\d+\) : déplacez-les vers une autre catégorie ou effacez-les d'abord\. \)$/,
  );
  await expectCounter(`Projet: 1 de : ${n}`);
  // Moving between records clears the banners.
  await button('Suivant').click();
  await expectCounter(`Projet: 2 de : ${n}`);
  await expectBanners();

  // Retour: back in history, to the menu.
  await button('Retour').click();
  await page.waitForURL('**/admin');
});

test('project types: every validation message, add, update, a refused delete, delete', async () => {
  await page.goto(`${server.origin}/admin/projecttype`);
  await page.getByRole('heading', { name: 'Types de projet' }).waitFor();
  const n = await total();
  await expectCounter(`Projet: 1 de : ${n}`);
  const firstName = await field('Nom').inputValue();
  await look('projecttype');

  await button('Nouveau').click();
  await expectEnabled('Ajouter', false);
  await expectMessage('Nom', '', 'Nom de type de projet requis');
  await expectMessage('Nom', 'Cadres', '7 charactères minimum');
  await expectMessage('Nom', 'x'.repeat(51), '50 charactères maximum');
  await expectMessage('Nom', 'Cadres de miroir', '');
  await expectMessage('Catégorie', '', 'Catégorie requise');
  await expectMessage('Description', 'x'.repeat(251), '250 charactères maximum');
  await expectMessage('Description', '', ''); // optional
  await expectMessage('Image', 'x'.repeat(51), '50 charactères maximum');
  await expectEnabled('Ajouter', false);
  await expectNoSeriousA11yViolations(page, 'admin projecttype, validation messages');
  await page.screenshot({ path: join(shots, 'admin-projecttype-validation-1440.png'), fullPage: true });
  await expectMessage('Image', '', ''); // optional
  await expectEnabled('Ajouter', false); // no category yet
  await expectMessage('Catégorie', 'Décoration', '');
  await field('Description').fill('Cadres en bois massif, faits sur mesure.');
  await expectEnabled('Ajouter', true);
  await button('Ajouter').click();
  await expectBanners(SUCCESS);
  await expectCounter(`Projet: ${n + 1} de : ${n + 1}`);
  assert.equal(await field('Nom').inputValue(), 'Cadres de miroir');

  await updateThenDelete(['Nom', 'Cadres', '7 charactères minimum'], { Nom: 'Cadres de miroir', Description: 'Cadres en chêne et en noyer.' }, n);

  // The first type has projects: refused, with the server's reason.
  await confirmClick(button('Effacer'), `Voulez-vous effacer ${firstName}`, 'accept');
  const refused = banners().filter({ hasText: 'Opération non effectuée' });
  await refused.waitFor();
  assert.match(
    (await refused.textContent()) ?? '',
    /^Opération non effectuée\. Une erreur est survenue \( Ce type de projet contient encore des projets \(\d+\) : déplacez-les vers un autre type ou effacez-les d'abord\. \)$/,
  );
  await expectCounter(`Projet: 1 de : ${n}`);
});

test('projects: every validation message, add (seen on the public page), update, delete', async () => {
  await page.goto(`${server.origin}/admin/project`);
  await page.getByRole('heading', { name: 'Projets' }).waitFor();
  const n = await total();
  await expectCounter(`Projet: 1 de : ${n}`);
  await look('project');

  await button('Nouveau').click();
  await expectEnabled('Ajouter', false);
  await expectMessage('Nom', '', 'Nom de projet requis');
  await expectMessage('Nom', 'Banc', '7 charactères minimum');
  await expectMessage('Nom', 'x'.repeat(51), '50 charactères maximum');
  await expectMessage('Nom', 'Banc de lecture en noyer', '');
  await expectMessage('Type de projet', '', 'Type de projet');
  await expectMessage('Type de projet', 'Bancs de jardin', '');
  await expectMessage('Description', '', 'Description requise');
  await expectMessage('Description', 'Un banc', '8 charactères minimum');
  await expectMessage('Description', 'x'.repeat(251), '250 charactères maximum');
  await expectMessage('Description', 'Un banc large pour lire au soleil.', '');
  await expectMessage('Image', '', 'Image requise');
  await expectEnabled('Ajouter', false);
  await expectMessage('Image', 'banc-cedre-rouge.jpg', '');
  await expectEnabled('Ajouter', true);
  await button('Ajouter').click();
  await expectBanners(SUCCESS);
  await expectCounter(`Projet: ${n + 1} de : ${n + 1}`);

  await page.goto(`${server.origin}/projecttype/1`);
  await page.getByText('Banc de lecture en noyer').first().waitFor();

  await page.goto(`${server.origin}/admin/project`);
  await button('Dernier').click();
  await expectCounter(`Projet: ${n + 1} de : ${n + 1}`);
  assert.equal(await field('Nom').inputValue(), 'Banc de lecture en noyer');
  await updateThenDelete(['Description', 'Court', '8 charactères minimum'], { Description: 'Un banc large pour lire au soleil, huilé.', Nom: 'Banc de lecture en noyer huilé' }, n);
});

test('sub-types: link, a refused second link, unlink (dismissed, then accepted)', async () => {
  await page.goto(`${server.origin}/admin/subtype`);
  await page.getByRole('heading', { name: 'Sous-types', level: 1 }).waitFor();
  await page.getByLabel('Type de projet').selectOption({ label: 'Bancs de jardin' });
  await page.getByText('Aucun sous-type').waitFor();
  await expectEnabled('Ajouter', false); // no sub-type chosen
  await page.getByLabel('Nouveau sous-type').selectOption({ label: 'Potagers surélevés' });
  await button('Ajouter').click();
  await expectBanners(SUCCESS);
  const remove = page.getByRole('button', { name: 'Effacer le sous-type Potagers surélevés' });
  await remove.waitFor();
  assert.equal(await page.getByText('Aucun sous-type').count(), 0);
  await look('subtype');

  await button('Ajouter').click();
  await expectBanners(failure('Ce sous-type est déjà lié à ce type de projet.'));

  await confirmClick(remove, 'Voulez-vous effacer ce sous-type?', 'dismiss');
  await expectBanners(failure('Ce sous-type est déjà lié à ce type de projet.'));
  assert.equal(await remove.count(), 1);
  await confirmClick(remove, 'Voulez-vous effacer ce sous-type?', 'accept');
  await expectBanners(SUCCESS);
  await page.getByText('Aucun sous-type').waitFor();
  assert.equal(await remove.count(), 0);

  // Changing the type reloads its list and clears the label.
  await page.getByLabel('Type de projet').selectOption({ label: 'Potagers surélevés' });
  await expectBanners();
});

test('users: every validation message, a refused duplicate, a second administrator, a new password, who signs in', async () => {
  await page.goto(`${server.origin}/admin/user`);
  await page.getByRole('heading', { name: 'Usagers' }).waitFor();
  await expectCounter('Usager: 1 de : 1');
  const email = field("Nom d'usager (courriel)");
  const password = field('Mot-de-passe');
  const confirmation = field('Confirmation du mot-de-passe');
  assert.equal(await email.inputValue(), ADMIN_EMAIL);
  for (const input of [email, password, confirmation]) assert.equal(await input.isDisabled(), true);
  await look('user');

  // Mettre à jour: the password fields start blank; Canceler leaves update mode.
  await button('Mettre à jour').click();
  assert.equal(await password.inputValue(), '');
  assert.equal(await confirmation.inputValue(), '');
  assert.equal(await email.isEnabled(), true);
  await expectEnabled('Accepter', false);
  await button('Canceler').click();
  await button('Mettre à jour').waitFor();
  assert.equal(await email.isDisabled(), true);

  await button('Nouveau').click();
  await expectEnabled('Ajouter', false);
  await expectMessage("Nom d'usager (courriel)", '', "Nom d'usager requis");
  await expectMessage("Nom d'usager (courriel)", 'julie', "Nom d'usager invalide");
  await expectMessage("Nom d'usager (courriel)", 'j@b.ca', '7 charactères minimum');
  await expectMessage("Nom d'usager (courriel)", `${'j'.repeat(45)}@ab.ca`, '50 charactères maximum');
  await expectMessage("Nom d'usager (courriel)", ADMIN_EMAIL, '');
  await expectMessage('Mot-de-passe', '', 'Mot-de-passe requis');
  await expectMessage('Mot-de-passe', 'copeaux', '8 charactères minimum');
  await expectMessage('Mot-de-passe', 'c'.repeat(51), '50 charactères maximum');
  await expectMessage('Mot-de-passe', 'copeaux-2026', '');
  await expectMessage('Confirmation du mot-de-passe', '', 'Confirmation requise');
  await expectMessage('Confirmation du mot-de-passe', 'copeaux-2025', 'Confirmation différente du mot-de-passe');
  await expectEnabled('Ajouter', false);
  await expectNoSeriousA11yViolations(page, 'admin user, validation messages');
  await page.screenshot({ path: join(shots, 'admin-user-validation-1440.png'), fullPage: true });
  await expectMessage('Confirmation du mot-de-passe', 'copeaux-2026', '');
  await expectEnabled('Ajouter', true);

  // The e-mail is taken: refused; the e-mail stays, the passwords are cleared.
  await button('Ajouter').click();
  await expectBanners(failure(`L'usager « ${ADMIN_EMAIL} » existe déjà : choisissez une autre adresse.`));
  assert.equal(await email.inputValue(), ADMIN_EMAIL);
  assert.equal(await password.inputValue(), '');
  assert.equal(await confirmation.inputValue(), '');
  await expectEnabled('Ajouter', false);

  await email.fill('julie@atelier.test');
  await password.fill('copeaux-2026');
  await confirmation.fill('copeaux-2026');
  await button('Ajouter').click();
  await expectBanners(SUCCESS);
  await expectCounter('Usager: 2 de : 2');
  assert.equal(await email.inputValue(), 'julie@atelier.test');

  // Mettre à jour: a new password for the second administrator.
  await button('Mettre à jour').click();
  assert.equal(await password.inputValue(), '');
  await expectEnabled('Accepter', false);
  await expectMessage('Mot-de-passe', 'rabot-2027', '');
  await expectMessage('Confirmation du mot-de-passe', 'rabot-2028', 'Confirmation différente du mot-de-passe');
  await expectEnabled('Accepter', false);
  await confirmation.fill('rabot-2027');
  await button('Accepter').click();
  await expectBanners(SUCCESS);
  await button('Mettre à jour').waitFor();
  await expectCounter('Usager: 2 de : 2');

  await signOut();
  await submitSignIn(page, 'julie@atelier.test', 'copeaux-2026');
  await page.getByText('Usager ou Mot-de-passe incorrect').waitFor(); // the old password no longer works
  await signIn(page, server.origin, { email: 'julie@atelier.test', password: 'rabot-2027' });
  await page.getByRole('link', { name: 'Usagers' }).click();
  await expectCounter('Usager: 1 de : 2');
  await page.screenshot({ path: join(shots, 'admin-user-second-admin-1440.png') });
});

test('users: the first administrator deletes the second (dismissed, then accepted), but not the last', async () => {
  await signOut();
  await signIn(page, server.origin);
  await page.goto(`${server.origin}/admin/user`);
  await expectCounter('Usager: 1 de : 2');
  await button('Dernier').click();
  await expectCounter('Usager: 2 de : 2');
  assert.equal(await field("Nom d'usager (courriel)").inputValue(), 'julie@atelier.test');
  await confirmClick(button('Effacer'), "Voulez-vous supprimer l'usager?", 'dismiss');
  await expectCounter('Usager: 2 de : 2');
  await confirmClick(button('Effacer'), "Voulez-vous supprimer l'usager?", 'accept');
  await expectBanners(SUCCESS);
  await expectCounter('Usager: 1 de : 1');

  await confirmClick(button('Effacer'), "Voulez-vous supprimer l'usager?", 'accept');
  await expectBanners(failure("Impossible d'effacer le dernier administrateur : ajoutez d'abord un autre usager."));
  await expectCounter('Usager: 1 de : 1');
});

test('tablet width: the project editor stays usable', async () => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(`${server.origin}/admin/project`);
  await page.getByText(/^Projet: 1 de : \d+$/).waitFor();
  await page.screenshot({ path: join(shots, 'admin-project-820.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('sign out: back to admin/login, storage cleared, admin screens redirect to login', async () => {
  await signOut();
  assert.deepEqual(await storedTokens(), [null, null]);
  await page.getByLabel('Usager').waitFor();
  for (const path of ['/admin', '/admin/category', '/admin/user', '/admin/subtype']) {
    await page.goto(`${server.origin}${path}`);
    await page.waitForURL('**/admin/login');
  }
  await page.goBack();
  await page.waitForURL('**/admin/login');
});

test('every confirmation was one the test expected; no console error, exception or HTTP error', () => {
  assert.deepEqual(dialogs, [
    'Voulez-vous effacer Escaliers et rampes',
    'Voulez-vous effacer Escaliers et rampes',
    dialogs[2], // the first category's name
    'Voulez-vous effacer Cadres de miroir',
    dialogs[4], // the first project type's name
    'Voulez-vous effacer Banc de lecture en noyer huilé',
    'Voulez-vous effacer ce sous-type?',
    'Voulez-vous effacer ce sous-type?',
    "Voulez-vous supprimer l'usager?",
    "Voulez-vous supprimer l'usager?",
    "Voulez-vous supprimer l'usager?",
  ]);
  assert.deepEqual(problems, []);
});
