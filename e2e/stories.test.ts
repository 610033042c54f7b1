// Issue 15 as the owner meets it so far, in Chromium against `npm start`: a project kept as a
// draft (« Publié » unchecked) is on no public page until it is published; in « Ordre
// d’affichage » the owner drags a project to the top of its type and moves another by keyboard;
// the type's public page (its server-rendered HTML and the page in the browser) follows at once.
// axe-core on the order screen, at a phone's width too. No console error, no exception, no HTTP
// error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { openPage, type WatchedPage } from './support/browser.ts';
import { screenshot } from './support/screenshots.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { startSite, stopSite, type Site } from './support/site.ts';

let site: Site;
let owner: WatchedPage;

before(async () => {
  site = await startSite();
  owner = await openPage(site.browser);
  owner.page.setDefaultTimeout(10_000);
});

after(() => stopSite(site ?? {}));

const url = (path: string) => `${site.server.origin}${path}`;
const SUCCESS = 'Opération effectuée avec succès';
const LOCKERS = 19; // « Casiers familiaux », category « Optimisation de l'espace »

/** The names of the project cards of a type's page, in order, from its server-rendered HTML. */
async function publicOrder(): Promise<string[]> {
  const html = await (await fetch(url(`/projecttype/${LOCKERS}`))).text();
  return [...html.matchAll(/<a [^>]*href="\/project\/\d+"[^>]*>.*?<span class="card-title">(.*?)<\/span>/g)].map((m) => m[1] ?? '');
}

test('a project kept as a draft is on no public page until the owner publishes it', async () => {
  const { page } = owner;
  await page.goto(url('/admin/login'));
  await page.getByLabel('Usager').fill(ADMIN_EMAIL);
  await page.getByLabel('Mot-de-passe').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Connexion' }).click();
  await page.waitForURL('**/admin');
  await page.waitForFunction(() => localStorage.getItem('token') !== null && localStorage.getItem('refresh-token') !== null);

  await page.getByRole('link', { name: 'Projets', exact: true }).click();
  await page.getByRole('button', { name: 'Nouveau' }).click();
  const field = (label: string) => page.getByLabel(label, { exact: true });
  assert.equal(await field('Publié').isChecked(), true);
  await field('Nom').fill('Casiers en cèdre, en cours');
  await field('Type de projet').selectOption({ label: 'Casiers familiaux' });
  await field('Description').fill('Des casiers encore à l’atelier.');
  await field('Image').fill('casiers-condo.jpg');
  await field('Publié').uncheck();
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await page.getByText(SUCCESS).waitFor();
  await page.getByText('Brouillon', { exact: true }).waitFor();

  assert.ok(!(await publicOrder()).includes('Casiers en cèdre, en cours'), 'not on the type’s page');
  const listed = (await (await fetch(url('/api/project/all/'))).json()) as { Name: string }[];
  assert.ok(!listed.some((p) => p.Name === 'Casiers en cèdre, en cours'), 'not in the public list');
  const sitemap = await (await fetch(url('/sitemap.xml'))).text();
  const projectPages = [...sitemap.matchAll(/\/project\/(\d+)</g)].length;
  const all = (await (await fetch(url('/api/project/all/'))).json()) as unknown[];
  assert.equal(projectPages, all.length, 'the sitemap lists the published projects only');

  // Published: the type's page shows it.
  await page.getByRole('button', { name: 'Mettre à jour' }).click();
  await field('Publié').check();
  await page.getByRole('button', { name: 'Accepter' }).click();
  await page.getByText(SUCCESS).waitFor();
  assert.equal(await page.getByText('Brouillon', { exact: true }).count(), 0);
  assert.equal((await publicOrder()).at(-1), 'Casiers en cèdre, en cours');
});

test('« Ordre d’affichage »: a project dragged to the top of its type, another moved by keyboard; the public page follows', async () => {
  const { page } = owner;
  const before = await publicOrder();
  assert.ok(before.length >= 4, before.join(', '));
  await page.goto(url('/admin'));
  await page.getByRole('link', { name: 'Ordre d’affichage' }).click();
  await page.getByLabel('Catégorie', { exact: true }).selectOption({ label: "Optimisation de l'espace" });
  await page.getByLabel('Type de projet', { exact: true }).selectOption({ label: 'Casiers familiaux' });
  const projects = page.getByRole('group', { name: 'Projets du type « Casiers familiaux »' });
  const items = projects.getByRole('listitem');
  await items.first().getByText(before[0] ?? '', { exact: true }).waitFor();

  // The last project dragged onto the first takes its place.
  await items.last().dragTo(items.first());
  await page.getByText(SUCCESS).waitFor();
  const dragged = [before.at(-1) ?? '', ...before.slice(0, -1)];
  await projects.getByRole('button', { name: `Monter ${dragged[0] ?? ''}` }).and(page.locator(':disabled')).waitFor();
  assert.deepEqual(await publicOrder(), dragged);

  // The second moved down one place by keyboard: the focus stays on its button.
  const second = dragged[1] ?? '';
  await projects.getByRole('button', { name: `Descendre ${second}` }).focus();
  await page.keyboard.press('Enter');
  const moved = [dragged[0] ?? '', dragged[2] ?? '', second, ...dragged.slice(3)];
  await page.waitForFunction((expected) => document.querySelectorAll('[data-move]').length > 0 && document.activeElement?.textContent === expected, `Descendre ${second}`);
  await page.waitForFunction(() => document.querySelector('ol[aria-busy="true"]') === null);
  assert.deepEqual(await publicOrder(), moved);
  await expectNoSeriousA11yViolations(page, '/admin/order');
  await screenshot(page, 'admin-order');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page, '/admin/order on a phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A visitor's browser shows the same order.
  const visitor = await openPage(site.browser);
  await visitor.page.goto(url(`/projecttype/${LOCKERS}`));
  await visitor.page.getByRole('heading', { level: 1, name: 'Casiers familiaux' }).waitFor();
  const cards = visitor.page.locator('main a[href^="/project/"] .card-title');
  assert.deepEqual(await cards.allTextContents(), moved);
  assert.deepEqual(visitor.problems, []);
  await visitor.page.context().close();
  assert.deepEqual(owner.problems, []);
});
