// A visitor whose browser runs no JavaScript (and a crawler that runs none): Chromium with
// JavaScript disabled, on the production build. Every public page arrives readable from the
// server (heading, text, photos with their AVIF/WebP srcset, menu, footer); the menu's drop-downs
// open on pointer and focus and their links are followed; every project of the sitemap is reached
// from the menu and the gallery pages, by following links only.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server.ts';
import { startSite, stopSite } from './support/site.ts';

let server: RunningServer;
let browser: Browser;

// A clock the test moves: the quote form's 3 seconds pass without waiting for them.
before(async () => ({ server, browser } = await startSite({}, { clock: true })));
after(() => stopSite({ server, browser }));

async function noScriptPage(viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'fr-CA', javaScriptEnabled: false });
  return context.newPage();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The page reads as a page: one h1, the menu, the footer; its photos carry their variants. */
async function expectReadable(page: Page, path: string) {
  const answer = await page.goto(server.origin + path);
  assert.equal(answer?.status(), 200, `${path}: status`);
  const h1 = (await page.locator('main h1').textContent())?.trim();
  assert.ok(h1 && h1 !== 'Chargement…', `${path}: heading « ${h1} »`);
  assert.ok(await page.getByRole('navigation', { name: 'Menu principal' }).isVisible(), `${path}: menu`);
  assert.ok(await page.getByRole('contentinfo').isVisible(), `${path}: footer`);
  for (const source of await page.locator('main picture source[type="image/avif"]').all()) {
    assert.match((await source.getAttribute('srcset')) ?? '', /\.avif \d+w/, `${path}: AVIF srcset`);
  }
  return h1;
}

/** Every in-site link of the page's main content and menu. */
async function links(page: Page): Promise<string[]> {
  const hrefs = await page.locator('header a[href^="/"], main a[href^="/"]').evaluateAll((anchors) =>
    anchors.map((a) => a.getAttribute('href') ?? ''),
  );
  return [...new Set(hrefs)];
}

test('every public page is readable without JavaScript', async () => {
  const page = await noScriptPage();
  assert.equal(await expectReadable(page, '/welcome'), 'Atelier Bois et Maison');
  // The carousel's first slide and a link to every project it shows.
  assert.equal(await page.locator('.carousel .slide img').count(), 1);
  assert.equal(await page.locator('.carousel-links a[href^="/project/"]').count(), 7);
  assert.equal(await expectReadable(page, '/about'), 'À propos de l’atelier');
  assert.equal(await expectReadable(page, '/contact'), 'Contactez-moi');
  assert.ok(await page.getByRole('link', { name: '819 555-0142' }).isVisible());
  assert.equal(await expectReadable(page, '/typeslist/2'), 'Potagers');
  assert.equal(await expectReadable(page, '/projecttype/1'), 'Bancs de jardin');
  await expectReadable(page, '/project/3');
  assert.ok(await page.locator('main picture img').isVisible());
  assert.equal((await page.goto(`${server.origin}/nulle-part`))?.status(), 404);
  assert.equal((await page.locator('main h1').textContent())?.trim(), 'Page introuvable');
  await page.context().close();
});

test('the menu opens and its links are followed, on a desktop and on a phone', async () => {
  const desktop = await noScriptPage();
  await desktop.goto(`${server.origin}/about`);
  const nav = desktop.getByRole('navigation', { name: 'Menu principal' });
  const entry = nav.getByRole('link', { name: 'Salle de lavage' });
  assert.equal(await entry.isVisible(), false);
  await nav.getByRole('button', { name: "Optimisation de l'espace" }).click();
  await entry.click();
  await desktop.waitForURL(/\/projecttype\/21$/);
  assert.equal((await desktop.locator('main h1').textContent())?.trim(), 'Salle de lavage');
  // The keyboard: Tab to a drop-down's button, its panel opens with the focus in it.
  await desktop.keyboard.press('Tab');
  for (let i = 0; i < 12 && !(await nav.getByRole('link', { name: 'Bancs' }).isVisible()); i += 1) await desktop.keyboard.press('Tab');
  assert.ok(await nav.getByRole('link', { name: 'Bancs' }).isVisible(), 'a focused drop-down shows its entries');
  await desktop.context().close();

  const phone = await noScriptPage({ width: 390, height: 844 });
  await phone.goto(`${server.origin}/welcome`);
  const phoneNav = phone.getByRole('navigation', { name: 'Menu principal' });
  assert.equal(await phoneNav.isVisible(), false);
  await phone.getByRole('button', { name: 'Menu' }).click();
  assert.ok(await phoneNav.isVisible());
  await phoneNav.getByRole('button', { name: 'Décoration' }).click();
  await phoneNav.getByRole('link', { name: 'Tablettes' }).click();
  await phone.waitForURL(/\/typeslist\/11$/);
  assert.equal((await phone.locator('main h1').textContent())?.trim(), 'Tablettes');
  await phone.context().close();
});

