// Issue 15 as the owner meets it, in Chromium against `npm start`: a project kept as a draft
// (« Publié » unchecked) is on no public page until it is published; in « Ordre d’affichage » the
// owner drags a project to the top of its type and moves another by keyboard, and the type's
// public page follows at once; on a phone, the owner creates a project with four photos uploaded
// at once, marks two as before/after, reorders, publishes: the public page shows them in order
// with their alt texts, the comparison moves by drag and by keyboard, the popup shows every
// photo. axe-core on the order screen and the gallery editor, at a phone's width too. No console
// error, no exception, no HTTP error.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { openPage, type WatchedPage } from './support/browser.ts';
import { screenshot } from './support/screenshots.ts';
import { root } from './support/server.ts';
import { signIn } from './support/signIn.ts';
import { startOwnerSite, stopSite, SUCCESS, type Site } from './support/site.ts';

let site: Site;
let owner: WatchedPage;

before(async () => ({ site, owner } = await startOwnerSite()));

after(() => stopSite(site ?? {}));

const url = (path: string) => `${site.server.origin}${path}`;
const LOCKERS = 19; // « Casiers familiaux », category « Optimisation de l'espace »

/** The names of the project cards of a type's page, in order, from its server-rendered HTML. */
async function publicOrder(): Promise<string[]> {
  const html = await (await fetch(url(`/projecttype/${LOCKERS}`))).text();
  return [...html.matchAll(/<a [^>]*href="\/project\/\d+"[^>]*>.*?<span class="card-title">(.*?)<\/span>/g)].map((m) => m[1] ?? '');
}

/** In the project editor's new record: a draft of type « Casiers familiaux » filled in, then « Ajouter » (the caller waits for its outcome). */
async function addDraftLocker(page: Page, name: string, description: string, image: string) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Nom').fill(name);
  await field('Type de projet').selectOption({ label: 'Casiers familiaux' });
  await field('Description').fill(description);
  await field('Image').fill(image);
  await field('Publié').uncheck();
  await page.getByRole('button', { name: 'Ajouter' }).click();
}

test('a project kept as a draft is on no public page until the owner publishes it', async () => {
  const { page } = owner;
  await signIn(page, site.server.origin);

  await page.getByRole('link', { name: 'Projets', exact: true }).click();
  await page.getByRole('button', { name: 'Nouveau' }).click();
  const field = (label: string) => page.getByLabel(label, { exact: true });
  assert.equal(await field('Publié').isChecked(), true);
  await addDraftLocker(page, 'Casiers en cèdre, en cours', 'Des casiers encore à l’atelier.', 'casiers-condo.jpg');
  await page.getByText(SUCCESS).waitFor();
  await page.getByText('Brouillon', { exact: true }).waitFor();

  assert.ok(!(await publicOrder()).includes('Casiers en cèdre, en cours'), 'not on the type’s page');
  const listed = (await (await fetch(url('/api/project/all/'))).json()) as { Name: string }[];
  assert.ok(!listed.some((p) => p.Name === 'Casiers en cèdre, en cours'), 'not in the public list');
  const sitemap = await (await fetch(url('/sitemap.xml'))).text();
  // The French pages' URLs (each translated project's English page follows its own).
  const projectPages = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+\/project\/(\d+)<\/loc>/g)].length;
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

