// The one route table. Each public page is declared once, here: its path, its component, the
// data it shows (the queries the server runs before rendering it, the same RTK Query endpoints
// the component reads) and its head, derived from that data (title, description, preview
// photo, JSON-LD). The server renders these pages (src/entry-server.tsx), the browser
// hydrates them. The admin screens are the data router's (fullRouter.tsx, in the admin chunk).
import { lazy, Suspense, type ReactElement } from 'react';
import { matchPath, Navigate, type RouteObject } from 'react-router';
import { api } from '../api/api.enhanced';
import { Layout } from './Layout';
import { NotFoundPage } from '../components/NotFoundPage';
import { WelcomePage, CAROUSEL_COUNT } from '../features/welcome/WelcomePage';
import { TypesListPage } from '../features/portfolio/TypesListPage';
import { ProjectTypePage } from '../features/portfolio/ProjectTypePage';
import { ProjectPage } from '../features/portfolio/ProjectPage';
import { AboutPage } from '../features/pages/AboutPage';
import { PrivacyPage } from '../features/quotes/PrivacyPage';
import { quoteFormArg } from '../features/quotes/formQuery';
import { fullTitle, heroPreload, notFoundHead, errorHead, shortDescription, siteHead, type PageHead } from './head';
import type { PublicMessages } from '../messages';
import { EN_PREFIX, frenchPath, inLang, langOfPath, langs, parseId, paths, type Lang } from '../../contract/paths';
import { isTranslated, messagesOf, ownText } from '../lib/lang';
import { paragraphs, type SiteSettings } from '../lib/site';
import type { PageOutcome, PageQuery } from './pageState';
import type { RootState } from './store';

// Admin screens live in their own chunk: public pages never download them (nor
// React Final Form, nor md5).
export const loadAdminScreens = () => import(/* webpackChunkName: "admin" */ '../features/admin/screens');

// The quote request form (its rules, the contract's limits) is a chunk of its own too: only the
// contact page shows it. The server's page brings it complete, and works as a plain form until
// the chunk has arrived and React hydrates it.
// The contact page (its hours, its licence, the quote form's frame) travels with its form
// (issue 31, to keep the welcome page within its budget): the server renders it complete.
const ContactPage = lazy(() => import(/* webpackChunkName: "quote" */ '../features/pages/ContactPage').then((module) => ({ default: module.ContactPage })));
const QuoteForm = lazy(() => import(/* webpackChunkName: "quote" */ '../features/quotes/QuoteForm').then((module) => ({ default: module.QuoteForm })));

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
  /** The French path; the English page is at `/en` + it (derived, never declared). */
  path: string;
  element: ReactElement;
  /** The page's path has an `:id`: a non-numeric one is not found. */
  hasId: boolean;
  /** The data the page shows in `lang`, beside the menu every page shows. */
  data(id: number, lang: Lang): PageQuery[];
  /** Its head from that data and the site's settings; null: the record does not exist (not found); undefined: not arrived. */
  head(page: HeadInput): PageHead | null | undefined;
  /**
   * Rendered anew for each visit, kept by no cache: the page shows an answer no cache may keep
   * (the quote form's token, the moment the form was shown).
   */
  fresh?: boolean;
}