test('every project is reached from the menu and the gallery pages, by links only', async () => {
  const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text();
  const projects = new Set([...sitemap.matchAll(/<loc>[^<]*(\/project\/\d+)<\/loc>/g)].map((m) => m[1]));
  assert.ok(projects.size > 10);
  const page = await noScriptPage();
  await page.goto(`${server.origin}/welcome`);
  // From the menu's entries and every category's gallery page (the menu does not name every
  // category), not from the welcome page's random projects: through project types to projects.
  const menu = await page.locator('header nav a[href^="/"]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  const galleries = [...sitemap.matchAll(/<loc>[^<]*(\/typeslist\/\d+)<\/loc>/g)].map((m) => m[1] as string);
  const queue = [...new Set([...menu.filter((href) => /^\/(typeslist|projecttype)\//.test(href)), ...galleries])];
  const seen = new Set(queue);
  const reached = new Set<string>();
  while (queue.length > 0) {
    const path = queue.shift() as string;
    await expectReadable(page, path);
    for (const href of await links(page)) {
      if (/^\/project\/\d+$/.test(href)) reached.add(href);
      else if (/^\/(typeslist|projecttype)\/\d+$/.test(href) && !seen.has(href)) {
        seen.add(href);
        queue.push(href);
      }
    }
  }
  const missing = [...projects].filter((p) => !reached.has(p as string));
  assert.deepEqual(missing, [], 'projects no link leads to');
  for (const path of [...reached].slice(0, 5)) {
    await expectReadable(page, path);
    assert.equal(pathOf(page), path);
  }
  await page.context().close();
});

test('a quote request is sent without JavaScript: the form arrives with its token, the server answers in French', async () => {
  const page = await noScriptPage({ width: 390, height: 844 });
  const answer = await page.goto(`${server.origin}/contact`);
  assert.equal(answer?.status(), 200);
  // Rendered for this visit (its token is the moment the form was shown): no cache keeps it.
  assert.match(answer?.headers()['cache-control'] ?? '', /no-store/);
  assert.match((await page.locator('input[name="Token"]').getAttribute('value')) ?? '', /^\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  await page.locator('[name="Name"]').fill('Julie Tremblay');
  await page.locator('[name="Email"]').fill('julie@exemple.ca');
  await page.locator('[name="City"]').fill('Gatineau');
  await page.locator('[name="Work"]').selectOption('Autre');
  await page.locator('[name="Message"]').fill('Refaire le plancher du salon, environ 20 mètres carrés, en chêne.');
  await page.locator('[name="Consent"]').check();
  // A person takes more than 3 seconds to fill the form (a robot that posts at once is refused:
  // server/test/quote.test.ts, QuoteForm.test.tsx): the server's clock moves past them.
  await server.advanceClock(3_100);
  await page.getByRole('button', { name: /Envoyer/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Demande envoyée' }).waitFor();
  assert.match((await page.getByRole('status').textContent()) ?? '', /^Merci ! Votre demande est bien reçue/);

  // The privacy page the form links to is a server-rendered page too.
  const desktop = await noScriptPage();
  assert.equal(await expectReadable(desktop, '/confidentialite'), 'Politique de confidentialité');
  assert.match((await desktop.locator('main').textContent()) ?? '', /conservées 365 jours/);
});
