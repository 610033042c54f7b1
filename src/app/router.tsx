// The one route table. Each public page is declared once, here: its path, its component, the
// data it shows (the queries the server runs before rendering it, the same RTK Query endpoints
// the component reads) and its head, derived from that data (title, description, preview
// photo, JSON-LD). The server renders these pages (src/entry-server.tsx), the browser
// hydrates them. The admin screens hang under one guarded admin layout, in their own chunk.
import type { ReactElement } from 'react';
import { matchPath, Navigate, type RouteObject } from 'react-router';
import { api } from '../api/api.enhanced';
import { Frame, Layout } from './Layout';
import { NotFoundPage } from '../components/NotFoundPage';
import { WelcomePage, CAROUSEL_COUNT } from '../features/welcome/WelcomePage';
import { TypesListPage } from '../features/portfolio/TypesListPage';
import { ProjectTypePage } from '../features/portfolio/ProjectTypePage';
import { ProjectPage } from '../features/portfolio/ProjectPage';
import { AboutPage } from '../features/pages/AboutPage';
import { ContactPage } from '../features/pages/ContactPage';
import { PrivacyPage } from '../features/quotes/PrivacyPage';
import { QuoteForm } from '../features/quotes/QuoteForm';
import type * as AdminScreens from '../features/admin/screens';
import {
  breadcrumbJsonLd,
  businessJsonLd,
  fullTitle,
  heroPreload,
  notFoundHead,
  errorHead,
  shortDescription,
  siteHead,
  type HeadSource,
  type JsonLd,
} from './head';
import { messages } from '../messages';
import { parseId, paths } from '../../contract/paths';
import { paragraphs, type SiteSettings } from '../lib/site';
import type { PageOutcome, PageQuery } from './pageState';
import type { RootState } from './store';

// Admin screens live in their own chunk: public pages never download them (nor
// React Final Form, nor md5).
export const loadAdminScreens = () => import(/* webpackChunkName: "admin" */ '../features/admin/screens');

interface Endpoint<Arg> {
  initiate(arg: Arg, options: { subscribe: boolean }): unknown;
  select(arg: Arg): (state: RootState) => { isSuccess: boolean; isError: boolean; error?: unknown };
}

/** The query of `endpoint` with `arg`. The server's store keeps no subscription (no timers). */
function query<Arg>(endpoint: Endpoint<Arg>, arg: Arg): PageQuery {
  return {
    // Dispatching a query's thunk returns its promise.
    run: (dispatch) => (dispatch as (thunk: unknown) => PromiseLike<unknown>)(endpoint.initiate(arg, { subscribe: false })),
    subscribe: (dispatch) => (dispatch as (thunk: unknown) => { unsubscribe(): void })(endpoint.initiate(arg, { subscribe: true })),
    select: endpoint.select(arg),
  };
}

const e = api.endpoints as unknown as {
  [Name in keyof typeof api.endpoints]: Endpoint<Parameters<(typeof api.endpoints)[Name]['initiate']>[0]>;
};

/** The data of each endpoint a head reads, from the store (undefined until it arrived). */
const read = {
  categories: (s: RootState) => api.endpoints.getCategories.select()(s).data,
  types: (s: RootState) => api.endpoints.getProjectTypes.select()(s).data,
  typesOf: (s: RootState, id: number) => api.endpoints.getProjectTypesByCategory.select({ id })(s).data,
  project: (s: RootState, id: number) => api.endpoints.getProject.select({ id })(s).data,
  site: (s: RootState) => api.endpoints.getSite.select()(s).data,
};

interface PublicPage {
  path: string;
  element: ReactElement;
  /** The page's path has an `:id`: a non-numeric one is not found. */
  hasId: boolean;
  /** The data the page shows, beside the menu every page shows. */
  data(id: number): PageQuery[];
  /** Its head from that data and the site's settings; null: the record does not exist (not found); undefined: not arrived. */
  head(id: number, state: RootState, path: string, site: SiteSettings): HeadSource | null | undefined;
  /**
   * Rendered anew for each visit, kept by no cache: the page shows an answer no cache may keep
   * (the quote form's token, the moment the form was shown).
   */
  fresh?: boolean;
}

const t = messages.site;

/** Every public page shows the business (GET /api/site: name, footer, texts) and the menu (GET /api/menu). */
const layoutData = (): PageQuery[] => [query(e.getSite, undefined), query(e.getMenu, undefined)];

const simplePage = (page: Omit<PublicPage, 'hasId' | 'data'> & { data?: PublicPage['data'] }): PublicPage => ({
  hasId: false,
  data: () => [],
  ...page,
});

