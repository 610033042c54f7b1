// The production build served by `npm start`: a French page at / and at any deep path.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('/ serves the French SPA, which lands on /welcome', async () => {
  const { page, problems } = await openPage(browser);
  await page.goto(`${server.origin}/`);
  await page.waitForURL('**/welcome');
  assert.match((await page.getAttribute('html', 'lang')) ?? '', /^fr/);
  assert.deepEqual(problems, []);
});

test('a deep path answers the same page (history fallback)', async () => {
  const answer = await fetch(`${server.origin}/admin/category`);
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get('content-type') ?? '', /text\/html/);
  const root = await (await fetch(`${server.origin}/`)).text();
  assert.equal(await answer.text(), root);
});

test('an unknown /api path answers 404 JSON, not the page', async () => {
  const answer = await fetch(`${server.origin}/api/nothing-here`);
  assert.equal(answer.status, 404);
  assert.match(answer.headers.get('content-type') ?? '', /application\/json/);
});
