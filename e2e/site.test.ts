// Issue 14 as the owner meets it, in Chromium against `npm start`: signed in, the owner changes
// the business's name, phone, a social link, the about text and the welcome photo in
// « Paramètres du site », adds a menu entry to a new project type in « Menu »; the public pages
// (their server-rendered HTML and the page in the browser) show it all at once, with no rebuild
// or restart. axe-core on both screens, at a phone's width too. No console error, no exception,
// no HTTP error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { openPage, type WatchedPage } from './support/browser.ts';
import { screenshot } from './support/screenshots.ts';
import { signIn } from './support/signIn.ts';
import { startOwnerSite, stopSite, SUCCESS, type Site } from './support/site.ts';

let site: Site;
let owner: WatchedPage;

before(async () => ({ site, owner } = await startOwnerSite()));

after(() => stopSite(site ?? {}));

const url = (path: string) => `${site.server.origin}${path}`;

/** A call of the API as the signed-in administrator (bearer token and XSRF pair of the page). */
async function asAdmin(page: Page, method: string, path: string, body: unknown): Promise<{ Result: boolean }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const answer = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`, 'X-XSRF-TOKEN': xsrf },
        body: JSON.stringify(body),
      });
      return (await answer.json()) as { Result: boolean };
    },
    { method, path, body },
  );
}

test('the owner changes the business, its texts and the welcome photo in « Paramètres du site »', async () => {
  const { page } = owner;
  await signIn(page, site.server.origin);
  await page.getByRole('link', { name: 'Paramètres du site' }).click();
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Nom de l’entreprise').fill('Menuiserie Lavoie');
  await field('Téléphone').fill('(613) 555-0199');
  await field('Réseau 1').fill('Instagram');
  // A javascript: address is refused under the field, in French, before anything is sent.
  await field('Adresse du réseau 1').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText('Adresse https:// requise (ex. https://www.facebook.com/mapage)').waitFor();
  await field('Adresse du réseau 1').fill('https://www.instagram.com/menuiserie.lavoie');
  await field('Présentation du propriétaire').fill('Je m’appelle Julie Lavoie.\nJe fabrique des escaliers <b>en chêne</b>.');
  // Its English twin, which named the demo business too.
  await field('Présentation du propriétaire (anglais)').fill('My name is Julie Lavoie.\nI build oak staircases.');
  // The welcome photo, picked from the library with the projects' picker.
  const photos = page.getByRole('group', { name: 'Photos des pages' });
  await photos.getByRole('button', { name: 'Choisir dans la photothèque' }).first().click();
  await photos.getByRole('button', { name: 'Choisir banc-cedre-rouge.jpg' }).click();
  assert.equal(await field('Photo de la page d’accueil').inputValue(), 'banc-cedre-rouge.jpg');
  await expectNoSeriousA11yViolations(page, '/admin/site');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText(SUCCESS).waitFor();
  await screenshot(page, 'admin-settings');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page, '/admin/site on a phone');
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('the owner adds a menu entry to a new project type in « Menu »', async () => {
  const { page } = owner;
  assert.deepEqual(
    await asAdmin(page, 'POST', '/api/projecttype/', { Id: 0, CategoryId: 1, Name: 'Cabanons de jardin', Description: '', Image: '' }),
    { Result: true, Message: SUCCESS },
  );
  await page.goto(url('/admin'));
  await page.getByRole('link', { name: 'Menu', exact: true }).click();
  const first = page.getByRole('group', { name: 'Menu déroulant 1' });
  await first.getByRole('button', { name: 'Ajouter une entrée' }).click();
  await first.getByLabel('Libellé', { exact: true }).last().fill('Nos cabanons');
  await first.getByLabel('Page visée').last().selectOption({ label: 'Type : Cabanons de jardin' });
  // Moved up by keyboard, one place.
  await page.getByRole('button', { name: 'Monter Nos cabanons' }).focus();
  await page.keyboard.press('Enter');
  await expectNoSeriousA11yViolations(page, '/admin/menu');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText(SUCCESS).waitFor();
  await screenshot(page, 'admin-menu-editor');
  assert.deepEqual(owner.problems, []);
});

test('the public pages show it at once: in their HTML from the server and in the browser', async () => {
  // What a search engine and a link preview read.
  const html = await (await fetch(url('/about'))).text();
  assert.match(html, /<title>À propos \| Menuiserie Lavoie<\/title>/);
  assert.match(html, /<meta property="og:site_name" content="Menuiserie Lavoie">/);
  assert.ok(html.includes('<p>Je m’appelle Julie Lavoie.</p><p>Je fabrique des escaliers &lt;b&gt;en chêne&lt;/b&gt;.</p>'), 'the about text as paragraphs, as text');
  assert.ok(html.includes('href="https://www.instagram.com/menuiserie.lavoie"'));
  assert.match(html, /href="\/projecttype\/\d+" data-discover="true">Nos cabanons<\/a>/);
  assert.ok(!html.includes('Atelier Bois et Maison'), 'nothing of the demo business is left');
  const welcome = await (await fetch(url('/welcome'))).text();
  assert.match(welcome, /<meta property="og:image" content="[^"]*\/assets\/og\/banc-cedre-rouge\.jpg\.jpg">/);
  assert.match(welcome, /<link rel="preload" as="image"[^>]*banc-cedre-rouge\.jpg\.320\.avif/);

  // What a visitor sees.
  const visitor = await openPage(site.browser);
  const { page } = visitor;
  await page.goto(url('/welcome'));
  await page.getByRole('heading', { level: 1, name: 'Menuiserie Lavoie' }).waitFor();
  assert.match((await page.locator('.hero-image').getAttribute('src')) ?? '', /banc-cedre-rouge\.jpg$/);
  // The page's script has taken over (the header drops `is-static`, after the photo's paint): a
  // drop-down opened before it, by the style sheet's focus rule, closed again when it did.
  await page.locator('header.site-header:not(.is-static)').waitFor();
  await page.getByRole('button', { name: 'Projets extérieurs' }).click();
  const entries = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link');
  assert.deepEqual((await entries.allTextContents()).slice(0, 4), ['Bancs', 'Potagers', 'Nos cabanons', 'Terrasses']);
  await page.getByRole('link', { name: 'Nos cabanons' }).click();
  await page.getByRole('heading', { level: 1, name: 'Cabanons de jardin' }).waitFor();
  // The title follows the page's data, a moment after its heading.
  await page.waitForFunction((title) => document.title === title, 'Cabanons de jardin | Menuiserie Lavoie');
  await page.getByRole('link', { name: 'Contactez-moi' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Contactez-moi' }).waitFor();
  assert.equal(await page.getByRole('main').getByRole('link', { name: '(613) 555-0199', exact: true }).getAttribute('href'), 'tel:+16135550199');
  assert.equal(await page.locator('footer .footer-name').textContent(), 'Menuiserie Lavoie');
  assert.deepEqual(visitor.problems, []);
  await page.context().close();
});

test('issue 31: the licence, the hours and a testimonial, entered by the owner, seen by a visitor; unpublished, it is gone', async () => {
  const { page } = owner;
  await page.goto(url('/admin/site'));
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Licence RBQ').fill('1111 2222 33');
  await field('Lundi : fermeture 1').fill('16:00');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText(SUCCESS).waitFor();

  await page.goto(url('/admin'));
  await page.getByRole('link', { name: 'Témoignages' }).click();
  await page.getByText(/^Témoignage: 1 de : \d+$/).waitFor();
  await page.getByRole('button', { name: 'Nouveau' }).click();
  await field('Témoignage (les mots du client)').fill('Une terrasse solide, montée en une semaine. Merci Julie !');
  await field('Nom du client').fill('Robert G.');
  await field('Ville ou secteur').fill('Cantley');
  await field('Mois des travaux').fill('2025-08');
  await field('Projet concerné (facultatif)').selectOption({ label: 'Terrasse en cèdre sur deux niveaux' });
  await field('Publié').check();
  await page.getByText(/^Cochez « Le client a accepté que ce témoignage soit publié »/).waitFor();
  await field('Le client a accepté que ce témoignage soit publié').check();
  await expectNoSeriousA11yViolations(page, '/admin/testimonials');
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await page.getByText(SUCCESS).waitFor();
  // First in the owner's order, so the welcome page shows it.
  const list = (await (await fetch(url('/api/testimonial/all/'))).json()) as Array<{ Id: number; ProjectId: number; ClientName: string }>;
  const added = list.find((x) => x.ClientName === 'Robert G.');
  assert.ok(added);
  const ids = list.map((x) => x.Id);
  assert.deepEqual(await asAdmin(page, 'PUT', '/api/testimonial/order/', { Seen: ids, Order: [added.Id, ...ids.filter((id) => id !== added.Id)] }), { Result: true, Message: SUCCESS });

  // The server's pages: the footer of each, the contact page, the JSON-LD.
  for (const path of ['/welcome', '/about', `/project/${added.ProjectId}`, '/en/welcome']) {
    const html = await (await fetch(url(path))).text();
    assert.match(html, path.startsWith('/en') ? /RBQ licence: 1111-2222-33/ : /Licence RBQ : 1111-2222-33/, path);
    assert.match(html, path.startsWith('/en') ? /Mon 7:30 a\.m\.–4 p\.m\. · Tue–Fri 7:30 a\.m\.–5 p\.m\./ : /Lun 7 h 30–16 h · mar–ven 7 h 30–17 h/, path);
  }
  const contact = await (await fetch(url('/contact'))).text();
  assert.ok(contact.includes('"identifier":{"@type":"PropertyValue","name":"Licence RBQ","value":"1111-2222-33"}'));
  assert.ok(contact.includes('"openingHoursSpecification":[{"@type":"OpeningHoursSpecification","dayOfWeek":["https://schema.org/Monday"],"opens":"07:30","closes":"16:00"}'));

  // A visitor, in Chromium: the welcome page, the project's page, the contact page's hours.
  const visitor = await openPage(site.browser);
  await visitor.page.goto(url('/welcome'));
  const words = 'Une terrasse solide, montée en une semaine. Merci Julie !';
  await visitor.page.getByRole('region', { name: 'Ce que disent nos clients' }).getByText(words).waitFor();
  await visitor.page.goto(url(`/project/${added.ProjectId}`));
  await visitor.page.getByRole('region', { name: 'Ce qu’en dit le client' }).getByText(words).waitFor();
  await visitor.page.getByRole('contentinfo').getByRole('link', { name: /^Licence RBQ : 1111-2222-33/ }).waitFor();
  await visitor.page.getByRole('link', { name: 'Contactez-moi' }).first().click();
  await visitor.page.getByRole('row', { name: 'Lundi 7 h 30–16 h' }).waitFor();
  await expectNoSeriousA11yViolations(visitor.page, '/contact with the hours');
  await screenshot(visitor.page, 'contact-hours');

  // Unpublished: on no page any more.
  await page.getByRole('button', { name: 'Mettre à jour' }).click();
  await field('Publié').uncheck();
  await page.getByRole('button', { name: 'Accepter' }).click();
  await page.getByText(SUCCESS).waitFor();
  await visitor.page.goto(url(`/project/${added.ProjectId}`));
  await visitor.page.getByRole('heading', { level: 1 }).waitFor();
  assert.equal(await visitor.page.getByText(words).count(), 0);
  assert.ok(!(await (await fetch(url('/welcome'))).text()).includes(words));
  assert.deepEqual(visitor.problems, []);
  assert.deepEqual(owner.problems, []);
  await visitor.page.context().close();
});
