// One production server (`npm start`'s) and one Chromium for a test file.
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, type WatchedPage } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

type ServerOptions = NonNullable<Parameters<typeof startServer>[1]>;

export interface Site {
  server: RunningServer;
  browser: Browser;
}

/** Starts the server (with `env` beside the defaults of startServer, and its `options`) and Chromium. */
export async function startSite(env: Record<string, string> = {}, options: ServerOptions = {}): Promise<Site> {
  const server = await startServer(env, options);
  return { server, browser: await launchBrowser() };
}

/** Stops what startSite started; either may be missing when a start failed. */
export async function stopSite(site: Partial<Site>): Promise<void> {
  await site.browser?.close();
  await site.server?.stop();
}

/** The banner of a write the server accepted, in every admin screen (the specification's text). */
export const SUCCESS = 'Opération effectuée avec succès';

/** startSite, plus the owner's page (10 s for each wait: the admin's screens answer well within). */
export async function startOwnerSite(): Promise<{ site: Site; owner: WatchedPage }> {
  const site = await startSite();
  const owner = await openPage(site.browser);
  owner.page.setDefaultTimeout(10_000);
  return { site, owner };
}
