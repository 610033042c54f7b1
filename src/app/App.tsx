import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { AppRouter, type DataRouter } from './AppRouter';
import type { AppStore } from './store';

interface AppProps {
  store: AppStore;
  /** The data router, when the visit starts on an admin page (see AppRouter.tsx). */
  dataRouter?: DataRouter;
  /** The server's render of a public page: its path and query. */
  location?: string;
}

/**
 * The whole site: store and router. The same tree renders on the server and hydrates in the
 * browser; only the admin area waits for the saved session (its layout, features/admin/screens).
 */
export function App({ store, dataRouter, location }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <AppRouter dataRouter={dataRouter} location={location} />
      </Provider>
    </StrictMode>
  );
}
