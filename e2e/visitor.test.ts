// A visitor on the production build (`npm start`, fresh DATA_DIR with the demo content) in a real
// Chromium: every menu entry, the drop-downs with the mouse and the keyboard, the carousel (dots,
// keys, swipe, popup), types list → project type → project → 'Retour', about, contact, the
// not-found pages, a stored `<script>` shown as text. On every page: no console error, no
// uncaught exception, no HTTP error other than the deliberate not-found answers, and no serious
// or critical axe-core violation. Screenshots at 390×844 and 1440×900 go to e2e/screenshots/.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import md5 from 'blueimp-md5';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { openPage, type WatchedPage } from './support/browser.ts';
import { screenshot } from './support/screenshots.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer } from './support/server.ts';
import { startSite, stopSite } from './support/site.ts';
import { demoMenu } from '../contract/menu.ts';

const BUSINESS = 'Atelier Bois et Maison';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let server: RunningServer;
let browser: Browser;

before(async () => ({ server, browser } = await startSite()));
after(() => stopSite({ server, browser }));

// ── helpers ────────────────────────────────────────────────────────────────────────────────────

const url = (path: string) => `${server.origin}${path}`;
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The page's one h1, once it reads `text` (headings start as « Chargement… » and the like). */
async function heading(page: Page, text: string) {
  const h1 = page.locator('main h1');
  await h1.filter({ hasText: text }).waitFor();
  assert.equal((await h1.textContent())?.trim(), text);
}

/** The page's script has taken over (the header drops `is-static`): its buttons answer. */
const scriptsLive = (page: Page) => page.locator('header.site-header:not(.is-static)').waitFor();

/**
 * A desktop page at `path`, once it shows its heading and its script has taken over (the header
 * drops `is-static`: until then the menu is the one that works without JavaScript, opening on
 * hover). The scripts start once the page's photo is painted, which can be after its load event.
 */
async function openAt(path: string, text: string): Promise<WatchedPage> {
  const watched = await openPage(browser, DESKTOP);
  await watched.page.goto(url(path));
  await heading(watched.page, text);
  await scriptsLive(watched.page);
  return watched;
}

/** The end of a walk: nothing went wrong on the way (`what`), and its browser context closes. */
async function finish(watched: WatchedPage, what: string) {
  await expectNoProblems(watched, what);
  await watched.page.context().close();
}

/** The page reached `path` and shows its heading. */
async function arrived(page: Page, path: string, text: string) {
  await page.waitForURL(url(path));
  await heading(page, text);
}

/** What the browser tab shows. */
async function expectTitle(page: Page, title: string) {
  await page.waitForFunction((expected) => document.title === expected, title);
}

/**
 * No console error, uncaught exception or HTTP error since the last check, except one 404 (and
 * the console line Chromium writes for it) for each API path in `expected404`, which must come
 * (the page may still be asking when its heading shows); then starts over.
 */
async function expectNoProblems(watched: WatchedPage, where: string, expected404: string[] = []) {
  const expected = expected404.map((path) => `HTTP 404: ${url(path)}`);
  for (let waited = 0; waited < 5000 && !expected.every((e) => watched.problems.includes(e)); waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const rest = watched.problems.splice(0);
  for (const answer of expected) {
    const http = rest.indexOf(answer);
    assert.notEqual(http, -1, `${where}: expected « ${answer} », saw ${JSON.stringify(rest)}`);
    rest.splice(http, 1);
    const line = rest.findIndex((p) => /^console: Failed to load resource: .* 404 \(Not Found\)$/.test(p));
    if (line !== -1) rest.splice(line, 1);
  }
  assert.deepEqual(rest, [], `${where}: console errors, exceptions or HTTP errors`);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const dropdownButton = (page: Page, name: string) => nav(page).getByRole('button', { name, exact: true });
const main = (page: Page) => page.locator('main');

/** The caption of the slide the carousel shows. */
const shownSlide = (page: Page) =>
  page.locator('.slick-slide.slick-active .slide-caption').textContent().then((text) => text?.trim());

/** Waits until the carousel shows slide `index` (from 0) and has stopped moving. */
async function slideSettled(page: Page, index: number) {
  await page.waitForFunction(
    (i) =>
      document.querySelector('.slick-slide.slick-active')?.getAttribute('data-index') === String(i) &&
      !document.querySelector<HTMLElement>('.slick-track')?.style.transition,
    index,
  );
}

/** Two frames drawn: the input sent before has been handled and its result painted. */
async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function openWelcome(page: Page) {
  await page.goto(url('/welcome'));
  await heading(page, BUSINESS);
  await page.getByRole('region', { name: 'Projets en vedette' }).waitFor();
  await page.locator('.slick-slider.slick-initialized .slick-slide.slick-active .slide-button').waitFor();
}

/** Stops the automatic advance with the carousel's own button, so a slide stays put. */
async function pauseCarousel(page: Page) {
  await page.getByRole('button', { name: 'Mettre le défilement en pause' }).click();
  await page.getByRole('button', { name: 'Reprendre le défilement' }).waitFor();
}

async function captions(page: Page) {
  return (await page.locator('.slick-slide:not(.slick-cloned) .slide-caption').allTextContents()).map((c) => c.trim());
}

/** A fast one-finger horizontal swipe from (x, y), `dx` pixels, through the DevTools protocol. */
async function swipe(page: Page, x: number, y: number, dx: number, { dy = 0, ms = 120 } = {}) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 6;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= steps; i += 1) {
    await new Promise((r) => setTimeout(r, ms / steps));
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * i) / steps, y: y + (dy * i) / steps }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The welcome page with its carousel paused: the slides' captions and the centre of the shown one. */
async function carouselAtRest(page: Page) {
  await openWelcome(page);
  await pauseCarousel(page);
  const names = await captions(page);
  return { names, ...(await shownSlideCentre(page)) };
}

