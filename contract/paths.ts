// The one route table of the specification (section 2), shared by the client (its router and
// links) and the server (the sitemap, the pages a menu entry or a welcome card may name).
// URLs are built with href(), never by string concatenation. Every id is numeric.

const withId = (base: string) => ({
  path: `${base}/:id`,
  href: (id: number) => `${base}/${id}`,
});

export const paths = {
  root: { path: '/', href: () => '/' },
  welcome: { path: '/welcome', href: () => '/welcome' },
  typesList: withId('/typeslist'),
  projectType: withId('/projecttype'),
  project: withId('/project'),
  contact: { path: '/contact', href: () => '/contact' },
  about: { path: '/about', href: () => '/about' },
  privacy: { path: '/confidentialite', href: () => '/confidentialite' },
  admin: {
    menu: { path: '/admin', href: () => '/admin' },
    project: { path: '/admin/project', href: () => '/admin/project' },
    projectType: { path: '/admin/projecttype', href: () => '/admin/projecttype' },
    category: { path: '/admin/category', href: () => '/admin/category' },
    subType: { path: '/admin/subtype', href: () => '/admin/subtype' },
    user: { path: '/admin/user', href: () => '/admin/user' },
    quotes: { path: '/admin/quotes', href: () => '/admin/quotes' },
    /** « Paramètres du site » and the menu's editor (issue 14). */
    site: { path: '/admin/site', href: () => '/admin/site' },
    siteMenu: { path: '/admin/menu', href: () => '/admin/menu' },
    /** The owner's order of categories, project types and projects (issue 15). */
    order: { path: '/admin/order', href: () => '/admin/order' },
    testimonials: { path: '/admin/testimonials', href: () => '/admin/testimonials' },
    trash: { path: '/admin/trash', href: () => '/admin/trash' },
    journal: { path: '/admin/journal', href: () => '/admin/journal' },
    /** « Sécurité du compte » (issue 29): the administrator's second factors. */
    security: { path: '/admin/security', href: () => '/admin/security' },
    /** « Statistiques » (issue 30). */
    stats: { path: '/admin/stats', href: () => '/admin/stats' },
    login: { path: '/admin/login', href: () => '/admin/login' },
  },
} as const;

/**
 * The public pages without an id, in the sitemap's order. Marked pure: a bundle that uses nothing
 * of this module but isAdminPath (boot.ts) leaves it out.
 */
export const fixedPages = /*#__PURE__*/ [paths.welcome, paths.about, paths.contact, paths.privacy].map((page) => page.href());

/** The numeric id of a route parameter, or null when it is not a positive whole number. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2147483647 ? id : null;
}

/** The admin area: a client page, started under the data router (main.tsx). */
export const isAdminPath = (pathname: string) =>
  pathname === '/admin' || pathname.startsWith('/admin/');

// ── Languages (issue 27) ─────────────────────────────────────────────────────────────────────
// French is the site's language, at the specification's URLs; the English page of every public
// French URL is /en followed by that URL, same ids. The language comes from the URL alone.

export type Lang = 'fr' | 'en';
export const langs: readonly Lang[] = ['fr', 'en'];
/** The English site's prefix. */
export const EN_PREFIX = '/en';
/** hreflang / <html lang> of each language (Canada). */
export const langTags: Record<Lang, string> = { fr: 'fr-CA', en: 'en-CA' };

/** The language of a public path: en under /en/, fr otherwise. */
export const langOfPath = (pathname: string): Lang =>
  pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? 'en' : 'fr';

/** The French path of a public path (its /en prefix taken off). */
export const frenchPath = (pathname: string): string =>
  langOfPath(pathname) === 'en' ? pathname.slice(EN_PREFIX.length) || '/' : pathname;

/** A French href (from paths.*.href) in `lang`: `/en/project/3` for en. */
export const inLang = (href: string, lang: Lang): string => (lang === 'en' ? `${EN_PREFIX}${href}` : href);