test('on a phone, a project with four photos uploaded at once, a before/after pair, reordered and published', async () => {
  const { page } = owner;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url('/admin/project'));
  await page.getByRole('button', { name: 'Nouveau' }).click();
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await addDraftLocker(page, 'Vestibule refait à neuf', 'Un vestibule sombre devenu une entrée claire, avec casiers et banc.', 'casiers-entree-cinq.jpg');
  await page.getByText(SUCCESS).first().waitFor();

  // Four photos at once, from the job site.
  const section = page.getByRole('region', { name: 'Galerie du projet' });
  const photo = (file: string, name: string) => ({ name, mimeType: 'image/jpeg', buffer: readFileSync(join(root, 'server/demo/images', file)) });
  await section.locator('input[type="file"]').setInputFiles([
    photo('salon-tons-chauds.jpg', 'vestibule-avant.jpg'),
    photo('chambre-vert-sauge.jpg', 'vestibule-apres.jpg'),
    photo('casiers-condo.jpg', 'crochets.jpg'),
    photo('vestiaire-garage.jpg', 'banc.jpg'),
  ]);
  const waiting = section.getByRole('group', { name: 'Photos à ajouter' });
  const alts = ['Le vestibule sombre avant les travaux', 'Le vestibule clair après les travaux', 'Les crochets doubles en laiton', 'Le banc à lattes'];
  for (const [i, stem] of ['vestibule-avant', 'vestibule-apres', 'crochets', 'banc'].entries()) {
    const name = new RegExp(`^Ajouter ${stem}(-\\d+)?\\.jpg à la galerie$`);
    const add = waiting.getByRole('button', { name });
    await add.waitFor({ timeout: 30_000 });
    // (The inner locator of `has` is relative to the item.)
    const row = waiting.getByRole('listitem').filter({ has: page.getByRole('button', { name }) });
    await row.getByLabel('Texte de remplacement', { exact: true }).fill(alts[i] ?? '');
    await add.click();
    await add.waitFor({ state: 'detached' });
  }
  const list = section.getByRole('group', { name: 'Galerie du projet' });
  const items = list.getByRole('listitem');
  await page.waitForFunction(() => document.querySelectorAll('.admin-gallery .admin-order-item').length === 4);

  // The pair: « Avant » and « Après ».
  for (const [i, mark] of [[0, 'Avant'], [1, 'Après']] as const) {
    const item = items.nth(i);
    await item.getByLabel('Comparaison avant / après').selectOption({ label: mark });
    await item.getByRole('button', { name: `Enregistrer ${alts[i] ?? ''}` }).click();
    await item.getByRole('button', { name: `Enregistrer ${alts[i] ?? ''}` }).and(page.locator(':disabled')).waitFor();
  }
  // The bench goes before the hooks, by keyboard.
  await list.getByRole('button', { name: 'Monter Le banc à lattes' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('.admin-gallery .admin-gallery-name')].map((p) => p.textContent).join('|').includes('banc'));
  await expectNoSeriousA11yViolations(page, 'the gallery editor on a phone');
  await screenshot(page, 'admin-gallery');

  // Published.
  await page.getByRole('button', { name: 'Mettre à jour' }).click();
  await field('Publié').check();
  await page.getByRole('button', { name: 'Accepter' }).click();
  await page.getByText(SUCCESS).first().waitFor();
  await page.setViewportSize({ width: 1440, height: 900 });
  const published = (await (await fetch(url('/api/project/all/'))).json()) as { Id: number; Name: string }[];
  const project = published.find((p) => p.Name === 'Vestibule refait à neuf');
  assert.ok(project, 'published');

  // A visitor on a phone.
  const visitor = await openPage(site.browser);
  const v = visitor.page;
  await v.setViewportSize({ width: 390, height: 844 });
  await v.goto(url(`/project/${project.Id}`));
  await v.getByRole('heading', { level: 1, name: 'Vestibule refait à neuf' }).waitFor();
  const slider = v.getByRole('slider', { name: 'Avant / Après : glissez pour comparer' });
  await slider.waitFor();
  assert.equal(await v.getByRole('img', { name: `Avant : ${alts[0] ?? ''}` }).count(), 1);
  assert.equal(await v.getByRole('img', { name: `Après : ${alts[1] ?? ''}` }).count(), 1);
  // By keyboard: five steps to the left.
  await slider.focus();
  for (let i = 0; i < 5; i++) await v.keyboard.press('ArrowLeft');
  assert.equal(await slider.inputValue(), '45');
  assert.equal(await slider.getAttribute('aria-valuetext'), '45 % Avant, 55 % Après');
  // By drag: the divider follows the finger to 80 % of the width.
  const box = await slider.boundingBox();
  assert.ok(box);
  await v.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await v.mouse.down();
  await v.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 5 });
  await v.mouse.up();
  assert.ok(Math.abs(Number(await slider.inputValue()) - 80) <= 2, await slider.inputValue());
  const split = await v.locator('.compare-frame').evaluate((el) => (el as HTMLElement).style.getPropertyValue('--split'));
  assert.equal(split, `${await slider.inputValue()}%`);

  // The other photos, in the owner's order, with their alt texts; the popup goes through all five.
  const thumbs = v.getByRole('region', { name: 'Photos du projet' }).getByRole('button');
  assert.deepEqual(await thumbs.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label'))), [
    `Agrandir : ${alts[3] ?? ''}`,
    `Agrandir : ${alts[2] ?? ''}`,
  ]);
  await thumbs.first().click();
  const dialog = v.getByRole('dialog');
  await dialog.getByText('4 / 5').waitFor();
  const seen: string[] = [];
  for (let i = 0; i < 5; i++) {
    seen.push((await dialog.locator('img').getAttribute('alt')) ?? '');
    await v.keyboard.press('ArrowRight');
  }
  assert.deepEqual(new Set(seen).size, 5, seen.join(' | '));
  await v.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await screenshot(v, 'project-gallery');
  assert.deepEqual(visitor.problems, []);
  await visitor.page.context().close();
  assert.deepEqual(owner.problems, []);
});
