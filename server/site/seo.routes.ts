// What crawlers and link previews fetch besides the pages: /sitemap.xml (every public page, with
// the last change of what it shows), /robots.txt (everything but the admin area and the API, and
// where the sitemap is), and /assets/og/<image>.jpg, the 1200×630 JPEG of a library photo that
// every preview reads (og:image; the pages link it, src/app/head.ts). The sitemap and robots.txt
// are kept in the read cache, so a write drops them like the API's answers, with an ETag.
//
// Languages (issue 27), in Google's format for localized pages: the French pages, then the English
// ones of the pages that have both (the fixed pages, and the records whose English name is set);
// each of those URLs lists every alternate, itself included (fr-CA, en-CA, and x-default: the
// French page). A record not yet translated has its French URL only, without alternates (its
// English page points its canonical to the French one).
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { OG_IMAGE, OG_IMAGE_PREFIX } from '../../contract/images.ts';
import { fixedPages, inLang, langTags, paths } from '../../contract/paths.ts';
import { changeDates } from '../db/executor.ts';
import { publishedChangeDates } from '../projects/project.repository.ts';
import { messages } from '../domain/messages.ts';
import { cachedPage, originOf, sendWithEtag } from '../http/render.ts';

/** Previews kept in memory (a library name never changes content; a deletion makes its source 404). */
const OG_KEPT = 64;

const page = (text: string) => cachedPage(200, text);

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function registerSeo(app: FastifyInstance, options: { publicUrl?: string }): void {
  const { db, cache } = app.services;

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

  const previews = new Map<string, Promise<Buffer | null>>();
  app.get<{ Params: { name: string } }>(`${OG_IMAGE_PREFIX}:name`, async (req, reply) => {
    const name = req.params.name.replace(/\.jpg$/, '');
    // The photo as /assets/images/ answers it: the same rules (safe name, deleted, folders).
    const source = await app.inject({ method: 'GET', url: `/assets/images/${encodeURIComponent(name)}` });
    if (source.statusCode !== 200 || !String(source.headers['content-type']).startsWith('image/')) {
      return reply.code(404).send({ Result: false, Message: messages.image.notFound });
    }
    let preview = previews.get(name);
    if (!preview) {
      preview = sharp(source.rawPayload)
        .rotate()
        .resize(OG_IMAGE.width, OG_IMAGE.height, { fit: 'cover', position: 'attention' })
        .flatten({ background: '#faf7f2' })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer()
        .catch(() => null);
      if (previews.size >= OG_KEPT) previews.delete(previews.keys().next().value as string);
      previews.set(name, preview);
    }
    const jpeg = await preview;
    if (!jpeg) return reply.code(404).send({ Result: false, Message: messages.image.notFound });
    reply.header('Cache-Control', String(source.headers['cache-control'] ?? 'public, max-age=86400'));
    return reply.type('image/jpeg').send(jpeg);
  });
}
