// Debian's Chromium driven by playwright-core (never a browser download). Every page records
// console errors and uncaught exceptions so a test can assert there were none.
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Chromium as a test drives it (the benches' Lighthouse too): no sandbox, GPU, updates or sync. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', ...CHROMIUM_FLAGS, '--disable-quic'] });
}

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
}

export async function openPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
  /** More context options, for example `{ hasTouch: true, isMobile: true }` for a phone. */
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, locale: 'fr-CA', ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return { page, problems };
}
