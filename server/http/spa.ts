// The built SPA (dist/): content-hashed assets cached for a year, index.html revalidated. The
// public pages are rendered on the server (render.ts); index.html is the admin area's page (and
// every page's when dist/ holds no server build).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { langOfPath, paths, type Lang } from '../../contract/paths.ts';
import { isApiRequest, requestPath } from './requestPath.ts';

/** webpack's [contenthash] in a file name: `main.3b1f0c9e2a.js`, `412.a1b2c3d4.css`. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControlFor(file: string): string {
  const name = basename(file);
  if (name === 'index.html') return 'no-cache';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  const hasIndex = existsSync(join(distDir, 'index.html'));
  if (!hasIndex) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    // `/` is answered by the not-found handler (a redirect to the welcome page), not index.html.
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(res, path) {
      res.header('Cache-Control', cacheControlFor(path));
    },
  });
  // The site's address leads to its welcome page.
  app.get(paths.root.path, (_req, reply) => reply.redirect(paths.welcome.href(), 301));
  return true;
}

/** History fallback: extensionless GET paths outside /api and /assets answer index.html. */
export function wantsIndexHtml(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = requestPath(req);
  if (isApiRequest(req) || path.startsWith('/assets/')) return false;
  const last = path.split('/').pop() ?? '';
  return !last.includes('.');
}

/** index.html's preload of the welcome photo (public/index.html): useless on any other page. */
const WELCOME_PRELOAD = /<link rel="?preload"? as="?image"?[^>]*>/;

/** index.html's boot script names each language's texts (public/index.html): a page names its language's only, as data-texts. */
const TEXTS = / data-texts-([a-z]+)=("[^"]*"|[^\s>]+)/g;
export const withTextsOf = (html: string, lang: Lang) => html.replace(TEXTS, (_, of: string, files: string) => (of === lang ? ` data-texts=${files}` : ''));

/** `/` and `/welcome` get index.html as built; other pages the same without the welcome photo's preload; each with its language's texts. */
export async function sendIndexHtml(reply: FastifyReply, distDir: string, path: string): Promise<FastifyReply> {
  const html = withTextsOf(await readFile(join(distDir, 'index.html'), 'utf8'), langOfPath(path));
  reply.header('Cache-Control', 'no-cache');
  return reply.type('text/html; charset=utf-8').send(path === paths.welcome.href() ? html : html.replace(WELCOME_PRELOAD, ''));
}
