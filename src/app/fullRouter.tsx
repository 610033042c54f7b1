// The data router over the whole site, loaded with the admin chunk (see AppRouter.tsx).
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './router';

export type FullRouter = ReturnType<typeof createBrowserRouter>;

/** A data router that starts from where the browser is now. */
export const createFullRouter = (): FullRouter => createBrowserRouter(routes);

export function FullRouterProvider({ router }: { router: FullRouter }) {
  return <RouterProvider router={router} />;
}
