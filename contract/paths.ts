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
    login: { path: '/admin/login', href: () => '/admin/login' },
  },
} as const;

/** The public pages without an id, in the sitemap's order. */
export const fixedPages = [paths.welcome, paths.about, paths.contact, paths.privacy].map((page) => page.href());

/** The numeric id of a route parameter, or null when it is not a positive whole number. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2147483647 ? id : null;
}

/** The admin area: a client page, started under the data router (main.tsx). */
export const isAdminPath = (pathname: string) =>
  pathname === '/admin' || pathname.startsWith('/admin/');
