import { StrictMode, useSyncExternalStore, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { AppRouter, type DataRouter } from './AppRouter';
import type { AppStore } from './store';

interface AppProps {
  store: AppStore;
  persistor: Persistor;
  /** The data router, when the visit starts on an admin page (see AppRouter.tsx). */
  dataRouter?: DataRouter;
}

/**
 * Renders nothing until redux-persist has restored the session, as its PersistGate does with
 * `loading={null}`, in a hook instead of that library's ES5 class (0.8 KB gzipped less).
 */
function SessionRestored({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  const restored = useSyncExternalStore(persistor.subscribe, () => persistor.getState().bootstrapped);
  return restored ? children : null;
}

/** The whole SPA: store, restored session, router. */
export function App({ store, persistor, dataRouter }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <SessionRestored persistor={persistor}>
          <AppRouter dataRouter={dataRouter} />
        </SessionRestored>
      </Provider>
    </StrictMode>
  );
}
