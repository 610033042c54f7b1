import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { HydrationBoundary } from '../components/useHydrated';
import { AppRouter, type DataRouter, type LightRouter } from './AppRouter';
import type { AppStore } from './store';

interface AppProps {
  store: AppStore;
  /** The data router, when the visit starts on an admin page (see AppRouter.tsx). */
  dataRouter?: DataRouter;
  /** The server's render of a public page: a StaticRouter at its path. */
  router?: LightRouter;
}

/**
 * The whole site: store and router. The same tree renders on the server and hydrates in the
 * browser; only the admin area waits for the saved session (its layout, features/admin/screens).
 */
export function App({ store, dataRouter, router }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <HydrationBoundary>
          <AppRouter dataRouter={dataRouter} router={router} />
        </HydrationBoundary>
      </Provider>
    </StrictMode>
  );
}