/** The centre of the carousel's shown photo, scrolled into view. */
async function shownSlideCentre(page: Page) {
  const button = page.locator('.slick-slide.slick-active .slide-button');
  await button.scrollIntoViewIfNeeded();
  // A finger lands on what the screen shows: let the scroll reach the compositor first.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const box = await button.boundingBox();
  assert.ok(box);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

// ── the menu ───────────────────────────────────────────────────────────────────────────────────

/** Spec section 2 (the demo menu), with the heading each target page shows where it is not the entry's label. */
const HEADINGS: Record<string, string> = { '/projecttype/1': 'Bancs de jardin', '/projecttype/19': 'Casiers familiaux', '/projecttype/22': 'Étagères de rangement' };
const MENU = demoMenu.Dropdowns.map((dropdown) => ({
  title: dropdown.Title,
  entries: dropdown.Entries.map((entry) => ({ label: entry.Label, href: entry.Href, heading: HEADINGS[entry.Href] ?? entry.Label })),
}));
const RIGHT_LINKS = [
  { label: 'A Propos', href: '/about', heading: 'À propos de l’atelier', title: `À propos | ${BUSINESS}` },
  { label: 'Contactez-moi', href: '/contact', heading: 'Contactez-moi', title: `Contactez-moi | ${BUSINESS}` },
];

test('every menu entry leads to its page: heading, address, title, photo cards', async () => {
  const watched = await openPage(browser, DESKTOP);
  const { page } = watched;
  await openWelcome(page);
  await expectTitle(page, `${BUSINESS} — rénovation et ébénisterie à Gatineau`);
  await expectNoSeriousA11yViolations(page, '/welcome');
  await expectNoProblems(watched, '/welcome');

  for (const dropdown of MENU) {
    for (const entry of dropdown.entries) {
      await dropdownButton(page, dropdown.title).click();
      const link = nav(page).getByRole('link', { name: entry.label, exact: true });
      await link.click();
      await page.waitForURL(url(entry.href));
      await link.waitFor({ state: 'hidden' }); // the panel fades out in 100 ms
      await heading(page, entry.heading);
      await expectTitle(page, `${entry.heading} | ${BUSINESS}`);
      // The drop-down closed behind the visitor, and the page shows photo cards.
      assert.equal(await dropdownButton(page, dropdown.title).getAttribute('aria-expanded'), 'false');
      await main(page).locator('.card-link').first().waitFor();
      assert.ok((await main(page).locator('.card-link').count()) > 0, `${entry.href} shows cards`);
      await expectNoSeriousA11yViolations(page, entry.href);
      await expectNoProblems(watched, entry.href);
    }
  }
  for (const link of RIGHT_LINKS) {
    await nav(page).getByRole('link', { name: link.label, exact: true }).click();
    await arrived(page, link.href, link.heading);
    await expectTitle(page, link.title);
    assert.equal(await nav(page).getByRole('link', { name: link.label, exact: true }).getAttribute('aria-current'), 'page');
    await expectNoProblems(watched, link.href);
  }
  // The logo goes to / which lands on the welcome page.
  await page.getByRole('link', { name: `${BUSINESS} — accueil` }).click();
  await arrived(page, '/welcome', BUSINESS);
  await finish(watched, 'logo → /welcome');
});

test('drop-downs with the mouse: open on click, one at a time, close on a second click or outside', async () => {
  const watched = await openAt('/about', 'À propos de l’atelier');
  const { page } = watched;
  const outdoor = dropdownButton(page, 'Projets extérieurs');
  const decoration = dropdownButton(page, 'Décoration');
  const benches = nav(page).getByRole('link', { name: 'Bancs', exact: true });
  const shelves = nav(page).getByRole('link', { name: 'Tablettes', exact: true });

  assert.equal(await benches.isVisible(), false, 'closed at first');
  await outdoor.hover();
  assert.equal(await benches.isVisible(), false, 'hovering does not open it (spec: opens on click)');
  await outdoor.click();
  await benches.waitFor();
  assert.equal(await outdoor.getAttribute('aria-expanded'), 'true');
  await expectNoSeriousA11yViolations(page, 'drop-down open');

  await decoration.click();
  await shelves.waitFor();
  await benches.waitFor({ state: 'hidden' });
  assert.equal(await outdoor.getAttribute('aria-expanded'), 'false');

  await decoration.click();
  await shelves.waitFor({ state: 'hidden' });

  await outdoor.click();
  await benches.waitFor();
  await page.getByRole('heading', { name: 'Petits travaux dans la maison' }).click();
  await benches.waitFor({ state: 'hidden' });
  assert.equal(await outdoor.getAttribute('aria-expanded'), 'false');
  assert.equal(pathOf(page), '/about', 'an outside click only closes the menu');
  await finish(watched, 'drop-downs with the mouse');
});

test('drop-downs with the keyboard: Enter and Space open, Tab walks in, Escape and Tab out close', async () => {
  const watched = await openAt('/contact', 'Contactez-moi');
  const { page } = watched;
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
  const optimisation = dropdownButton(page, "Optimisation de l'espace");
  const lockers = nav(page).getByRole('link', { name: 'Casiers familial', exact: true });

  // From the top of the page: skip link, logo, the English page's link, first drop-down, second drop-down.
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'Aller au contenu');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'English');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), "Optimisation de l'espace");

  await page.keyboard.press('Enter');
  await lockers.waitFor();
  assert.equal(await optimisation.getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'Casiers familial');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'Porte-documents');
  await page.keyboard.press('Escape');
  await lockers.waitFor({ state: 'hidden' });
  assert.equal(await focused(), "Optimisation de l'espace", 'Escape puts the focus back on the button');

  await page.keyboard.press(' ');
  await lockers.waitFor();
  for (const label of ['Casiers familial', 'Porte-documents', 'Salle de lavage', 'Étagères']) {
    await page.keyboard.press('Tab');
    assert.equal(await focused(), label);
  }
  await page.keyboard.press('Tab'); // leaves the drop-down for the next one
  assert.equal(await focused(), 'Décoration');
  await lockers.waitFor({ state: 'hidden' });
  assert.equal(await optimisation.getAttribute('aria-expanded'), 'false');

  // Shift+Tab back out of an open drop-down closes it too.
  await page.keyboard.press('Enter');
  const shelves = nav(page).getByRole('link', { name: 'Tablettes', exact: true });
  await shelves.waitFor();
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(), "Optimisation de l'espace");
  await shelves.waitFor({ state: 'hidden' });

  // Enter on an entry follows it.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'Salle de lavage');
  await page.keyboard.press('Enter');
  await arrived(page, '/projecttype/21', 'Salle de lavage');
  await lockers.waitFor({ state: 'hidden' });
  await finish(watched, 'drop-downs with the keyboard');
});

