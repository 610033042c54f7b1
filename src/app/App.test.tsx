// The whole SPA as main.tsx starts it: public pages render at once (the server rendered them, the
// browser hydrates them) and leave the saved session alone; the admin area restores it (its chunk
// carries redux-persist) and waits for it.
import { render, screen, waitFor } from '@testing-library/react';
import { browserFetch } from '../test/browserFetch';
import { settleAfterTest } from '../test/render';
import { startScriptedServer, type ScriptedServer } from '../test/scriptedServer';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '../lib/auth/savedTokens';
import { App } from './App';
import { makeStore } from './store';

// The pages' own calls are not under test here: every API call answers 404.
let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer(() => undefined);
});
afterAll(() => server.close());
afterEach(() => localStorage.clear());

/** The app as main.tsx starts it, at `path`, with a session stored (token and refresh-token). */
function startWithStoredSession(path: string) {
  localStorage.setItem(TOKEN_KEY, 'a.b.c');
  localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
  window.history.replaceState(null, '', path);
  const store = settleAfterTest(makeStore(undefined, { apiOrigin: server.origin, fetchFn: browserFetch() }));
  render(<App store={store} />);
  return { store };
}

test('a public page renders at once and does not restore the stored session', async () => {
  const { store } = startWithStoredSession('/about');
  expect(await screen.findByRole('heading', { name: 'À propos de l’atelier' })).toBeInTheDocument();
  expect(store.getState().auth).toMatchObject({ token: null, refreshToken: null });
  expect(store.getState().auth._persist).toBeUndefined();
  expect(localStorage.getItem(TOKEN_KEY)).toBe('a.b.c');
});

test('an admin page waits for the stored session: no trip to the login page', async () => {
  const { store } = startWithStoredSession('/admin/category');
  await waitFor(() => expect(store.getState().auth._persist?.rehydrated).toBe(true));
  expect(store.getState().auth).toMatchObject({ token: 'a.b.c', refreshToken: 'r1' });
  await waitFor(() => expect(window.location.pathname).toBe('/admin/category'));
  expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/admin/category');
});

test('an admin page reloaded with a stored session stays on it', async () => {
  startWithStoredSession('/admin');
  expect(await screen.findByRole('link', { name: 'Projets' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/admin');
});
