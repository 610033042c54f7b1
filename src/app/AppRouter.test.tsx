// The two routers of AppRouter in the browser's history: public pages under the light router, the
// hand-over to the data router on the first admin path, a visit that starts under the data router
// as main.tsx starts an admin page, with the admin leave guard (useBlocker, which only a data
// router has). Against the real API server.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { api } from '../api/api.enhanced';
import { browserFetch } from '../test/browserFetch';
import { settleAfterTest } from '../test/render';
import { loggedIn } from '../test/render';
import { startApiServer, type ApiServer } from '../test/apiServer';
import { AppRouter, startDataRouter, type DataRouter } from './AppRouter';
import { makeStore, type AppStore, type RootState } from './store';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
  await server.primeXsrf();
});
afterAll(() => server.close());
afterEach(() => jest.restoreAllMocks());

let stores: ReturnType<typeof makeStore>[] = [];
afterEach(async () => {
  for (const store of stores) {
    await Promise.allSettled(store.dispatch(api.util.getRunningQueriesThunk()));
    store.dispatch(api.util.resetApiState());
  }
  stores = [];
});

function openAt(path: string, preloadedState?: Partial<RootState>, dataRouter?: (store: AppStore) => Promise<DataRouter>) {
  window.history.replaceState(null, '', path);
  const store = settleAfterTest(makeStore(preloadedState, { apiOrigin: server.origin, fetchFn: browserFetch() }));
  stores.push(store);
  return (dataRouter?.(store) ?? Promise.resolve(undefined)).then((router) => renderApp(store, router));
}

function renderApp(store: AppStore, dataRouter: DataRouter | undefined) {
  const user = userEvent.setup();
  render(
    <StrictMode>
      <Provider store={store}>
        <AppRouter dataRouter={dataRouter} />
      </Provider>
    </StrictMode>,
  );
  return { store, user };
}

const pathname = () => window.location.pathname;

test('a public page, then the HTTP layer sends the visitor to admin/login, then back', async () => {
  const { store } = await openAt('/about');
  expect(await screen.findByRole('heading', { name: 'À propos de l’atelier' })).toBeInTheDocument();
  act(() => {
    store.dispatch({ type: 'session/loginRedirectRequested' });
  });
  expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
  expect(pathname()).toBe('/admin/login');
  // The data router now serves the public pages too, from the same history.
  act(() => window.history.back());
  expect(await screen.findByRole('heading', { name: 'À propos de l’atelier' })).toBeInTheDocument();
  expect(pathname()).toBe('/about');
});

test('an admin path under the light router hands over (main.tsx falls back to it)', async () => {
  await openAt('/admin/login');
  expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
});

test('a visit that starts on an admin page starts under the data router; the leave guard asks', async () => {
  const { Token, RefreshToken } = await server.login();
  const { user } = await openAt('/admin/category', loggedIn(Token, RefreshToken), startDataRouter);
  await screen.findByText(/^Projet: 1 de : \d+$/);
  await user.click(screen.getByRole('button', { name: 'Nouveau' }));
  await user.type(screen.getByLabelText('Nom'), 'Pas encore enregistré');
  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false);
  await user.click(screen.getByRole('button', { name: 'Retour' }));
  expect(confirm).toHaveBeenCalledWith('Des modifications ne sont pas enregistrées. Quitter quand même?');
  expect(pathname()).toBe('/admin/category');
  confirm.mockReturnValueOnce(true);
  await user.click(screen.getByRole('button', { name: 'Retour' }));
  await waitFor(() => expect(pathname()).toBe('/admin'));
});

test('an unknown path under /admin is the not-found page, as under the data router', async () => {
  await openAt('/admin/nulle-part');
  expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
});
