// Screenshots of the public site at 390×844 and 1440×900, for a person to look at, plus a
// check that every menu target shows content and no console error, and the gzipped JS/CSS
// each route loads. Usage (against a running server):
//   node e2e/public-screenshots.ts http://127.0.0.1:8090
// Writes e2e/screenshots/public-*.png (git-ignored).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, openPage } from './support/browser.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(out, { recursive: true });

const routes = [
  '/welcome', '/projecttype/1', '/typeslist/2', '/typeslist/6', '/projecttype/19', '/projecttype/20',
  '/projecttype/21', '/projecttype/22', '/typeslist/11', '/projecttype/23', '/typeslist/15',
  '/projecttype/24', '/projecttype/25', '/about', '/contact', '/project/1', '/project/abc', '/nulle-part',
];
const viewports = { mobile: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const name = (route: string) => route.replace(/^\//, '').replace(/\//g, '-') || 'root';

const only = process.argv[3];
// As e2e/support/browser.ts, plus --disable-dev-shm-usage: full-page shots outgrow a small /dev/shm.
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--no-first-run', '--disable-dev-shm-usage'],
});
let failures = 0;
try {
  for (const [label, viewport] of Object.entries(viewports)) {
    if (only && only !== label) continue;
    const { page, problems } = await openPage(browser, viewport);
    for (const route of routes) {
      await page.goto(base + route, { waitUntil: 'load' });
      await page.locator('main h1').first().waitFor();
      await page.waitForTimeout(800);
      const h1 = (await page.locator('h1').first().textContent())?.trim();
      const cards = await page.locator('main .card-link, main .carousel, main .service, main dl, main .project-media img').count();
      const ok = !!h1 && (cards > 0 || /introuvable/i.test(h1));
      if (!ok) failures += 1;
      console.log(`${label} ${route}: h1=« ${h1} » content=${cards} ${ok ? 'ok' : 'VIDE'} ${await page.title()}`);
      await page.screenshot({ path: `${out}public-${label}-${name(route)}.png`, fullPage: route === '/welcome' || route === '/typeslist/2' || route === '/about' || route === '/contact' || route === '/project/1' });
    }
    // Interactions: a drop-down (desktop) or the folded menu (phone), then the photo popup.
    await page.goto(`${base}/welcome`, { waitUntil: 'load' });
    await page.locator('.slide-button').first().waitFor();
    if (label === 'mobile') {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Décoration' }).click();
    } else {
      await page.getByRole('button', { name: "Optimisation de l'espace" }).click();
    }
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}public-${label}-menu-open.png` });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.locator('.slide-button').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}public-${label}-carousel.png` });
    await page.locator('.slide-button').first().click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}public-${label}-popup.png` });
    await page.keyboard.press('Escape');
    if (problems.length) {
      failures += problems.length;
      console.log(`${label}: problems:\n  ${problems.join('\n  ')}`);
    }
    await page.context().close();
  }
} finally {
  await browser.close();
}
process.exitCode = failures ? 1 : 0;
