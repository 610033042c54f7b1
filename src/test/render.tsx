// renderWithProviders: a fresh store per test, the real route table in a memory router.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { routes as appRoutes } from '../app/fullRouter';
import { api } from '../api/api.enhanced';
import { makeStore, type AppStore, type RootState } from '../app/store';
import type { HttpConfig } from '../api/baseQuery';
import type { ApiServer } from './apiServer';
import { browserFetch } from './browserFetch';

interface Options {
  preloadedState?: Partial<RootState>;
  /** Where the API answers (a real server started by the test); omitted: no HTTP expected. */
  apiOrigin?: string;
  route?: string;
  routes?: RouteObject[];
}

// Every store a test made: after each test, let its calls finish while the test's server is still
// up, then drop its cache subscriptions, so no request or log outlives the test.
const stores = new Set<AppStore>();

/** A store a test made itself (not through renderWithProviders): settled after the test too. */
export function settleAfterTest(store: AppStore): AppStore {
  stores.add(store);
  return store;
}
afterEach(async () => {
  for (const store of stores) {
    await Promise.allSettled(store.dispatch(api.util.getRunningQueriesThunk()));
    await Promise.allSettled(store.dispatch(api.util.getRunningMutationsThunk()));
    store.dispatch(api.util.resetApiState());
  }
  stores.clear();
});

export function renderWithProviders(ui: ReactElement | null, options: Options = {}) {
  const http: HttpConfig = options.apiOrigin
    ? { apiOrigin: options.apiOrigin, fetchFn: browserFetch() }
    : {};
  const store = makeStore(options.preloadedState, http);
  stores.add(store);
  const routes = ui ? [{ path: '*', element: ui }] : (options.routes ?? appRoutes);
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, user, ...view };
}

/** A logged-in session, for admin screens. */
export const loggedIn = (token = 'test-access', refreshToken = 'test-refresh') =>
  ({ auth: { token, refreshToken, loginRedirect: false } }) as Partial<RootState>;

/** An admin screen against the real API server, signed in through its API as the administrator. */
export async function renderSignedIn(server: ApiServer, route: string) {
  const tokens = await server.login();
  const view = renderWithProviders(null, { route, apiOrigin: server.origin, preloadedState: loggedIn(tokens.Token, tokens.RefreshToken) });
  return { ...view, tokens };
}
