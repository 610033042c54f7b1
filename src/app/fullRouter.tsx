// The data router over the whole site, loaded with the admin chunk (see AppRouter.tsx), and the
// saved session, which only the admin area restores (started before its first screen).
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { paths } from '../../contract/paths';
import type * as AdminScreens from '../features/admin/screens';
import { Frame } from './Layout';
import { loadAdminScreens, publicRoutes } from './router';

export { startSession } from './session';

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
  [paths.admin.testimonials.path, 'TestimonialEditorScreen'],
  [paths.admin.trash.path, 'TrashScreen'],
  [paths.admin.journal.path, 'JournalScreen'],
  [paths.admin.security.path, 'SecurityScreen'],
  [paths.admin.stats.path, 'StatsScreen'],
];

const lazyScreen = (screen: keyof typeof AdminScreens): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await loadAdminScreens())[screen] }),
});

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

export type FullRouter = ReturnType<typeof createBrowserRouter>;

/** A data router that starts from where the browser is now. */
export const createFullRouter = (): FullRouter => createBrowserRouter(routes);

export function FullRouterProvider({ router }: { router: FullRouter }) {
  return <RouterProvider router={router} />;
}
