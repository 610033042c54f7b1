import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Layout } from '../components/Layout';
import { NotFoundPage } from '../components/NotFoundPage';
import { WelcomePage } from '../features/welcome/WelcomePage';
import { TypesListPage } from '../features/gallery/TypesListPage';
import { ProjectTypePage } from '../features/gallery/ProjectTypePage';
import { ProjectPage } from '../features/gallery/ProjectPage';
import { AboutPage } from '../features/pages/AboutPage';
import { ContactPage } from '../features/pages/ContactPage';
import { PrivacyPage } from '../features/quotes/PrivacyPage';
import type * as AdminScreens from '../features/admin/screens';
import { paths } from './paths';

// Admin screens live in their own chunk: public pages never download them (nor
// React Final Form, nor md5).
export const loadAdminScreens = () => import(/* webpackChunkName: "admin" */ '../features/admin/screens');

const adminScreens: [path: string, screen: keyof typeof AdminScreens][] = [
  [paths.admin.menu.path, 'AdminMenuScreen'],
  [paths.admin.project.path, 'ProjectEditorScreen'],
  [paths.admin.projectType.path, 'ProjectTypeEditorScreen'],
  [paths.admin.category.path, 'CategoryEditorScreen'],
  [paths.admin.subType.path, 'SubTypeEditorScreen'],
  [paths.admin.user.path, 'UserEditorScreen'],
  [paths.admin.quotes.path, 'QuotesInboxScreen'],
  [paths.admin.login.path, 'LoginScreen'],
];

/** The one route table; `admin` makes the route of each admin path. */
const siteRoutes = (admin: (path: string, screen: keyof typeof AdminScreens) => RouteObject): RouteObject[] => [
  {
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to={paths.welcome.href()} replace /> },
      { path: paths.welcome.path, element: <WelcomePage /> },
      { path: paths.typesList.path, element: <TypesListPage /> },
      { path: paths.projectType.path, element: <ProjectTypePage /> },
      { path: paths.project.path, element: <ProjectPage /> },
      { path: paths.contact.path, element: <ContactPage /> },
      { path: paths.about.path, element: <AboutPage /> },
      { path: paths.privacy.path, element: <PrivacyPage /> },
      ...adminScreens.map(([path, screen]) => admin(path, screen)),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The whole site for a data router (createBrowserRouter): each admin screen loads lazily. */
export const routes: RouteObject[] = siteRoutes((path, screen) => ({
  path,
  lazy: async () => ({ Component: (await loadAdminScreens())[screen] }),
}));

/**
 * The same table for the light declarative router of public pages (see AppRouter.tsx): every
 * admin path renders `handOver`, which passes the page to the data router.
 */
export const publicRoutes = (handOver: ReactElement): RouteObject[] =>
  siteRoutes((path) => ({ path, element: handOver }));
