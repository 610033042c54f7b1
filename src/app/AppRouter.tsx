// Two routers over one route table (router.tsx). Public pages run under the declarative
// <BrowserRouter>, whose code is about 17 KB gzipped lighter than the data router's; only the admin
// area needs the data router (lazy routes, useBlocker for unsaved changes). The first time an admin
// path is rendered, it loads the data router together with the admin chunk and hands the page over
// to it for the rest of the visit; that router serves the public pages too, so there is no way back.
import { createContext, use, useEffect, useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import type { FullRouter, FullRouterProvider } from './fullRouter';
import { loadAdminScreens, publicRoutes } from './router';

interface HandedOver {
  Provider: typeof FullRouterProvider;
  router: FullRouter;
}

const HandOverContext = createContext<(handedOver: HandedOver) => void>(() => undefined);

/** The element of every admin path under the light router: loads the data router, hands over. */
function HandOver() {
  const handOver = use(HandOverContext);
  useEffect(() => {
    let current = true;
    void Promise.all([import(/* webpackChunkName: "admin" */ './fullRouter'), loadAdminScreens()]).then(
      ([{ createFullRouter, FullRouterProvider }]) => {
        if (current) handOver({ Provider: FullRouterProvider, router: createFullRouter() });
      },
    );
    return () => {
      current = false;
    };
  }, [handOver]);
  return null;
}

const lightRoutes = publicRoutes(<HandOver />);

function LightRoutes() {
  return useRoutes(lightRoutes);
}

export function AppRouter() {
  const [full, setFull] = useState<HandedOver | null>(null);
  useEffect(() => () => full?.router.dispose(), [full]);
  if (full) return <full.Provider router={full.router} />;
  return (
    <HandOverContext value={setFull}>
      <BrowserRouter>
        <LightRoutes />
      </BrowserRouter>
    </HandOverContext>
  );
}
