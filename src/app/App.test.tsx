// The whole SPA as main.tsx starts it: nothing renders before redux-persist has restored the
// session.
import { render, screen } from '@testing-library/react';
import { persistStore } from 'redux-persist';
import { browserFetch } from '../test/browserFetch';
import { settleAfterTest } from '../test/render';
import { startScriptedServer, type ScriptedServer } from '../test/scriptedServer';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '../features/auth/tokenStorage';
import { App } from './App';
import { makeStore } from './store';

// The pages' own calls are not under test here: every API call answers 404.
let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer(() => undefined);
});
afterAll(() => server.close());
afterEach(() => localStorage.clear());

test('the first render waits for the stored session', async () => {
  localStorage.setItem(TOKEN_KEY, 'a.b.c');
  localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
  window.history.replaceState(null, '', '/about');
  const store = settleAfterTest(makeStore(undefined, { apiOrigin: server.origin, fetchFn: browserFetch() }));
  const persistor = persistStore(store);
  const { container } = render(<App store={store} persistor={persistor} />);
  expect(persistor.getState().bootstrapped).toBe(false);
  expect(container).toBeEmptyDOMElement();
  expect(await screen.findByRole('heading', { name: 'À propos de l’atelier' })).toBeInTheDocument();
  expect(store.getState().auth).toMatchObject({ token: 'a.b.c', refreshToken: 'r1' });
});

test('an admin page reloaded with a stored session stays on it', async () => {
  localStorage.setItem(TOKEN_KEY, 'a.b.c');
  localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
  window.history.replaceState(null, '', '/admin');
  const store = settleAfterTest(makeStore(undefined, { apiOrigin: server.origin, fetchFn: browserFetch() }));
  render(<App store={store} persistor={persistStore(store)} />);
  expect(await screen.findByRole('link', { name: 'Projets' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/admin');
});