export const publicPages: PublicPage[] = [
  simplePage({
    path: paths.welcome.path,
    element: <WelcomePage />,
    data: () => [query(e.getRandomProjects, { count: CAROUSEL_COUNT })],
    head: (_id, _state, path, site) => ({
      title: t.welcome.title(site.BusinessName, site.City),
      description: shortDescription(`${site.WelcomeTagline} ${site.WelcomeIntro}`),
      path,
      type: 'website',
      ...siteHead(site),
      jsonLd: [businessJsonLd(site)],
      preload: heroPreload(site),
    }),
  }),
  {
    path: paths.typesList.path,
    element: <TypesListPage />,
    hasId: true,
    data: (id) => [query(e.getProjectTypesByCategory, { id }), query(e.getCategories, undefined)],
    head(id, state, path, site) {
      const types = read.typesOf(state, id);
      const categories = read.categories(state);
      if (!types || !categories) return undefined;
      const name = categories.find((c) => c.Id === id)?.Name ?? t.gallery.typesListTitle;
      return {
        title: fullTitle(name, site),
        description: t.gallery.typesListDescription(name, site.City),
        path,
        type: 'website',
        ...siteHead(site),
        jsonLd: [breadcrumbJsonLd([{ name, path }])],
      };
    },
  },
  {
    path: paths.projectType.path,
    element: <ProjectTypePage />,
    hasId: true,
    data: (typeId) => [
      query(e.getProjectsByType, { typeId }),
      query(e.getProjectTypes, undefined),
      query(e.getSubTypes, { id: typeId }),
      query(e.getCategories, undefined),
    ],
    head(id, state, path, site) {
      const types = read.types(state);
      const categories = read.categories(state);
      if (!types || !categories) return undefined;
      const type = types.find((candidate) => candidate.Id === id);
      if (!type) return null;
      return {
        title: fullTitle(type.Name, site),
        description: shortDescription(type.Description || t.gallery.projectTypeDescription(type.Name, site.City)),
        path,
        type: 'website',
        ...siteHead(site),
        ...(type.Image ? { image: { name: type.Image, alt: type.Name } } : {}),
        jsonLd: [breadcrumbJsonLd([...categoryStep(categories, type.CategoryId), { name: type.Name, path }])],
      };
    },
  },
  {
    path: paths.project.path,
    element: <ProjectPage />,
    hasId: true,
    data: (id) => [query(e.getProject, { id }), query(e.getProjectTypes, undefined), query(e.getCategories, undefined)],
    head(id, state, path, site) {
      const project = read.project(state, id);
      const types = read.types(state);
      const categories = read.categories(state);
      if (!project || !types || !categories) return undefined;
      const type = types.find((candidate) => candidate.Id === project.ProjectTypeId);
      const alt = t.welcome.imageAlt(site.BusinessName, project.Name);
      const image = project.Media?.Poster ?? project.Image;
      const trail = type
        ? [...categoryStep(categories, type.CategoryId), { name: type.Name, path: paths.projectType.href(type.Id) }]
        : [];
      const work = (origin: string): JsonLd => ({
        '@context': 'https://schema.org',
        '@type': 'CreativeWork',
        name: project.Name,
        description: project.Description,
        url: origin + path,
        image: `${origin}/assets/images/${encodeURIComponent(image)}`,
        inLanguage: 'fr-CA',
        creator: { '@type': 'HomeAndConstructionBusiness', name: site.BusinessName, url: origin + paths.welcome.href() },
        ...(type ? { genre: type.Name } : {}),
      });
      return {
        title: fullTitle(project.Name, site),
        description: shortDescription(t.gallery.projectDescription(project.Name, project.Description)),
        path,
        type: 'article',
        siteName: site.BusinessName,
        image: { name: image, alt },
        jsonLd: [breadcrumbJsonLd([...trail, { name: project.Name, path }]), work],
      };
    },
  },
  simplePage({
    path: paths.contact.path,
    element: <ContactPage quoteForm={<QuoteForm />} />,
    data: () => [query(e.getQuoteForm, {})],
    fresh: true,
    head: (_id, _state, path, site) => ({
      title: fullTitle(t.contact.title, site),
      description: t.contact.description(site.City),
      path,
      type: 'website',
      ...siteHead(site),
      jsonLd: [businessJsonLd(site)],
    }),
  }),
  simplePage({
    path: paths.about.path,
    element: <AboutPage />,
    head: (_id, _state, path, site) => ({
      title: fullTitle(t.about.title, site),
      description: shortDescription(paragraphs(site.AboutIntro).join(' ')),
      path,
      type: 'website',
      ...siteHead(site),
      jsonLd: [],
    }),
  }),
  simplePage({
    path: paths.privacy.path,
    element: <PrivacyPage />,
    // The retention period it states comes with the quote form's answer.
    data: () => [query(e.getQuoteForm, {})],
    fresh: true,
    head: (_id, _state, path, site) => ({
      title: fullTitle(messages.quotes.privacy.title, site),
      description: messages.quotes.privacy.description,
      path,
      type: 'website',
      ...siteHead(site),
      jsonLd: [],
    }),
  }),
  simplePage({ path: '*', element: <NotFoundPage />, head: () => null }),
];

