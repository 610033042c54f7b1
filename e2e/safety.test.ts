// Issue 28 as the owner meets it, in Chromium against `npm start` (a clock the test moves): a
// project with a gallery deleted vanishes from the public site, « Annuler » within 10 s brings it
// back with its gallery; another deleted is restored from « Corbeille » the next day (which says
// when it would be erased for good); a
// description changed twice gets its first version back from « Historique »; « Journal » shows it
// all. No console error, no exception, no HTTP error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openPage, type WatchedPage } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startSite, stopSite, type Site } from './support/site.ts';

let site: Site;
let owner: WatchedPage;

before(async () => {
  site = await startSite({}, { clock: true });
  owner = await openPage(site.browser);
  owner.page.setDefaultTimeout(10_000);
});

after(() => stopSite(site ?? {}));

const url = (path: string) => `${site.server.origin}${path}`;
const SUCCESS = 'Opération effectuée avec succès';
const status = async (path: string) => (await fetch(url(path))).status;
const galleryOf = async (id: number) => ((await (await fetch(url(`/api/project/${id}`))).json()) as { Gallery?: unknown[] }).Gallery?.length ?? 0;

test('the owner deletes, undoes, restores from « Corbeille » the next day, restores a version, and finds it all in « Journal »', async () => {
  const { page } = owner;
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, site.server.origin);
  const field = (label: string) => page.getByLabel(label, { exact: true });

  // The first project of the editor that has a gallery (the editor lists them in the public order: no drafts in the demo).
  await page.getByRole('link', { name: 'Projets', exact: true }).click();
  await page.getByRole('button', { name: 'Effacer' }).waitFor();
  const projects = (await (await fetch(url('/api/project/all/'))).json()) as Array<{ Id: number; Name: string }>;
  let index = 0;
  while (index < projects.length && (await galleryOf(projects[index]?.Id ?? 0)) === 0) index++;
  const { Id: id, Name: name } = projects[index] ?? { Id: 0, Name: '' };
  for (let i = 0; i < index; i++) await page.getByRole('button', { name: 'Suivant' }).click();
  await page.waitForFunction((n) => (document.querySelector('input[name="Name"]') as HTMLInputElement | null)?.value === n, name);
  const gallery = await galleryOf(id);
  assert.ok(gallery > 0, `${name} has a gallery`);
  assert.equal(await status(`/project/${id}`), 200);

  await page.getByRole('button', { name: 'Effacer' }).click();
  await page.getByText(SUCCESS).waitFor();
  assert.equal(await status(`/project/${id}`), 404, 'gone from the public site at once');
  await page.getByRole('button', { name: 'Annuler' }).click();
  await page.waitForFunction((n) => (document.querySelector('input[name="Name"]') as HTMLInputElement | null)?.value === n, name);
  assert.equal(await status(`/project/${id}`), 200, 'back on the public site');
  assert.equal(await galleryOf(id), gallery, 'with its gallery');

  // Deleted again; the next day, « Corbeille » brings it back.
  await page.getByRole('button', { name: 'Effacer' }).click();
  await page.getByText(SUCCESS).waitFor();
  await site.server.advanceClock(24 * 60 * 60 * 1000);
  await page.goto(url('/admin'));
  await page.getByRole('link', { name: 'Corbeille', exact: true }).click();
  // The day the server erases it for good (its PurgeAt), in French.
  await page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) }).getByRole('cell', { name: /^Effacé définitivement le \d{1,2} \p{L}+ \d{4}$/u }).waitFor();
  await page.getByRole('button', { name: `Restaurer ${name}` }).click();
  await page.getByText(`« ${name} » est restauré.`).waitFor();
  assert.equal(await status(`/project/${id}`), 200);
  assert.equal(await galleryOf(id), gallery);

  // A description changed twice, the first version restored from « Historique ».
  await page.goto(url('/admin/project'));
  await page.getByRole('button', { name: 'Effacer' }).waitFor();
  for (let i = 0; i < index; i++) await page.getByRole('button', { name: 'Suivant' }).click();
  await page.waitForFunction((n) => (document.querySelector('input[name="Name"]') as HTMLInputElement | null)?.value === n, name);
  const original = await field('Description').inputValue();
  for (const text of ['Une première réécriture de la description.', 'Une seconde réécriture de la description.']) {
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await field('Description').fill(text);
    await page.getByRole('button', { name: 'Accepter' }).click();
    await page.getByText(SUCCESS).waitFor();
    await page.waitForFunction((value) => (document.querySelector('textarea[name="Description"]') as HTMLTextAreaElement | null)?.value === value, text);
  }
  await page.getByText('Historique', { exact: true }).click();
  await page.getByRole('region', { name: 'Version 1' }).getByRole('button', { name: 'Restaurer cette version' }).click();
  await page.waitForFunction((value) => (document.querySelector('textarea[name="Description"]') as HTMLTextAreaElement | null)?.value === value, original);

  // « Journal »: all of it, newest first.
  await page.goto(url('/admin'));
  await page.getByRole('link', { name: 'Journal', exact: true }).click();
  const table = page.getByRole('table', { name: 'Actions, les plus récentes d’abord' });
  await table.waitFor();
  const actions = await table.locator('tbody tr td:nth-child(3)').allTextContents();
  assert.deepEqual(actions.slice(0, 7), [
    'Restauration d’une version',
    'Modification',
    'Modification',
    'Restauration',
    'Suppression',
    'Restauration',
    'Suppression',
  ]);
});
