// The production build served by `npm start`: / leads to the welcome page, public pages arrive
// rendered by the server, an admin path answers the client page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { openPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { startSite, stopSite } from './support/site.ts';

let server: RunningServer;
let browser: Browser;

before(async () => ({ server, browser } = await startSite()));
after(() => stopSite({ server, browser }));

test('/ serves the French SPA, which lands on /welcome', async () => {
  const { page, problems } = await openPage(browser);
  await page.goto(`${server.origin}/`);
  await page.waitForURL('**/welcome');
  assert.match((await page.getAttribute('html', 'lang')) ?? '', /^fr/);
  assert.deepEqual(problems, []);
});

const PRELOAD = /<link rel="?preload"? as="?image"?[^>]*>/;

test('public pages arrive rendered, an admin path answers the client page; the welcome photo preload on /welcome only', async () => {
  const root = await fetch(`${server.origin}/`, { redirect: 'manual' });
  assert.equal(root.status, 301);
  assert.equal(root.headers.get('location'), '/welcome');
  const welcome = await (await fetch(`${server.origin}/welcome`)).text();
  assert.match(welcome, PRELOAD);
  assert.match(welcome, /<h1>Atelier Bois et Maison<\/h1>/);
  const admin = await fetch(`${server.origin}/admin/category`);
  assert.equal(admin.status, 200);
  assert.match(admin.headers.get('content-type') ?? '', /text\/html/);
  const shell = await admin.text();
  assert.match(shell, /<div id="?root"?><\/div>/);
  assert.doesNotMatch(shell, PRELOAD);
  const project = await (await fetch(`${server.origin}/project/1`)).text();
  assert.match(project, /<h1>[^<]+<\/h1>/);
  assert.doesNotMatch(project, PRELOAD);
});

test('on a phone, /welcome fetches the hero once, as the AVIF variant the preload named, never the original', async () => {
  const { page, problems } = await openPage(browser, { width: 390, height: 844 });
  const images: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/assets/images/')) images.push(new URL(response.url()).pathname);
  });
  await page.goto(`${server.origin}/welcome`);
  await page.locator('.carousel').waitFor();
  const hero = images.filter((path) => path.startsWith('/assets/images/accueil.jpg'));
  assert.equal(hero.length, 1, hero.join(', '));
  assert.match(hero[0]!, /^\/assets\/images\/accueil\.jpg\.\d+\.avif$/);
  assert.ok(images.every((path) => /\.\d+\.avif$/.test(path)), `only AVIF variants: ${images.join(', ')}`);
  assert.deepEqual(problems, []);
});

test('on a phone, a page fetches its photo before the application\'s scripts, the French face of the titles\' typeface only, its icon from the page itself', async () => {
  const { page, problems } = await openPage(browser, { width: 390, height: 844 });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(`${server.origin}/project/1`);
  await page.locator('header.site-header:not(.is-static)').waitFor();
  const first = (pattern: RegExp) => asked.findIndex((path) => pattern.test(path));
  const cover = first(/^\/assets\/images\//);
  const script = first(/^\/static\/(?!boot\.)[^/]+\.js$/);
  assert.ok(cover >= 0 && script > cover, `the cover, then the scripts: ${asked.join(', ')}`);
  assert.ok(first(/\/fraunces-latin-600-fr\.[0-9a-f]+\.woff2$/) >= 0, asked.join(', '));
  assert.equal(first(/\/fraunces-latin-600-normal\./), -1, asked.join(', '));
  assert.match((await page.getAttribute('link[rel="icon"]', 'href')) ?? '', /^data:image\/svg\+xml,/);
  assert.equal(first(/^\/favicon\./), -1);
  // A title with a Latin character the French face lacks: the whole Latin file, for that title.
  const whole = page.waitForRequest(/\/fraunces-latin-600-normal\.[0-9a-f]+\.woff2$/);
  await page.locator('h1').evaluate((title) => (title.textContent = 'Mañana'));
  await whole;
  assert.deepEqual(problems, []);
});

test('the page view is counted once the page\'s photo is painted, not while the photo is on its way', async () => {
  const { page, problems } = await openPage(browser, { width: 390, height: 844 });
  let arrive = () => undefined as void;
  const held = new Promise<void>((resolve) => (arrive = resolve));
  await page.route('**/assets/images/**', async (route) => {
    await held;
    await route.continue();
  });
  const views: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/stats/view') views.push(request.method());
  });
  await page.goto(`${server.origin}/project/1`, { waitUntil: 'domcontentloaded' });
  // The browser idle twice over: the view used to go at its first idle moment, beside the photo.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  assert.deepEqual(views, []);
  const counted = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/stats/view');
  arrive();
  await counted;
  assert.deepEqual(problems, []);
});

test('an unknown /api path answers 404 JSON, not the page', async () => {
  const answer = await fetch(`${server.origin}/api/nothing-here`);
  assert.equal(answer.status, 404);
  assert.match(answer.headers.get('content-type') ?? '', /application\/json/);
});

test('the production build has no eval, CSS in files, and admin code outside the entry', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const dist = join(import.meta.dirname, '..', 'dist');
  const files = readdirSync(join(dist, 'static'));
  const js = files.filter((f) => f.endsWith('.js'));
  for (const file of js) {
    const code = readFileSync(join(dist, 'static', file), 'utf8');
    assert.doesNotMatch(code, /\beval\(|new Function\(/, file);
  }
  assert.ok(files.some((f) => /^main\.[0-9a-f]{10}\.css$/.test(f)), 'main CSS extracted to a file');
  assert.ok(files.some((f) => /^admin\.[0-9a-f]{10}\.js$/.test(f)), 'an admin chunk');
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = [...index.matchAll(/src=\/?"?\/static\/([^"\s>]+)/g)].map((m) => m[1]);
  assert.ok(entry.length > 0);
  for (const file of entry) {
    const code = readFileSync(join(dist, 'static', file!), 'utf8');
    assert.doesNotMatch(code, /Mettre à jour|Usager ou Mot-de-passe incorrect/, `${file} has admin code`);
  }
});