test('on a phone the menu folds behind « Menu »: open, pick an entry, it folds again; Escape folds it', async () => {
  const watched = await openPage(browser, PHONE, { hasTouch: true, isMobile: true });
  const { page } = watched;
  await openWelcome(page);
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  const decoration = dropdownButton(page, 'Décoration');
  assert.equal(await decoration.isVisible(), false, 'folded at first');
  await toggle.tap();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await decoration.tap();
  const keyHolder = nav(page).getByRole('link', { name: 'Porte-clés mural', exact: true });
  await keyHolder.tap();
  await arrived(page, '/projecttype/25', 'Porte-clés mural');
  await decoration.waitFor({ state: 'hidden' });
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');

  await toggle.tap();
  await decoration.waitFor();
  await page.keyboard.press('Escape');
  await decoration.waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Menu');
  await expectNoSeriousA11yViolations(page, '/projecttype/25 (phone)');
  await finish(watched, 'phone menu');
});

test('on a phone, the menu and a drop-down tapped open before the scripts start stay open when they take over', async () => {
  const watched = await openPage(browser, PHONE, { hasTouch: true, isMobile: true });
  const { page } = watched;
  // The application's scripts wait until the visitor has tapped (a phone's slow network).
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/static\/(?!boot\.)[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(url('/welcome'));
  await heading(page, BUSINESS);
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  const decoration = dropdownButton(page, 'Décoration');
  const keyHolder = nav(page).getByRole('link', { name: 'Porte-clés mural', exact: true });
  await toggle.tap();
  await decoration.tap();
  await keyHolder.waitFor();
  assert.equal(await page.locator('header.site-header.is-static').count(), 1, 'opened by the style sheet, before the scripts');

  release();
  await scriptsLive(page);
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true', 'the menu stays open');
  assert.equal(await decoration.getAttribute('aria-expanded'), 'true', 'the drop-down stays open');
  assert.equal(await keyHolder.isVisible(), true);
  await keyHolder.tap();
  await arrived(page, '/projecttype/25', 'Porte-clés mural');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'following an entry folds the menu');
  await finish(watched, 'phone menu before the scripts');
});

