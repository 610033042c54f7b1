// The English site in Chromium (issue 27), on a phone-sized window: from a project's page, the
// header's « English » link leads to the same page in English and « Français » back, on every
// public page; the English page comes alive in English (its texts fetched before hydration, no
// console error). With JavaScript disabled, an English visitor reaches every project by links,
// staying in English.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { openPage } from './support/browser.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import type { RunningServer } from './support/server.ts';
import { startSite, stopSite } from './support/site.ts';

let server: RunningServer;
let browser: Browser;

before(async () => ({ server, browser } = await startSite()));
after(() => stopSite({ server, browser }));

const phone = { width: 390, height: 844 };
const pathOf = (page: Page) => new URL(page.url()).pathname;
const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

test('from a project page, switch to English and back on every public page', async () => {
  const { page, problems } = await openPage(browser, phone, { isMobile: true, hasTouch: true });
  const projects = (await (await fetch(`${server.origin}/api/projects/1`)).json()) as { Id: number }[];
  const project = `/project/${projects[0]?.Id ?? 1}`;
  const pages = [project, '/welcome', '/about', '/contact', '/typeslist/2', '/projecttype/1', '/confidentialite'];
  await page.goto(server.origin + project);
  for (const path of pages) {
    if (pathOf(page) !== path) await page.goto(server.origin + path);
    assert.equal(await htmlLang(page), 'fr-CA', `${path}: French`);
    const english = page.getByRole('link', { name: 'English' });
    assert.equal(await english.getAttribute('hreflang'), 'en-CA');
    await english.click();
    await page.waitForURL(`${server.origin}/en${path}`);
    assert.equal(await htmlLang(page), 'en-CA', `/en${path}: English`);
    assert.equal(await page.locator('nav[aria-label="Main menu"]').count(), 1, `/en${path}: the English menu`);
    assert.ok((await page.locator('main h1').textContent())?.trim(), `/en${path}: a heading`);
    // Alive, in English: the phone's menu button opens the menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectNoSeriousA11yViolations(page, `/en${path}`);
    await page.getByRole('link', { name: 'Français' }).click();
    await page.waitForURL(server.origin + path);
    assert.equal(await htmlLang(page), 'fr-CA', `${path}: French again`);
    assert.equal(await page.locator('nav[aria-label="Menu principal"]').count(), 1, `${path}: the French menu`);
  }
  // The English contact page's form speaks English, in the browser too.
  // Once the page's script has taken over (before, the button sends the plain form to the server).
  await page.goto(`${server.origin}/en/contact`);
  await page.locator('header.site-header:not(.is-static)').waitFor();
  await page.getByRole('button', { name: 'Send my request' }).click();
  await page.getByText('Correct the fields marked, then send again.').waitFor();
  assert.equal(await page.locator('input[name="Lang"]').getAttribute('value'), 'en');
  assert.deepEqual(problems, [], 'console errors, exceptions or HTTP errors');
  await page.context().close();
});

test('without JavaScript, an English visitor reaches every project by links, in English', async () => {
  const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text();
  const projects = new Set([...sitemap.matchAll(/<loc>[^<]*?(\/project\/\d+)<\/loc>/g)].map((m) => `/en${m[1]}`));
  assert.ok(projects.size > 10);
  const context = await browser.newContext({ viewport: phone, locale: 'en-CA', javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.origin}/en/welcome`);
  assert.equal(await htmlLang(page), 'en-CA');
  const inSite = () =>
    page.locator('header a[href^="/"], main a[href^="/"]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  const menu = await inSite();
  // Every link of the page stays in English, but the one to the French page.
  assert.deepEqual(menu.filter((href) => !href.startsWith('/en')), ['/welcome']);
  const galleries = [...sitemap.matchAll(/<loc>[^<]*?(\/typeslist\/\d+)<\/loc>/g)].map((m) => `/en${m[1]}`);
  const queue = [...new Set([...menu.filter((href) => /^\/en\/(typeslist|projecttype)\//.test(href)), ...galleries])];
  const seen = new Set(queue);
  const reached = new Set<string>();
  while (queue.length > 0) {
    const path = queue.shift() as string;
    const answer = await page.goto(server.origin + path);
    assert.equal(answer?.status(), 200, `${path}: status`);
    assert.equal(await htmlLang(page), 'en-CA', `${path}: English`);
    for (const href of await inSite()) {
      if (/^\/en\/project\/\d+$/.test(href)) reached.add(href);
      else if (/^\/en\/(typeslist|projecttype)\/\d+$/.test(href) && !seen.has(href)) {
        seen.add(href);
        queue.push(href);
      }
    }
  }
  assert.deepEqual([...projects].filter((path) => !reached.has(path)), [], 'projects no English link leads to');
  const [first] = [...reached];
  await page.goto(server.origin + (first ?? '/en/welcome'));
  assert.equal(await page.getByRole('link', { name: 'Français' }).getAttribute('href'), first?.slice('/en'.length));
  assert.ok(await page.getByRole('button', { name: /Back/ }).isVisible());
  await context.close();
});
