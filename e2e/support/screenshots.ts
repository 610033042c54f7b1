// Full-page screenshots for a person to look at, in e2e/screenshots/ (git-ignored), named
// `<page>-<viewport width>.png`. Lazy images below the fold are brought in first, so the picture
// shows what a visitor who scrolls down would see.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { root } from './server.ts';

export const screenshotDir = join(root, 'e2e', 'screenshots');

/** Scrolls through the page so lazy images load, waits for them (bounded), back to the top. */
export async function settleImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight - 100);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      // Two frames: the scrolled-to part is laid out and its lazy images have been asked for.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    // Bounded: a screenshot is for a person to look at, so one image that never loads is no reason to hang.
    const pending = [...document.images].filter((image) => !image.complete);
    await Promise.race([
      Promise.all(
        pending.map(
          (image) =>
            new Promise((r) => {
              image.addEventListener('load', r);
              image.addEventListener('error', r);
            }),
        ),
      ),
      new Promise((r) => setTimeout(r, 3000)),
    ]);
    window.scrollTo(0, 0);
  });
}

/** Writes e2e/screenshots/<name>-<width>.png; `fullPage: false` for what one screen shows. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  if (fullPage) await settleImages(page);
  const width = page.viewportSize()?.width ?? 0;
  const path = join(screenshotDir, `${name}-${width}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}
