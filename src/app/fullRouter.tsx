// The data router over the whole site, loaded with the admin chunk (see AppRouter.tsx), and the
// saved session, which only the admin area restores (started before its first screen).
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './router';

export { startSession } from './session';

export type FullRouter = ReturnType<typeof createBrowserRouter>;

/** A data router that starts from where the browser is now. */
export const createFullRouter = (): FullRouter => createBrowserRouter(routes);

export function FullRouterProvider({ router }: { router: FullRouter }) {
  return <RouterProvider router={router} />;
}
