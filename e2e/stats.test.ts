// Issue 30 as people meet it, in Chromium against `npm start`: a visitor on a phone arrives from
// Google and browses five pages, then sends a quote request; the browser holds no cookie but
// XSRF-TOKEN and nothing in its storage. The administrator sees in « Statistiques » the views, the
// referring site, the language and the request with the visit that led to it; their own visits
// to public pages send no beacon.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { fillQuote, sendQuote } from './support/quote.ts';
import { screenshot } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signIn } from './support/signIn.ts';

let server: RunningServer;
let browser: Browser;
// Headless Chromium says so in its user agent, and bots are not counted: the visitor's phone says what a phone says.
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

before(async () => {
  server = await startServer({}, { clock: true });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('five pages from Google and a quote request: counted without cookie or storage, seen in « Statistiques » with the request’s journey', async () => {
  const visitor = await openPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true, userAgent: PHONE });
  const { page } = visitor;
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/stats/view') && request.method() === 'POST') beacons.push(request.postData() ?? '');
  });
  for (const path of ['/welcome', '/about', '/project/1', '/typeslist/1', '/contact']) {
    // The visitor stays on each page until it has been counted (the beacon goes once the browser
    // is idle, or as the page is left).
    const counted = page.waitForRequest((request) => request.url().endsWith('/api/stats/view') && request.method() === 'POST');
    await page.goto(`${server.origin}${path}`, { referer: 'https://www.google.com/' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await counted;
  }
  const form = page.getByRole('region', { name: 'Demander une soumission' });
  await form.getByRole('option', { name: 'Terrasses' }).waitFor({ state: 'attached' });
  await fillQuote(form, 'fr', { name: 'Sophie Lavoie', email: 'sophie@exemple.ca', message: 'Une terrasse en cèdre comme celle de vos photos, derrière la maison.' });
  await sendQuote(page, form, server, 'fr');
  assert.equal(beacons.length, 5, 'one beacon per page shown');
  assert.deepEqual(JSON.parse(beacons[0] ?? '{}'), { Path: '/welcome', Referrer: 'https://www.google.com/' });

  // No cookie but the XSRF token, nothing in the browser's storage.
  assert.deepEqual((await page.context().cookies()).map((c) => c.name), ['XSRF-TOKEN']);
  assert.deepEqual(await page.evaluate(() => [localStorage.length, sessionStorage.length]), [0, 0]);
  assert.deepEqual(visitor.problems, [], 'visitor');
  await page.context().close();

  // The administrator: their own visit to a public page sends no beacon.
  const admin = await openPage(browser, { width: 1440, height: 900 }, { userAgent: PHONE.replace('iPhone', 'Macintosh') });
  let adminBeacons = 0;
  admin.page.on('request', (request) => {
    if (request.url().includes('/api/stats/view')) adminBeacons++;
  });
  await signIn(admin.page, server.origin);
  await admin.page.getByRole('link', { name: 'Statistiques' }).click();
  await admin.page.waitForURL('**/admin/stats');
  await admin.page.getByRole('img', { name: /^Visiteurs et pages vues par jour/ }).waitFor();
  await admin.page.getByText(/^1 visiteur$/).waitFor();
  await admin.page.getByText(/^5 pages vues$/).waitFor();
  const rows = async (name: string) => admin.page.getByRole('table', { name }).locator('tbody tr').allInnerTexts();
  assert.deepEqual(await rows('Sites d’où viennent les visiteurs'), ['Google (google.com)\t5']);
  assert.deepEqual(await rows('Langues'), ['Français\t5']);
  assert.deepEqual(await rows('Appareils'), ['Téléphone\t5']);
  const journey = await admin.page.getByRole('list', { name: 'Demandes de soumission et leur parcours' }).innerText();
  assert.match(journey, /^Demande n° 1, .+ — Arrivé par : Google → Accueil → À propos → .+ → .+ → Contact$/);
  await admin.page.getByRole('button', { name: 'Voir les données' }).click();
  await admin.page.getByRole('table', { name: 'Visiteurs et pages vues par jour' }).waitFor();
  await expectNoSeriousA11yViolations(admin.page, '/admin/stats');
  await screenshot(admin.page, 'stats-admin-1440');
  await admin.page.goto(`${server.origin}/welcome`);
  await admin.page.getByRole('heading', { level: 1 }).first().waitFor();
  assert.equal(adminBeacons, 0, 'no beacon from a browser where an administrator is signed in');
  assert.deepEqual(admin.problems, [], 'admin');
});
