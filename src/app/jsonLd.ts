// A page's structured data as schema.org spells it. The route table's heads say what a page
// carries, as plain data (JsonLdSource); the server's render alone spells it out (headTags, head.ts),
// with the request's origin: the browser, which keeps only the title and description in step,
// carries none of this (issue 33's JavaScript budget).
import { ogImagePath } from '../../contract/images';
import { inLang, langTags, paths, type Lang } from '../../contract/paths';
import { messagesOf, ownText } from '../lib/lang';
import { telHref, type SiteSettings } from '../lib/site';

export type JsonLd = Record<string, unknown>;

/**
 * The structured data a page carries, as plain data (a page's head, head.ts): the server spells it
 * in schema.org's words with the request's origin (jsonLdOf), the browser never needs it.
 */
export type JsonLdSource =
  | { type: 'business'; site: SiteSettings; lang: Lang }
  /** The steps after the welcome page, this page last; paths in the page's language. */
  | { type: 'breadcrumb'; trail: ReadonlyArray<{ name: string; path: string }>; lang: Lang }
  /**
   * A project. `inLanguage`: the language of its words (French on the English page of a project
   * not translated); `creator`: the business's name, its welcome page in `lang`.
   */
  | { type: 'work'; name: string; description: string; path: string; image: string; lang: Lang; inLanguage: Lang; creator: string; genre?: string };

/** The business as schema.org reads it (welcome and contact pages). */
function business({ site, lang }: Extract<JsonLdSource, { type: 'business' }>, origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    name: site.BusinessName,
    telephone: telHref(site.Phone).slice('tel:'.length),
    email: site.InfoEmail,
    address: {
      '@type': 'PostalAddress',
      ...(site.Street ? { streetAddress: site.Street } : {}),
      addressLocality: site.City,
      addressRegion: site.Province,
      ...(site.PostalCode ? { postalCode: site.PostalCode } : {}),
      addressCountry: 'CA',
    },
    areaServed: ownText(lang, site.AreaServed, site.En?.AreaServed).text,
    ...(site.Since ? { foundingDate: String(site.Since) } : {}),
    url: origin + inLang(paths.welcome.href(), lang),
    logo: `${origin}/favicon.svg`,
    image: origin + ogImagePath(site.WelcomePhoto),
    sameAs: site.Social.map((link) => link.Url),
    // Issue 31: the licence the law wants shown, and when the business answers.
    ...(site.RbqLicence ? { identifier: { '@type': 'PropertyValue', name: 'Licence RBQ', value: site.RbqLicence } } : {}),
    ...(site.Hours?.some((day) => day.length > 0) ? { openingHoursSpecification: openingHours(site.Hours) } : {}),
  };
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** schema.org's opening hours: one entry per time range, with every day that has it. */
function openingHours(hours: NonNullable<SiteSettings['Hours']>): JsonLd[] {
  const days = new Map<string, string[]>();
  hours.forEach((ranges, day) => {
    for (const { Open, Close } of ranges) days.set(`${Open}-${Close}`, [...(days.get(`${Open}-${Close}`) ?? []), `https://schema.org/${DAYS[day]}`]);
  });
  return [...days].map(([range, dayOfWeek]) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek, opens: range.slice(0, 5), closes: range.slice(6) }));
}

/** The trail from the welcome page to this page (types list, project type and project pages). */
function breadcrumb({ trail, lang }: Extract<JsonLdSource, { type: 'breadcrumb' }>, origin: string): JsonLd {
  const home = { name: messagesOf(lang).common.home, path: inLang(paths.welcome.href(), lang) };
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [home, ...trail].map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: origin + step.path,
    })),
  };
}

/** A project: the work, its words' language, its photo, who made it. */
function work(source: Extract<JsonLdSource, { type: 'work' }>, origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: source.name,
    description: source.description,
    url: origin + source.path,
    image: `${origin}/assets/images/${encodeURIComponent(source.image)}`,
    inLanguage: langTags[source.inLanguage],
    creator: { '@type': 'HomeAndConstructionBusiness', name: source.creator, url: origin + inLang(paths.welcome.href(), source.lang) },
    ...(source.genre ? { genre: source.genre } : {}),
  };
}

/** The JSON-LD of `source`, its URLs absolute from `origin`. */
export function jsonLdOf(source: JsonLdSource, origin: string): JsonLd {
  switch (source.type) {
    case 'business':
      return business(source, origin);
    case 'breadcrumb':
      return breadcrumb(source, origin);
    case 'work':
      return work(source, origin);
  }
}
