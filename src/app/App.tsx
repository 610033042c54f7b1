import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import type { AppStore } from './store';

interface AppProps {
  store: AppStore;
  persistor: Persistor;
  router: ReturnType<typeof createBrowserRouter>;
}

/** The whole SPA: store, restored session, router. */
export function App({ store, persistor, router }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <PersistGate persistor={persistor} loading={null}>
          <RouterProvider router={router} />
        </PersistGate>
      </Provider>
    </StrictMode>
  );
}