function categoryStep(categories: ReadonlyArray<{ Id: number; Name: string }>, id: number) {
  const category = categories.find((c) => c.Id === id);
  return category ? [{ name: category.Name, path: paths.typesList.href(id) }] : [];
}


const isNotFoundError = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/** The page at `pathname`, with its id (0 for pages without one; null: not a valid id). */
export function matchPage(pathname: string): { page: PublicPage; id: number | null } {
  for (const page of publicPages) {
    const match = matchPath(page.path, pathname);
    if (match) return { page, id: page.hasId ? parseId(match.params.id) : 0 };
  }
  throw new Error('publicPages ends with the catch-all');
}

/** Every query the page at `pathname` shows (none for a non-numeric id). */
export function pageData(pathname: string): PageQuery[] {
  const { page, id } = matchPage(pathname);
  return id === null ? layoutData() : [...layoutData(), ...page.data(id)];
}

/** The outcome of the page at `pathname` from the store: one rule for the server and the browser. */
export function pageOutcome(pathname: string, state: RootState): PageOutcome {
  const { page, id } = matchPage(pathname);
  const site = read.site(state);
  if (layoutData().some((q) => q.select(state).isError)) return { status: 503, head: errorHead(pathname, site) };
  if (!site) return { status: 'loading' };
  if (id === null) return { status: 404, head: notFoundHead(pathname, site) };
  const results = page.data(id).map((q) => q.select(state));
  if (results.some((r) => r.isError && isNotFoundError(r.error))) return { status: 404, head: notFoundHead(pathname, site) };
  if (results.some((r) => r.isError)) return { status: 503, head: errorHead(pathname, site) };
  if (!results.every((r) => r.isSuccess)) return { status: 'loading' };
  const head = page.head(id, state, pathname, site);
  if (head === undefined) return { status: 'loading' };
  return head === null ? { status: 404, head: notFoundHead(pathname, site) } : { status: 200, head };
}

const adminScreens: [path: string, screen: keyof typeof AdminScreens][] = [
  [paths.admin.project.path, 'ProjectEditorScreen'],
  [paths.admin.projectType.path, 'ProjectTypeEditorScreen'],
  [paths.admin.category.path, 'CategoryEditorScreen'],
  [paths.admin.subType.path, 'SubTypeEditorScreen'],
  [paths.admin.user.path, 'UserEditorScreen'],
  [paths.admin.quotes.path, 'QuotesInboxScreen'],
  [paths.admin.site.path, 'SiteEditorScreen'],
  [paths.admin.siteMenu.path, 'MenuEditorScreen'],
  [paths.admin.order.path, 'OrderScreen'],
];

const lazyScreen = (screen: keyof typeof AdminScreens): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await loadAdminScreens())[screen] }),
});

/** The public pages under the public layout (header, menu, footer); `/` goes to the welcome page. */
const publicRoutes: RouteObject = {
  element: <Layout outcome={pageOutcome} data={pageData} />,
  children: [
    { index: true, element: <Navigate to={paths.welcome.href()} replace /> },
    ...publicPages.map(({ path, element }) => ({ path, element })),
  ],
};

/**
 * The whole site for a data router (createBrowserRouter): the admin area is one layout that
 * waits for the session to be restored and sends a visitor without one to admin/login; the
 * login screen sits beside it in the same admin frame. Each screen loads lazily.
 */
export const routes: RouteObject[] = [
  publicRoutes,
  {
    element: <Frame />,
    // Nothing while the first admin screen's chunk loads.
    hydrateFallbackElement: <></>,
    children: [
      { path: paths.admin.login.path, ...lazyScreen('LoginScreen') },
      {
        path: paths.admin.menu.path,
        ...lazyScreen('AdminLayout'),
        children: [
          { index: true, ...lazyScreen('AdminMenu') },
          ...adminScreens.map(([path, screen]) => ({ path, ...lazyScreen(screen) })),
        ],
      },
    ],
  },
];

/**
 * The same table for the light declarative router of public pages (see AppRouter.tsx) and the
 * server's render: the admin area renders `handOver`, which passes the page to the data router.
 */
export const lightRoutes = (handOver: ReactElement): RouteObject[] => [
  publicRoutes,
  { path: `${paths.admin.menu.path}/*`, element: handOver },
];
