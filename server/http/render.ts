// The public pages, rendered on the server (the admin area stays a client page, dist/index.html).
// The render itself is the client's code, built by webpack into dist/server/render.cjs
// (src/entry-server.tsx): the server loads it from there, as it serves the browser's bundle, and
// hands it a fetch that calls this very app in process (inject). Rendered pages are kept in the
// read cache, so every write drops them with the API's answers (one invalidation mechanism), and
// answer with an ETag (304 to If-None-Match) and the public API's cache rules.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { frenchPath, inLang, langOfPath, langTags, paths, type Lang } from '../../contract/paths.ts';
import { messages } from '../domain/messages.ts';
import { etagOf, noneMatch } from './etag.ts';
import { canonicalPath } from './canonical.ts';
import type { ReadCache } from './readCache.ts';
import { requestPath } from './requestPath.ts';
import { withTextsOf } from './spa.ts';
import { PUBLIC_API_CACHE } from './security.ts';

/** What dist/server/render.cjs exports (src/entry-server.tsx); declared here, not imported. */
interface RenderModule {
  SERVER_CACHE_ID: string;
  pagePaths: string[];
  renderPage(request: { url: string; origin: string; fetchFn: typeof fetch; apiOrigin: string }): Promise<{
    status: 200 | 404 | 503;
    headHtml: string;
    html: string;
    cacheJson: string;
    fresh: boolean;
    /** The page's language tag, for <html lang> (fr-CA, en-CA). */
    lang: string;
  }>;
}

/** A page ready to send: its bytes encoded once, not on every request. */
export interface CachedPage {
  status: number;
  body: Buffer;
  etag: string;
  /** For one visit only: neither this server's cache nor any other keeps it. */
  fresh?: boolean;
}

/** A cached answer of `text`. */
export function cachedPage(status: number, text: string, fresh = false): CachedPage {
  const body = Buffer.from(text);
  return { status, body, etag: etagOf(body), ...(fresh ? { fresh } : {}) };
}

export interface Renderer {
  /** The public pages' paths, from the route table (e.g. `/project/:id`). */
  paths: string[];
  /** Answers the public page at the request's path. */
  send(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** A URL's path and query (the query undefined when there is no `?`). */
function splitUrl(url: string): [string, string | undefined] {
  const at = url.indexOf('?');
  return at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
}

/** The origin calls from the render reach: never the network, the app itself (inject). */
const IN_PROCESS = 'http://rendu.local';

/** The <html> element's language, which each page replaces with its own. */
const HTML_LANG = /<html lang="?[A-Za-z-]+"?/;

/** dist/index.html cut where the page's own parts go. */
function loadTemplate(distDir: string) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
    // The page's own head replaces the shell's title and description; the no-JavaScript notice
    // is not true of a rendered page.
    .replace(/<title>[^<]*<\/title>/, '<!--head-->')
    .replace(/<meta name="?description"?[^>]*>/, '')
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '');
  const [before, after] = html.split(/<div id="?root"?><\/div>/);
  if (after === undefined || !before?.includes('<!--head-->') || !HTML_LANG.test(before)) {
    throw new Error('dist/index.html: no <html lang>, no <title> or no <div id="root"></div>');
  }
  return { before, after };
}

/** Sends a cached text answer with its ETag: 304 when the client has it already. */
export function sendWithEtag(req: FastifyRequest, reply: FastifyReply, page: CachedPage, type: string): FastifyReply {
  if (page.fresh) return reply.code(page.status).header('Cache-Control', 'no-store').type(type).send(page.body);
  reply.header('ETag', page.etag).header('Cache-Control', PUBLIC_API_CACHE).header('Vary', 'Accept-Encoding');
  if (page.status === 200 && noneMatch(req.headers['if-none-match'], page.etag)) return reply.code(304).send();
  return reply.code(page.status).type(type).send(page.body);
}

/** The origin absolute URLs start with: PUBLIC_URL, else the request's own (trustProxy honoured). */
export const originOf = (req: FastifyRequest, publicUrl: string | undefined) => publicUrl ?? `${req.protocol}://${req.host}`;

/** A fetch over `app.inject`: the render's API calls go through every hook, as the browser's do. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const answer = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && name !== 'set-cookie') headers.set(name, String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}

/** The renderer, or null when dist/ holds no server build (npm run build makes it). */
export function createRenderer(app: FastifyInstance, options: { distDir: string; publicUrl?: string; cache: ReadCache }): Renderer | null {
  const bundle = join(options.distDir, 'server', 'render.cjs');
  if (!existsSync(bundle) || !existsSync(join(options.distDir, 'index.html'))) return null;
  const render = createRequire(bundle)(bundle) as RenderModule;
  const template = loadTemplate(options.distDir);
  // The boot script names the page's language's texts, not the other's.
  const before: Record<Lang, string> = { fr: withTextsOf(template.before, 'fr'), en: withTextsOf(template.before, 'en') };
  const fetchFn = injectFetch(app);

  async function renderToPage(path: string, origin: string): Promise<CachedPage> {
    const page = await render.renderPage({ url: path, origin, fetchFn, apiOrigin: IN_PROCESS });
    const body =
      before[langOfPath(path)].replace(HTML_LANG, `<html lang="${page.lang}"`).replace('<!--head-->', page.headHtml) +
      `<div id="root">${page.html}</div><script type="application/json" id="${render.SERVER_CACHE_ID}">${page.cacheJson}</script>` +
      template.after;
    return cachedPage(page.status, body, page.fresh);
  }

  return {
    paths: render.pagePaths,
    async send(req, reply) {
      const [raw = '/', query] = splitUrl(req.url);
      const lang = langOfPath(raw);
      // `/`, `/en` and `/en/` lead to the welcome page in their language.
      if (frenchPath(raw) === paths.root.path) return reply.redirect(inLang(paths.welcome.href(), lang), 301);
      // One URL per page: another spelling of a page's path (case, trailing slash, percent-encoding)
      // answers 301 to its own, the query kept; the page's cache key is that path.
      const canonical = canonicalPath(requestPath(req), render.pagePaths);
      if (canonical !== null && canonical !== raw) return reply.redirect(query === undefined ? canonical : `${canonical}?${query}`, 301);
      const path = canonical ?? raw;
      const origin = originOf(req, options.publicUrl);
      let page: CachedPage;
      try {
        // Only whole, found pages are kept: a 404 (any path may be asked), a 503 or a page for one
        // visit (fresh) is rendered anew.
        page = await options.cache.get(`page ${origin}${path}`, () => renderToPage(path, origin), (p) => p.status === 200 && !p.fresh);
      } catch (error) {
        req.log.error({ err: error }, messages.log.renderFailed);
        page = cachedPage(503, errorPages[lang]);
      }
      if (page.status === 503) reply.header('Retry-After', '30');
      return sendWithEtag(req, reply, page, 'text/html; charset=utf-8');
    },
  };
}

/** When the render itself failed: a page in the path's language, never a stack. */
const errorPage = (lang: Lang) => {
  const t = messages.renderFailed[lang];
  return (
    `<!doctype html><html lang="${langTags[lang]}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${t.title}</title><h1>${t.title}</h1><p>${t.text}</p><p><a href="${inLang(paths.welcome.href(), lang)}">${t.home}</a></p></html>`
  );
};
const errorPages: Record<Lang, string> = { fr: errorPage('fr'), en: errorPage('en') };
