// The server's render of a public page (built by webpack into dist/server/, loaded by
// server/http/render.ts): a store per request whose RTK Query endpoints reach the API in
// process through `fetchFn`, the page's data fetched first (the route table says which), then
// the same <App> the browser hydrates, rendered to HTML with everything lazy resolved.
import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { api } from './api/api.enhanced';
import { serverCacheOf, SERVER_CACHE_ID } from './api/hydration';
import { App } from './app/App';
import { headTags, scriptJson, type PageHead } from './app/head';
import { matchPage, pageData, pageOutcome, pagePaths } from './app/router';
import { makeStore } from './app/store';
import { loadMessages } from './lib/lang';
import { langOfPath, langTags } from '../contract/paths';

/** SERVER_CACHE_ID; pagePaths: the public pages' paths in both languages (Fastify's syntax too: `/project/:id`, `/en/project/:id`); any other path is not found. */
export { SERVER_CACHE_ID, pagePaths };

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** Absolute URLs (canonical, Open Graph, JSON-LD) start with it: PUBLIC_URL or the request's. */
  origin: string;
  /** How the store's calls reach the API: e.g. Fastify's inject, with an absolute URL. */
  fetchFn: typeof fetch;
  /** The origin `fetchFn` receives calls on. */
  apiOrigin: string;
}

export interface RenderedPage {
  status: 200 | 404 | 503;
  head: PageHead;
  /** The <head> elements of the page (title, description, canonical, Open Graph, JSON-LD). */
  headHtml: string;
  /** The inside of <div id="root">. */
  html: string;
  /** The API cache to hand to the browser, as JSON fit for a <script> element. */
  cacheJson: string;
  /** Rendered for this visit only: no cache may keep it (the route table's `fresh`). */
  fresh: boolean;
  /** The page's language, as <html lang> says it: fr-CA, en-CA. */
  lang: string;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream.pipe(new PassThrough())) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const pathname = new URL(request.url, 'http://page').pathname;
  const lang = langOfPath(pathname);
  await loadMessages(lang);
  const store = makeStore(undefined, { apiOrigin: request.apiOrigin, fetchFn: request.fetchFn });
  await Promise.all(pageData(pathname).map((q) => q.run(store.dispatch)));
  const outcome = pageOutcome(pathname, store.getState());
  if (outcome.status === 'loading') throw new Error(`The data of ${pathname} did not all arrive`);
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={request.url}>{children}</StaticRouter>;
  const { prelude } = await prerenderToNodeStream(<App store={store} router={router} />, {
    // Every Suspense boundary in place, however large: React would otherwise send a large one
    // (the carousel) after the rest with an inline script, which the CSP refuses.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      // A component that throws is the page's error boundary's business in the browser; here it
      // fails the render (the server answers its error page).
      throw error;
    },
  });
  const html = await streamToString(prelude);
  const cacheJson = scriptJson(serverCacheOf(store.getState().api));
  // RTK Query keeps an unused answer for a minute (a timer per query): the store is done with.
  store.dispatch(api.util.resetApiState());
  return {
    status: outcome.status,
    head: outcome.head,
    headHtml: headTags(outcome.head, request.origin),
    html,
    cacheJson,
    fresh: matchPage(pathname).page.fresh === true,
    lang: langTags[lang],
  };
}
