// What a search engine and a link preview read of a page: its title, description, canonical
// URL, Open Graph and Twitter tags, and its JSON-LD (as data here, spelt out by jsonLd.ts). Each page of the route table (router.tsx)
// derives its PageHead from the data it shows; the server writes it into the HTML
// (headTags), the browser keeps document.title and the description in step (useDocumentHead).
// Pure functions: no window, no document.
import titleFont from '../styles/fonts/fraunces-latin-600-fr.woff2';
import { OG_IMAGE, ogImagePath } from '../../contract/images';
import { srcSet } from '../components/images';
import { frenchPath, inLang, langOfPath, langTags, langs, type Lang } from '../../contract/paths';
import { messagesOf, ownText } from '../lib/lang';
import { pagePhoto, type SiteSettings } from '../lib/site';
import { jsonLdOf, type JsonLdSource } from './jsonLd';

/** The photo a link preview shows: a library image, cut to 1200×630 JPEG by the server. */
interface HeadImage {
  name: string;
  alt: string;
}

export interface PageHead {
  /** The whole <title> (the business's name included). */
  title: string;
  /** og:site_name: the business's name. */
  siteName: string;
  description: string;
  /**
   * The page's own path, which says its language (`/en/…`: English). The canonical URL is
   * PUBLIC_URL (or the request's origin) + path, but for the English page of a record not
   * translated yet (not `bilingual`), whose canonical is its French page.
   */
  path: string;
  /**
   * The page exists in both languages (the fixed pages, a translated record): its head names
   * both, and x-default (the French page), as alternates.
   */
  bilingual?: boolean;
  /** og:type. */
  type: 'website' | 'article';
  image: HeadImage;
  jsonLd: JsonLdSource[];
  /** The photo the page paints largest, fetched before the scripts (the welcome page's hero). */
  preload?: { name: string; widths: readonly number[] };
}

/** URL of the 1200×630 JPEG preview of a library image. */

/** « Page | Atelier… » unless the title already names the business. */
export const fullTitle = (title: string, site: Pick<SiteSettings, 'BusinessName'>) =>
  title.includes(site.BusinessName) ? title : `${title} | ${site.BusinessName}`;

/** A description fit for a preview: one line, at most about 160 characters, cut at a word. */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?—-]+$/u, '')}…`;
}

/** The welcome photo: the preview of every page but a project's and a project type's. */
const welcomeImage = (site: SiteSettings, lang: Lang): HeadImage => ({
  name: site.WelcomePhoto,
  alt: ownText(lang, site.WelcomeTagline, site.En?.WelcomeTagline).text,
});

/** What every page's head shares: the business's name, the welcome photo as preview. */
export const siteHead = (site: SiteSettings, lang: Lang) => ({ siteName: site.BusinessName, image: welcomeImage(site, lang) });

/** The welcome photo's variants, for the welcome page's preload (none when it has none). */
export function heroPreload(site: SiteSettings): PageHead['preload'] {
  const { name, media } = pagePhoto(site, 'Welcome');
  return media && media.Widths.length > 0 ? { name, widths: media.Widths } : undefined;
}

/** The head of the not-found page (unknown path, non-numeric or unknown id), in the language of its path. */
export function notFoundHead(path: string, site: SiteSettings): PageHead {
  const lang = langOfPath(path);
  const t = messagesOf(lang);
  return {
    title: fullTitle(t.common.notFoundTitle, site),
    description: t.site.notFound.description,
    path,
    type: 'website',
    ...siteHead(site, lang),
    jsonLd: [],
  };
}

/**
 * The head of the page answered when the API failed during rendering (503); without the
 * settings (they may be what failed), the page's own title alone.
 */
export function errorHead(path: string, site: SiteSettings | undefined): PageHead {
  const lang = langOfPath(path);
  const t = messagesOf(lang).site.status;
  return {
    title: site ? fullTitle(t.pageError, site) : t.pageError,
    description: t.pageErrorHint,
    path,
    type: 'website',
    siteName: site?.BusinessName ?? '',
    image: site ? welcomeImage(site, lang) : { name: '', alt: '' },
    jsonLd: [],
  };
}

/** Text in an element or a double-quoted attribute. */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> element: nothing in it can close the element or start a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** og:locale of each language. */
const ogLocale = (lang: Lang) => langTags[lang].replace('-', '_');

/**
 * The page's canonical path and its alternates in each language (hreflang), x-default the
 * French page: a page in both languages names both, itself included; the English page of a record
 * not translated yet names none, and its canonical is the French page.
 */
export function pageLinks(head: Pick<PageHead, 'path' | 'bilingual'>): { canonical: string; alternates: Array<{ hreflang: string; path: string }> } {
  const french = frenchPath(head.path);
  if (!head.bilingual) return { canonical: langOfPath(head.path) === 'en' ? french : head.path, alternates: [] };
  return {
    canonical: head.path,
    alternates: [...langs.map((lang) => ({ hreflang: langTags[lang], path: inLang(french, lang) })), { hreflang: 'x-default', path: french }],
  };
}

/** The <head> elements of a page, as HTML. `origin`: absolute URLs start with it. */
export function headTags(head: PageHead, origin: string): string {
  const lang = langOfPath(head.path);
  const links = pageLinks(head);
  const url = origin + links.canonical;
  const image = origin + ogImagePath(head.image.name);
  const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}">`;
  const preload = head.preload
    ? // In the AVIF variant its <picture> will pick (imageSizes.full), before the scripts.
      [`<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesizes="100vw" imagesrcset="${escapeHtml(srcSet(head.preload.name, head.preload.widths, 'avif'))}">`]
    : [];
  const preview = head.image.name
    ? [
        meta('property', 'og:image', image),
        meta('property', 'og:image:type', 'image/jpeg'),
        meta('property', 'og:image:width', OG_IMAGE.width),
        meta('property', 'og:image:height', OG_IMAGE.height),
        meta('property', 'og:image:alt', head.image.alt),
      ]
    : [];
  return [
    ...preload,
    // The titles' typeface, its French and English characters, so that it is there for the first
    // paint (global.css: font-display optional).
    `<link rel="preload" as="font" type="font/woff2" crossorigin href="${titleFont}">`,
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...links.alternates.map((link) => `<link rel="alternate" hreflang="${link.hreflang}" href="${escapeHtml(origin + link.path)}">`),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:type', head.type),
    meta('property', 'og:locale', ogLocale(lang)),
    ...(head.bilingual ? langs.filter((other) => other !== lang).map((other) => meta('property', 'og:locale:alternate', ogLocale(other))) : []),
    ...(head.siteName ? [meta('property', 'og:site_name', head.siteName)] : []),
    ...preview,
    meta('name', 'twitter:card', 'summary_large_image'),
    ...head.jsonLd.map((source) => `<script type="application/ld+json">${scriptJson(jsonLdOf(source, origin))}</script>`),
  ].join('');
}