/** What a page's head is made of: the store, the page's own path, the settings, its language. */
interface HeadInput {
  id: number;
  state: RootState;
  /** The page's own path (`/en/project/3` on the English page). */
  path: string;
  site: SiteSettings;
  lang: Lang;
  t: PublicMessages;
  /** An owner's text in the page's language (the French one when not translated). */
  own: (french: string, english: unknown) => string;
  /** A French href in the page's language. */
  to: (href: string) => string;
}

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
    data: () => [query(e.getRandomProjects, { count: CAROUSEL_COUNT }), query(e.getTestimonials, undefined)],
    head: ({ path, site, lang, t, own }) => ({
      title: t.site.welcome.title(site.BusinessName, site.City),
      description: shortDescription(`${own(site.WelcomeTagline, site.En?.WelcomeTagline)} ${own(site.WelcomeIntro, site.En?.WelcomeIntro)}`),
      path,
      type: 'website',
      ...siteHead(site, lang),
      jsonLd: [{ type: 'business', site, lang }],
      preload: heroPreload(site),
    }),
  }),
  {
    path: paths.typesList.path,
    element: <TypesListPage />,
    hasId: true,
    data: (id) => [query(e.getProjectTypesByCategory, { id }), query(e.getCategories, undefined)],
    head({ id, state, path, site, lang, t, own }) {
      const types = read.typesOf(state, id);
      const categories = read.categories(state);
      if (!types || !categories) return undefined;
      const category = categories.find((c) => c.Id === id);
      const name = category ? own(category.Name, category.En?.Name) : t.site.gallery.typesListTitle;
      return {
        title: fullTitle(name, site),
        description: t.site.gallery.typesListDescription(name, site.City),
        path,
        type: 'website',
        ...siteHead(site, lang),
        bilingual: !category || isTranslated(category),
        jsonLd: [{ type: 'breadcrumb', trail: [{ name, path }], lang }],
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
    head({ id, state, path, site, lang, t, own, to }) {
      const types = read.types(state);
      const categories = read.categories(state);
      if (!types || !categories) return undefined;
      const type = types.find((candidate) => candidate.Id === id);
      if (!type) return null;
      const name = own(type.Name, type.En?.Name);
      const description = own(type.Description, type.En?.Description);
      return {
        title: fullTitle(name, site),
        description: shortDescription(description || t.site.gallery.projectTypeDescription(name, site.City)),
        path,
        type: 'website',
        ...siteHead(site, lang),
        ...(type.Image ? { image: { name: type.Image, alt: name } } : {}),
        bilingual: isTranslated(type),
        jsonLd: [{ type: 'breadcrumb', trail: [...categoryStep(categories, type.CategoryId, own, to), { name, path }], lang }],
      };
    },
  },
  {
    path: paths.project.path,
    element: <ProjectPage />,
    hasId: true,
    data: (id) => [query(e.getProject, { id }), query(e.getProjectTypes, undefined), query(e.getCategories, undefined), query(e.getTestimonials, undefined)],
    head({ id, state, path, site, lang, t, own, to }) {
      const project = read.project(state, id);
      const types = read.types(state);
      const categories = read.categories(state);
      if (!project || !types || !categories) return undefined;
      const type = types.find((candidate) => candidate.Id === project.ProjectTypeId);
      const name = own(project.Name, project.En?.Name);
      const description = own(project.Description, project.En?.Description);
      const translated = isTranslated(project);
      const alt = t.site.welcome.imageAlt(site.BusinessName, name);
      const image = project.Media?.Poster ?? project.Image;
      const typeName = type ? own(type.Name, type.En?.Name) : '';
      const trail = type
        ? [...categoryStep(categories, type.CategoryId, own, to), { name: typeName, path: to(paths.projectType.href(type.Id)) }]
        : [];
      return {
        title: fullTitle(name, site),
        description: shortDescription(t.site.gallery.projectDescription(name, description)),
        path,
        type: 'article',
        siteName: site.BusinessName,
        image: { name: image, alt },
        bilingual: translated,
        jsonLd: [
          { type: 'breadcrumb', trail: [...trail, { name, path }], lang },
          // The language of the work's words: French on the English page of a project not translated.
          { type: 'work', name, description, path, image, lang, inLanguage: translated ? lang : 'fr', creator: site.BusinessName, ...(type ? { genre: typeName } : {}) },
        ],
      };
    },
  },
  simplePage({
    path: paths.contact.path,
    element: (
      <Suspense fallback={null}>
        <ContactPage
          quoteForm={
            <Suspense fallback={null}>
              <QuoteForm />
            </Suspense>
          }
        />
      </Suspense>
    ),
    data: (_id, lang) => [query(e.getQuoteForm, quoteFormArg(lang))],
    fresh: true,
    head: ({ path, site, lang, t }) => ({
      title: fullTitle(t.site.contact.title, site),
      description: t.site.contact.description(site.City),
      path,
      type: 'website',
      ...siteHead(site, lang),
      jsonLd: [{ type: 'business', site, lang }],
    }),
  }),
  simplePage({
    path: paths.about.path,
    element: <AboutPage />,
    data: () => [query(e.getTestimonials, undefined)],
    head: ({ path, site, lang, t, own }) => ({
      title: fullTitle(t.site.about.title, site),
      description: shortDescription(paragraphs(own(site.AboutIntro, site.En?.AboutIntro)).join(' ')),
      path,
      type: 'website',
      ...siteHead(site, lang),
      jsonLd: [],
    }),
  }),
  simplePage({
    path: paths.privacy.path,
    element: <PrivacyPage />,
    // The retention period it states comes with the quote form's answer.
    data: (_id, lang) => [query(e.getQuoteForm, quoteFormArg(lang))],
    fresh: true,
    head: ({ path, site, lang, t }) => ({
      title: fullTitle(t.quotes.privacy.title, site),
      description: t.quotes.privacy.description,
      path,
      type: 'website',
      ...siteHead(site, lang),
      jsonLd: [],
    }),
  }),
  simplePage({ path: '*', element: <NotFoundPage />, head: () => null }),
];

function categoryStep(
  categories: ReadonlyArray<{ Id: number; Name: string; En?: { Name?: unknown } }>,
  id: number,
  own: HeadInput['own'],
  to: HeadInput['to'],
) {
  const category = categories.find((c) => c.Id === id);
  return category ? [{ name: own(category.Name, category.En?.Name), path: to(paths.typesList.href(id)) }] : [];
}

/** The public pages' paths in both languages (Fastify's syntax too: `/project/:id`, `/en/project/:id`). */
export const pagePaths: string[] = publicPages
  .filter((page) => page.path !== '*')
  .flatMap((page) => langs.map((lang) => inLang(page.path, lang)));

const isNotFoundError = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/**
 * The page at `pathname`, with its id (0 for pages without one; null: not a valid id) and its
 * language. An English path is matched as its French path, and to the letter (`/en/Welcome` is not
 * found; the router's English routes are case-sensitive too).
 */
export function matchPage(pathname: string): { page: PublicPage; id: number | null; lang: Lang } {
  const lang = langOfPath(pathname);
  for (const page of publicPages) {
    const match = matchPath({ path: page.path, caseSensitive: lang === 'en' }, frenchPath(pathname));
    if (match) return { page, id: page.hasId ? parseId(match.params.id) : 0, lang };
  }
  throw new Error('publicPages ends with the catch-all');
}

/** Every query the page at `pathname` shows (none for a non-numeric id). */
export function pageData(pathname: string): PageQuery[] {
  const { page, id, lang } = matchPage(pathname);
  return id === null ? layoutData() : [...layoutData(), ...page.data(id, lang)];
}

/** The outcome of the page at `pathname` from the store: one rule for the server and the browser. */
export function pageOutcome(pathname: string, state: RootState): PageOutcome {
  const { page, id, lang } = matchPage(pathname);
  const site = read.site(state);
  if (layoutData().some((q) => q.select(state).isError)) return { status: 503, head: errorHead(pathname, site) };
  if (!site) return { status: 'loading' };
  if (id === null) return { status: 404, head: notFoundHead(pathname, site) };
  const results = page.data(id, lang).map((q) => q.select(state));
  if (results.some((r) => r.isError && isNotFoundError(r.error))) return { status: 404, head: notFoundHead(pathname, site) };
  if (results.some((r) => r.isError)) return { status: 503, head: errorHead(pathname, site) };
  if (!results.every((r) => r.isSuccess)) return { status: 'loading' };
  const head = page.head({
    id,
    state,
    path: pathname,
    site,
    lang,
    t: messagesOf(lang),
    own: (french, english) => ownText(lang, french, english).text,
    to: (href) => inLang(href, lang),
  });
  if (head === undefined) return { status: 'loading' };
  return head === null ? { status: 404, head: notFoundHead(pathname, site) } : { status: 200, head: { ...head, bilingual: head.bilingual ?? true } };
}

/** The public pages under the public layout (header, menu, footer); `/` and `/en` go to the welcome page. */
export const publicRoutes: RouteObject = {
  element: <Layout outcome={pageOutcome} data={pageData} />,
  children: [
    { index: true, element: <Navigate to={paths.welcome.href()} replace /> },
    { path: EN_PREFIX, caseSensitive: true, element: <Navigate to={inLang(paths.welcome.href(), 'en')} replace /> },
    // Each page at its French path, then at its English one (to the letter: /EN/welcome is not found).
    ...publicPages.flatMap(({ path, element }) =>
      path === '*' ? [{ path, element }] : [{ path, element }, { path: inLang(path, 'en'), caseSensitive: true, element }],
    ),
  ],
};

/**
 * The same table for the light declarative router of public pages (see AppRouter.tsx) and the
 * server's render: the admin area renders `handOver`, which passes the page to the data router.
 */
export const lightRoutes = (handOver: ReactElement): RouteObject[] => [
  publicRoutes,
  { path: `${paths.admin.menu.path}/*`, element: handOver },
];
