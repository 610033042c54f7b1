// Two routers over one route table (router.tsx). Public pages run under the declarative
// <BrowserRouter>, whose code is about 17 KB gzipped lighter than the data router's; only the admin
// area needs the data router (lazy routes, useBlocker for unsaved changes). The first time an admin
// path is rendered, it loads the data router together with the admin chunk and hands the page over
// to it for the rest of the visit; that router serves the public pages too, so there is no way back.
// A visit that starts on an admin page starts under the data router (see main.tsx).
import { createContext, use, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import type { FullRouter, FullRouterProvider } from './fullRouter';
import { lightRoutes as lightRoutesWith, loadAdminScreens } from './router';

/** A data router over the whole site, and what renders it. */
export interface DataRouter {
  Provider: typeof FullRouterProvider;
  router: FullRouter;
}

/** The data router's chunk and the admin chunk, fetched together. */
const loadDataRouter = async () =>
  (await Promise.all([import(/* webpackChunkName: "admin" */ './fullRouter'), loadAdminScreens()]))[0];

const dataRouterFrom = ({ createFullRouter, FullRouterProvider }: Awaited<ReturnType<typeof loadDataRouter>>) => ({
  Provider: FullRouterProvider,
  router: createFullRouter(),
});

/** Loads the data router and makes one that starts from where the browser is now. */
export const startDataRouter = async (): Promise<DataRouter> => dataRouterFrom(await loadDataRouter());

const HandOverContext = createContext<(dataRouter: DataRouter) => void>(() => undefined);

/** The element of every admin path under the light router: loads the data router, hands over. */
function HandOver() {
  const handOver = use(HandOverContext);
  useEffect(() => {
    let current = true;
    void loadDataRouter().then((loaded) => {
      if (current) handOver(dataRouterFrom(loaded));
    });
    return () => {
      current = false;
    };
  }, [handOver]);
  return null;
}

const lightRoutes = lightRoutesWith(<HandOver />);

function LightRoutes() {
  return useRoutes(lightRoutes);
}

/** The router the light routes run under: the browser's, or the server's (StaticRouter). */
export type LightRouter = ComponentType<{ children: ReactNode }>;

/**
 * `dataRouter`: start under it (a visit that starts on an admin page). `router`: the server's
 * render of a public page passes its StaticRouter (kept out of the browser's bundle), under the
 * same light routes as the browser will hydrate.
 */
export function AppRouter({ dataRouter, router: Router = BrowserRouter }: { dataRouter?: DataRouter; router?: LightRouter }) {
  // The data router lives as long as the page: nothing disposes of it.
  const [full, setFull] = useState<DataRouter | null>(dataRouter ?? null);
  if (full) return <full.Provider router={full.router} />;
  return (
    <HandOverContext value={setFull}>
      <Router>
        <LightRoutes />
      </Router>
    </HandOverContext>
  );
}
