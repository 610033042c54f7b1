import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { AppRouter } from './AppRouter';
import type { AppStore } from './store';

interface AppProps {
  store: AppStore;
  persistor: Persistor;
}

/** The whole SPA: store, restored session, router. */
export function App({ store, persistor }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <PersistGate persistor={persistor} loading={null}>
          <AppRouter />
        </PersistGate>
      </Provider>
    </StrictMode>
  );
}
