// What crawlers and link previews fetch besides the pages: /sitemap.xml (every public page, with
// the last change of what it shows), /robots.txt (everything but the admin area and the API, and
// where the sitemap is), and /assets/og/<image>.jpg, the 1200×630 JPEG of a library photo that
// every link preview reads (og:image; the pages link it, src/app/head.ts). The sitemap and robots.txt
// are kept in the read cache, so a write drops them like the API's answers, with an ETag.
//
// Languages (issue 27), in Google's format for localized pages: the French pages, then the English
// ones of the pages that have both (the fixed pages, and the records whose English name is set);
// each of those URLs lists every alternate, itself included (fr-CA, en-CA, and x-default: the
// French page). A record not yet translated has its French URL only, without alternates (its
// English page points its canonical to the French one).
import { open } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { OG_IMAGE_PREFIX } from '../../contract/images.ts';
import { IMMUTABLE } from '../media/files.routes.ts';
import { SERVED_NAME } from '../media/rules.ts';
import { fixedPages, inLang, langTags, paths } from '../../contract/paths.ts';
import { changeDates } from '../db/executor.ts';
import { publishedChangeDates } from '../projects/project.repository.ts';
import { messages } from '../domain/messages.ts';
import { cachedPage, originOf, sendWithEtag } from '../http/render.ts';

const page = (text: string) => cachedPage(200, text);

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function registerSeo(app: FastifyInstance, options: { publicUrl?: string }): void {
  const { db, cache, images } = app.services;

  async function sitemap(origin: string): Promise<string> {
    const [categories, types, projects] = await Promise.all([
      changeDates(db, 'category'),
      changeDates(db, 'project_type'),
      publishedChangeDates(db),
    ]);
    const latest = Math.max(0, ...[...categories, ...types, ...projects].map((row) => Number(row.updated_at)));
    type Entry = { path: string; lastmod: number; english: boolean };
    const record = (href: (id: number) => string) => (row: { id: number; updated_at: number; name_en: string }): Entry => ({
      path: href(row.id),
      lastmod: Number(row.updated_at),
      english: row.name_en !== '',
    });
    const entries: Entry[] = [
      // The welcome page shows projects drawn at random: it changes with any of them.
      ...fixedPages.map((path) => ({ path, lastmod: path === paths.welcome.href() ? latest : 0, english: true })),
      ...categories.map(record(paths.typesList.href)),
      ...types.map(record(paths.projectType.href)),
      ...projects.map(record(paths.project.href)),
    ];
    const url = (loc: string, { path, lastmod, english }: Entry) => {
      const alternates = english
        ? [
            [langTags.fr, path],
            [langTags.en, inLang(path, 'en')],
            ['x-default', path],
          ].map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlText(origin + href)}"/>`)
        : [];
      return `<url><loc>${xmlText(origin + loc)}</loc>${lastmod > 0 ? `<lastmod>${day(lastmod)}</lastmod>` : ''}${alternates.join('')}</url>`;
    };
    const urls = [...entries.map((entry) => url(entry.path, entry)), ...entries.filter((entry) => entry.english).map((entry) => url(inLang(entry.path, 'en'), entry))];
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
      `${urls.join('\n')}\n</urlset>\n`
    );
  }

  app.get('/sitemap.xml', async (req, reply) => {
    const origin = originOf(req, options.publicUrl);
    const answer = await cache.get(`sitemap ${origin}`, async () => page(await sitemap(origin)));
    return sendWithEtag(req, reply, answer, 'text/xml; charset=utf-8');
  });

  app.get('/robots.txt', async (req, reply) => {
    const origin = originOf(req, options.publicUrl);
    const answer = await cache.get(`robots ${origin}`, async () =>
      page(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`),
    );
    return sendWithEtag(req, reply, answer, 'text/plain; charset=utf-8');
  });

  // Link previews only for the library's photos (issue 34): built once from their 1600-px variant
  // by the image worker, kept on disk beside the variants (server/media/library.ts); any other
  // name (a variant, a video, a deleted or unknown file) answers 404 and costs one lookup.
  app.get<{ Params: { name: string } }>(`${OG_IMAGE_PREFIX}:name`, async (req, reply) => {
    const file = req.params.name;
    const name = file.endsWith('.jpg') ? file.slice(0, -'.jpg'.length) : '';
    const path = SERVED_NAME.test(name) && !name.includes('..') ? await images.preview(name) : null;
    const opened = path ? await open(path).catch(() => null) : null;
    if (!opened) return reply.code(404).send({ Result: false, Message: messages.image.notFound });
    const size = (await opened.stat()).size;
    // A library name never changes content; a deletion makes the preview 404 (it goes with the photo).
    reply.header('Cache-Control', IMMUTABLE).header('Content-Length', size);
    return reply.type('image/jpeg').send(opened.createReadStream());
  });
}
