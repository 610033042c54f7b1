// Two routers over one route table (router.tsx). Public pages run under the declarative
// <BrowserRouter>, whose code is about 17 KB gzipped lighter than the data router's; only the admin
// area needs the data router (lazy routes, useBlocker for unsaved changes). The first time an admin
// path is rendered, it loads the data router together with the admin chunk and hands the page over
// to it for the rest of the visit; that router serves the public pages too, so there is no way back.
// A visit that starts on an admin page starts under the data router (see main.tsx).
import { createContext, use, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { BrowserRouter, useRoutes } from 'react-router';
import type { AppStore } from './store';
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

/** The data router, once the saved session is being restored into `store` (the admin area's alone). */
function dataRouterFrom({ createFullRouter, FullRouterProvider, startSession }: Awaited<ReturnType<typeof loadDataRouter>>, store: AppStore): DataRouter {
  startSession(store);
  return { Provider: FullRouterProvider, router: createFullRouter() };
}

/** Loads the data router and makes one that starts from where the browser is now. */
export const startDataRouter = async (store: AppStore): Promise<DataRouter> => dataRouterFrom(await loadDataRouter(), store);

const HandOverContext = createContext<(dataRouter: DataRouter) => void>(() => undefined);

/** The element of every admin path under the light router: loads the data router, hands over. */
function HandOver() {
  const handOver = use(HandOverContext);
  const store = useStore() as AppStore;
  useEffect(() => {
    let current = true;
    void loadDataRouter().then((loaded) => {
      if (current) handOver(dataRouterFrom(loaded, store));
    });
    return () => {
      current = false;
    };
  }, [handOver, store]);
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