// ── the welcome carousel ───────────────────────────────────────────────────────────────────────

test('carousel: 7 projects, alt = business + project, dots, arrow keys, popup with Escape and focus back', async () => {
  const watched = await openPage(browser, DESKTOP);
  const { page } = watched;
  await openWelcome(page);
  await pauseCarousel(page);

  const names = await captions(page);
  assert.equal(names.length, 7, 'spec: 7 random projects');
  const known = new Set(((await (await fetch(url('/api/project/all/'))).json()) as { Name: string }[]).map((p) => p.Name));
  for (const name of names) assert.ok(known.has(name), `« ${name} » is a project`);
  const alts = await page.locator('.slick-slide:not(.slick-cloned) .slide-button img').evaluateAll((images) =>
    images.map((image) => image.getAttribute('alt')),
  );
  assert.deepEqual(alts, names.map((name) => `${BUSINESS} — ${name}`));
  assert.equal(await page.locator('.carousel .slick-arrow').count(), 0, 'spec: no arrows');
  assert.equal(await shownSlide(page), names[0]);

  // Dots.
  const dot = (n: number) => page.getByRole('button', { name: `Afficher le projet ${n} sur 7`, exact: true });
  await dot(3).click();
  await slideSettled(page, 2);
  assert.equal(await shownSlide(page), names[2]);
  assert.equal(await dot(3).getAttribute('aria-current'), 'true');
  await dot(7).click();
  await slideSettled(page, 6);
  assert.equal(await shownSlide(page), names[6]);
  await dot(3).click();
  await slideSettled(page, 2);

  // Arrow keys, with the focus on the shown photo; the focus follows the slide.
  const focusedAlt = () => page.evaluate(() => document.activeElement?.querySelector('img')?.getAttribute('alt'));
  await page.locator('.slick-slide.slick-active .slide-button').focus();
  await page.keyboard.press('ArrowRight');
  await slideSettled(page, 3);
  assert.equal(await shownSlide(page), names[3]);
  await page.waitForFunction((alt) => document.activeElement?.querySelector('img')?.getAttribute('alt') === alt, `${BUSINESS} — ${names[3]}`);
  await page.keyboard.press('ArrowLeft');
  await slideSettled(page, 2);
  assert.equal(await shownSlide(page), names[2]);
  await page.waitForFunction((alt) => document.activeElement?.querySelector('img')?.getAttribute('alt') === alt, `${BUSINESS} — ${names[2]}`);

  // Enter on the photo opens the full-screen popup, focus on « Fermer ».
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Photo : ${names[2]}` });
  await dialog.waitFor();
  assert.equal(await dialog.getAttribute('aria-modal'), 'true');
  // A photo (its alt) or, for the demo's video project when it is drawn, a video (its label).
  const media = dialog.locator('img, video').first();
  assert.equal(await media.evaluate((el) => (el instanceof HTMLImageElement ? el.alt : el.getAttribute('aria-label'))), `${BUSINESS} — ${names[2]}`);
  await dialog.getByText('3 / 7', { exact: true }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Fermer ✕');
  await page.keyboard.press('ArrowRight');
  await page.getByRole('dialog', { name: `Photo : ${names[3]}` }).getByText('4 / 7', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Photo précédente' }).click();
  await page.getByRole('dialog', { name: `Photo : ${names[2]}` }).getByText('3 / 7', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Photo suivante' }).click();
  const fourth = page.getByRole('dialog', { name: `Photo : ${names[3]}` });
  await fourth.waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.lightbox img')].every((i) => i.complete));
  await expectNoSeriousA11yViolations(page, 'popup');
  await page.keyboard.press('Escape');
  await fourth.waitFor({ state: 'detached' });
  // Closed on the 4th photo: the carousel shows it and the focus is back on it.
  assert.equal(await shownSlide(page), names[3]);
  assert.equal(await focusedAlt(), `${BUSINESS} — ${names[3]}`);

  // A click on a photo opens the popup too; « Voir le projet » goes to the project.
  await page.locator('.slick-slide.slick-active .slide-button').click();
  await fourth.waitFor();
  await fourth.getByRole('link', { name: 'Voir le projet' }).click();
  await heading(page, names[3]!);
  assert.match(pathOf(page), /^\/project\/\d+$/);
  assert.equal(await page.getByRole('dialog').count(), 0);
  await finish(watched, 'carousel');
});

test('carousel and popup on a phone: a fast swipe changes the photo, a vertical drag does not', async () => {
  const watched = await openPage(browser, PHONE, { hasTouch: true, isMobile: true });
  const { page } = watched;
  await openWelcome(page);
  await pauseCarousel(page);
  const names = await captions(page);

  // A fast 100 px swipe, both ways.
  const { x, y } = await shownSlideCentre(page);
  await swipe(page, x + 60, y, -100);
  await slideSettled(page, 1);
  assert.equal(await shownSlide(page), names[1]);
  await swipe(page, x - 60, y, 100);
  await slideSettled(page, 0);
  assert.equal(await shownSlide(page), names[0]);
  assert.equal(await page.getByRole('dialog').count(), 0, 'a swipe does not open the popup');

  // The popup follows the spec's rule: under 1000 ms, over 30 px across, 3 times more than down.
  await page.locator('.slick-slide.slick-active .slide-button').tap();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('1 / 7', { exact: true }).waitFor();
  await swipe(page, 250, 420, -40);
  await dialog.getByText('2 / 7', { exact: true }).waitFor();
  assert.equal(await dialog.getAttribute('aria-label'), `Photo : ${names[1]}`);
  await swipe(page, 200, 420, 40, { dy: 20 }); // more down than a third of across: not a swipe
  await swipe(page, 200, 420, 40, { ms: 1200 }); // too slow
  await nextFrames(page); // the page has handled both gestures and drawn the result
  assert.equal(await dialog.getByText('2 / 7', { exact: true }).count(), 1, 'neither gesture changed the photo');
  await swipe(page, 200, 420, 40);
  await dialog.getByText('1 / 7', { exact: true }).waitFor();
  await page.getByRole('button', { name: /^Fermer/ }).tap();
  await dialog.waitFor({ state: 'detached' });
  await finish(watched, 'carousel on a phone');
});

test('carousel on a phone: a 40 px swipe changes the photo (spec section 9: over 30 px)', async () => {
  const watched = await openPage(browser, PHONE, { hasTouch: true, isMobile: true });
  const { page } = watched;
  try {
    const { names, x, y } = await carouselAtRest(page);
    await swipe(page, x, y, -40);
    await slideSettled(page, 1);
    assert.equal(await shownSlide(page), names[1]);
  } finally {
    await page.context().close();
  }
});

test('carousel with a mouse: dragging the photo moves the carousel without opening the popup', async () => {
  const watched = await openPage(browser, DESKTOP);
  const { page } = watched;
  try {
    const { names, x, y } = await carouselAtRest(page);
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 6; i += 1) await page.mouse.move(x - 50 * i, y);
    await page.mouse.up();
    await slideSettled(page, 1);
    assert.equal(await shownSlide(page), names[1]);
    assert.equal(await page.getByRole('dialog').count(), 0);
  } finally {
    await page.context().close();
  }
});

// ── the gallery, about, contact ────────────────────────────────────────────────────────────────

test('types list → project type → project → Retour → Retour, back where the visitor came from', async () => {
  const watched = await openPage(browser, DESKTOP);
  const { page } = watched;
  await openWelcome(page);
  await dropdownButton(page, 'Projets extérieurs').click();
  await nav(page).getByRole('link', { name: 'Potagers', exact: true }).click();
  await heading(page, 'Potagers');
  const typeCards = main(page).locator('.card-title');
  assert.deepEqual(await typeCards.allTextContents(), ['Potagers surélevés', 'Jardinières et bacs à fleurs']);
  await main(page).getByText('Bacs de culture surélevés en cèdre, à hauteur de taille', { exact: false }).waitFor();

  await main(page).getByRole('link', { name: 'Potagers surélevés', exact: true }).click();
  await arrived(page, '/projecttype/2', 'Potagers surélevés');
  await main(page).getByRole('link', { name: 'Trio de potagers en cèdre', exact: true }).waitFor();
  assert.ok(await main(page).getByRole('button', { name: 'Retour' }).isVisible());

  await main(page).getByRole('link', { name: 'Trio de potagers en cèdre', exact: true }).click();
  await page.waitForURL(/\/project\/\d+$/);
  await heading(page, 'Trio de potagers en cèdre');
  await expectTitle(page, `Trio de potagers en cèdre | ${BUSINESS}`);
  const photo = main(page).getByRole('img', { name: `${BUSINESS} — Trio de potagers en cèdre` });
  await photo.waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('main img')].every((i) => i.complete && i.naturalWidth > 0));
  await main(page).getByText('Trois bacs de 4 × 8 pieds avec allées en paillis', { exact: false }).waitFor();
  await main(page).getByRole('link', { name: 'Autres projets : Potagers surélevés' }).waitFor();
  await expectNoSeriousA11yViolations(page, 'project page');

  await main(page).getByRole('button', { name: 'Retour' }).click();
  await arrived(page, '/projecttype/2', 'Potagers surélevés');
  await main(page).getByRole('button', { name: 'Retour' }).click();
  await arrived(page, '/typeslist/2', 'Potagers');
  await expectNoProblems(watched, 'gallery walk');

  // 'Retour' on the first page of a visit has nowhere to go back to: it goes to the welcome page.
  await page.goto(url('/project/1'));
  await heading(page, 'Banc de parc en cèdre rouge');
  // A button, not a link: it answers once the script is there (it starts after the photo's paint).
  await scriptsLive(page);
  await main(page).getByRole('button', { name: 'Retour' }).click();
  await arrived(page, '/welcome', BUSINESS);
  await finish(watched, 'Retour on a first page');
});

test('about: the owner presents himself, then electricity, plumbing and painting', async () => {
  const watched = await openAt('/about', 'À propos de l’atelier');
  const { page } = watched;
  await expectTitle(page, `À propos | ${BUSINESS}`);
  await main(page).getByRole('img', { name: 'Marc Tremblay, propriétaire, dans son atelier' }).waitFor();
  await main(page).getByText('Je m’appelle Marc Tremblay.', { exact: false }).waitFor();
  await main(page).getByRole('heading', { level: 2, name: 'Petits travaux dans la maison' }).waitFor();
  const services = main(page).locator('.service');
  assert.deepEqual(await services.locator('h3').allTextContents(), ['Électricité', 'Plomberie', 'Peinture']);
  assert.match((await services.nth(0).locator('p').textContent()) ?? '', /luminaires, d’interrupteurs et de prises/);
  assert.match((await services.nth(1).locator('p').textContent()) ?? '', /robinets, d’éviers et de toilettes/);
  assert.match((await services.nth(2).locator('p').textContent()) ?? '', /Peinture intérieure soignée/);
  await main(page).getByRole('link', { name: 'Me contacter' }).click();
  await arrived(page, '/contact', 'Contactez-moi');
  await finish(watched, '/about');
});

test('contact: phone, two e-mails, the city on a map, the social page, the workshop photo; the footer', async () => {
  const watched = await openAt('/contact', 'Contactez-moi');
  const { page } = watched;
  await expectTitle(page, `Contactez-moi | ${BUSINESS}`);
  const link = (name: string) => main(page).getByRole('link', { name, exact: true });
  assert.equal(await link('819 555-0142').getAttribute('href'), 'tel:+18195550142');
  assert.equal(await link('info@exemple.ca').getAttribute('href'), 'mailto:info@exemple.ca');
  assert.equal(await link('soumissions@exemple.ca').getAttribute('href'), 'mailto:soumissions@exemple.ca');
  const map = link('Gatineau, Québec (voir la carte) (nouvelle fenêtre)');
  assert.match((await map.getAttribute('href')) ?? '', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Gatineau/);
  assert.equal(await map.getAttribute('target'), '_blank');
  const social = link('Facebook (nouvelle fenêtre)');
  assert.equal(await social.getAttribute('href'), 'https://www.facebook.com/');
  assert.equal(await social.getAttribute('target'), '_blank');
  for (const term of ['Téléphone', 'Renseignements', 'Soumissions', 'Secteur desservi', 'Réseaux sociaux']) {
    await main(page).locator('dt', { hasText: term }).waitFor();
  }
  await main(page).getByRole('img', { name: `${BUSINESS} : l’atelier` }).waitFor();

  // The footer, on this page as on every other.
  const footer = page.locator('footer');
  await footer.getByRole('heading', { name: 'Nous joindre' }).waitFor();
  assert.equal(await footer.getByRole('link', { name: 'info@exemple.ca' }).getAttribute('href'), 'mailto:info@exemple.ca');
  assert.equal(await footer.getByRole('link', { name: 'Notre page Facebook' }).getAttribute('href'), 'https://www.facebook.com/');
  await footer.getByText('Gatineau, Québec', { exact: true }).waitFor();
  assert.deepEqual(await footer.locator('.footer-services li').allTextContents(), [
    'Rénovation',
    'Consultation',
    'Peinture et teinture',
    'Terrasses et potagers',
    'Meubles et décoration',
  ]);
  const year = new Date().getFullYear();
  await footer.getByText(`© ${year > 2022 ? `2022–${year}` : '2022'} ${BUSINESS}. Tous droits réservés.`).waitFor();
  await finish(watched, '/contact');
});

// ── not found ──────────────────────────────────────────────────────────────────────────────────

test('not-found pages: an unknown route, a non-numeric id, an unknown project, project type or category', async () => {
  const watched = await openPage(browser, DESKTOP);
  const { page } = watched;
  // The page itself answers 404 (rendered by the server); the browser asks once more for what
  // the server found missing (RTK Query fetches a failed answer again when a component mounts).
  const cases = [
    { path: '/nulle-part', api404: ['/nulle-part'] },
    { path: '/project/abc', api404: ['/project/abc'] },
    { path: '/project/999999', api404: ['/project/999999', '/api/project/999999'] },
    { path: '/projecttype/999999', api404: ['/projecttype/999999', '/api/projects/999999', '/api/subtype/999999'] },
    { path: '/typeslist/999999', api404: ['/typeslist/999999', '/api/projecttype/999999'] },
  ];
  for (const { path, api404 } of cases) {
    await page.goto(url(path));
    await heading(page, 'Page introuvable');
    await expectTitle(page, `Page introuvable | ${BUSINESS}`);
    await main(page).getByText("La page demandée n'existe pas ou a été déplacée.").waitFor();
    await expectNoSeriousA11yViolations(page, path);
    await expectNoProblems(watched, path, api404);
  }
  await main(page).getByRole('link', { name: "Retour à l'accueil" }).click();
  await arrived(page, '/welcome', BUSINESS);
  await finish(watched, "Retour à l'accueil");
});

// ── screenshots ────────────────────────────────────────────────────────────────────────────────

const SHOTS = [
  { name: 'welcome', path: '/welcome', heading: BUSINESS },
  { name: 'typeslist', path: '/typeslist/2', heading: 'Potagers' },
  { name: 'projecttype', path: '/projecttype/1', heading: 'Bancs de jardin' },
  { name: 'project', path: '/project/1', heading: 'Banc de parc en cèdre rouge' },
  { name: 'about', path: '/about', heading: 'À propos de l’atelier' },
  { name: 'contact', path: '/contact', heading: 'Contactez-moi' },
  { name: 'notfound', path: '/nulle-part', heading: 'Page introuvable' },
];

for (const viewport of [PHONE, DESKTOP]) {
  test(`screenshots and axe at ${viewport.width}×${viewport.height}, popup open included`, async () => {
    const watched = await openPage(browser, viewport);
    const { page } = watched;
    for (const shot of SHOTS) {
      await page.goto(url(shot.path));
      await heading(page, shot.heading);
      if (shot.name === 'welcome') await pauseCarousel(page);
      else if (shot.name !== 'about' && shot.name !== 'contact' && shot.name !== 'notfound') {
        await main(page).locator('.card-link, .project-media img').first().waitFor();
      }
      await screenshot(page, shot.name);
      await expectNoSeriousA11yViolations(page, `${shot.path} at ${viewport.width}`);
      await expectNoProblems(watched, `${shot.path} at ${viewport.width}`, shot.name === 'notfound' ? [shot.path] : []);
    }
    await openWelcome(page);
    await pauseCarousel(page);
    await page.locator('.slick-slide.slick-active .slide-button').click();
    await page.getByRole('dialog').waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.lightbox img')].every((i) => i.complete));
    await screenshot(page, 'popup', { fullPage: false });
    await expectNoSeriousA11yViolations(page, `popup at ${viewport.width}`);
    await finish(watched, `popup at ${viewport.width}`);
  });
}

// ── a stored <script> stays text ───────────────────────────────────────────────────────────────

const SCRIPT = '<script>window.__pwned=1</script>';
const IMG = '<img src=x onerror=window.__pwned=1>';

/** The API as the administrator's browser calls it: XSRF cookie and header, bearer token. */
async function adminApi() {
  const cookie = (await fetch(url('/welcome'))).headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  assert.ok(cookie, 'the page hands out an XSRF-TOKEN cookie');
  const xsrf = cookie.split(';')[0]!.slice('XSRF-TOKEN='.length);
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const answer = await fetch(url(path), {
      method,
      headers: {
        'Content-Type': 'application/json',
        Cookie: `XSRF-TOKEN=${xsrf}`,
        'X-XSRF-TOKEN': xsrf,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.equal(answer.status, 200, `${method} ${path}`);
    return (await answer.json()) as Record<string, unknown>;
  };
  const login = await call('POST', '/api/login/', { Email: ADMIN_EMAIL, Pwd: md5(ADMIN_PASSWORD) });
  assert.equal(login.Result, true);
  const token = login.Token as string;
  return {
    async add(path: string, body: Record<string, unknown>) {
      const answer = await call('POST', path, body, token);
      assert.equal(answer.Result, true, `${path}: ${String(answer.Message)}`);
    },
    async idOf(list: string, name: string) {
      const all = (await (await fetch(url(list))).json()) as { Id: number; Name: string }[];
      const found = all.find((record) => record.Name === name);
      assert.ok(found, `${name} in ${list}`);
      return found.Id;
    },
  };
}

test('a stored name containing <script> or <img onerror> shows as text everywhere', async () => {
  const category = `Catégorie ${IMG}`;
  const type = `Type ${SCRIPT}`;
  const typeDescription = `Description ${IMG} et ${SCRIPT}`;
  const projects = [`${SCRIPT} banc`, `${IMG} coffre`];
  const projectDescription = `Description ${SCRIPT} avec ${IMG}`;

  const api = await adminApi();
  await api.add('/api/category/', { Id: 0, Name: category });
  const categoryId = await api.idOf('/api/category/all/', category);
  await api.add('/api/projecttype/', { Id: 0, CategoryId: categoryId, Name: type, Description: typeDescription, Image: 'type-bancs.jpg' });
  const typeId = await api.idOf('/api/projecttype/all/', type);
  for (const name of projects) {
    await api.add('/api/project/', { Id: 0, ProjectTypeId: typeId, Name: name, Description: projectDescription, Image: 'banc-cedre-rouge.jpg' });
  }
  const projectId = await api.idOf('/api/project/all/', projects[0]!);
  await api.add('/api/subtype/add/', { SrcId: 1, DestId: typeId }); // shown under « Voir aussi » on /projecttype/1

  const watched = await openPage(browser, DESKTOP);
  const { page } = watched;
  const expectInert = async (where: string) => {
    assert.equal(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned), undefined, `${where}: script ran`);
    // The one script in the body is the API cache the server handed over: data, its `<` escaped.
    assert.equal(await page.locator('body script:not([type="application/json"]), img[src="x"]').count(), 0, `${where}: markup made elements`);
    for (const data of await page.locator('body script[type="application/json"]').allTextContents()) assert.ok(!data.includes('<'), `${where}: raw < in data`);
    await expectNoProblems(watched, where);
  };
  const visible = (text: string) => main(page).getByText(text, { exact: true }).first().waitFor();

  await page.goto(url(`/typeslist/${categoryId}`));
  await heading(page, category);
  await expectTitle(page, `${category} | ${BUSINESS}`);
  await main(page).getByRole('link', { name: type, exact: true }).waitFor();
  await visible(typeDescription);
  await screenshot(page, 'xss-typeslist');
  await expectInert('types list');

  await main(page).getByRole('link', { name: type, exact: true }).click();
  await heading(page, type);
  await visible(typeDescription);
  for (const name of projects) await main(page).getByRole('link', { name, exact: true }).waitFor();
  await expectInert('project type');

  await main(page).getByRole('link', { name: projects[0]!, exact: true }).click();
  await arrived(page, `/project/${projectId}`, projects[0]!);
  await expectTitle(page, `${projects[0]} | ${BUSINESS}`);
  await visible(projectDescription);
  await main(page).getByRole('img', { name: `${BUSINESS} — ${projects[0]}` }).waitFor();
  await main(page).getByRole('link', { name: `Autres projets : ${type}` }).waitFor();
  await screenshot(page, 'xss-project');
  await expectInert('project');

  await page.goto(url('/projecttype/1'));
  await heading(page, 'Bancs de jardin');
  await main(page).getByRole('heading', { name: 'Voir aussi' }).waitFor();
  await main(page).getByRole('link', { name: type, exact: true }).waitFor();
  await expectInert('Voir aussi');

  // The carousel draws 7 of 42 projects at random (40 of the demo, 2 added here): reload until one of ours is on it.
  let shown: string | undefined;
  for (let attempt = 0; attempt < 15 && !shown; attempt += 1) {
    await openWelcome(page);
    const names = await captions(page);
    shown = projects.find((name) => names.includes(name));
  }
  if (shown) {
    await pauseCarousel(page);
    const index = (await captions(page)).indexOf(shown);
    await page.getByRole('button', { name: `Afficher le projet ${index + 1} sur 7`, exact: true }).click();
    await slideSettled(page, index);
    assert.equal(await shownSlide(page), shown);
    assert.equal(await page.locator('.slick-slide.slick-active .slide-button img').getAttribute('alt'), `${BUSINESS} — ${shown}`);
    await page.locator('.slick-slide.slick-active .slide-button').click();
    const dialog = page.getByRole('dialog', { name: `Photo : ${shown}` });
    await dialog.waitFor();
    await dialog.getByText(shown, { exact: false }).waitFor();
    await expectInert('carousel and popup');
  } else {
    console.log('The carousel did not draw the <script> projects in 15 loads: carousel not checked.');
  }
  await page.context().close();
});

test('on a phone nothing jumps: from the first paint until the scripts have taken over, the pages shift by less than 0.01', async () => {
  // Issue 33. The server's page shows everything it renders with its styles: the quote form on
  // /contact once came unstyled until its chunk (and its stylesheet) arrived after the photo's
  // paint, then pushed what followed down (0.39).
  for (const path of ['/welcome', '/project/1', '/typeslist/2', '/contact', '/en/welcome', '/en/contact']) {
    const watched = await openPage(browser, PHONE, { isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    const { page } = watched;
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }>) {
          if (!entry.hadRecentInput) shifts.push(`${entry.value.toFixed(3)} ${entry.sources.map((s) => (s.node as Element | undefined)?.className ?? s.node?.nodeName).join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url(path));
    await scriptsLive(page);
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
    const total = shifts.reduce((sum, shift) => sum + Number(shift.split(' ')[0]), 0);
    assert.ok(total < 0.01, `${path}: layout shifts ${shifts.join('; ')}`);
    await finish(watched, path);
  }
});
