import { adminApi } from '../../api/adminApi';
import { tokensRefreshed } from '../../api/session';
import { makeStore } from '../../app/store';
import { persistSession } from '../../app/session';
import { selectIsLoggedIn } from './authSlice';
import { browserFetch } from '../../test/browserFetch';
import { startScriptedServer, type ScriptedServer } from '../../test/scriptedServer';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from './savedTokens';
import { clearAllStorage } from './tokenStorage';

let server: ScriptedServer;
let loginAnswer: { Result: boolean; Token: string; RefreshToken: string };
beforeAll(async () => {
  server = await startScriptedServer((seen) =>
    seen.url === '/api/login/' ? { status: 200, body: loginAnswer } : undefined,
  );
});
afterAll(() => server.close());

const login = { loginRequest: { Email: 'admin@example.com', Pwd: '0'.repeat(32) } };

async function startApp() {
  const store = makeStore(undefined, { apiOrigin: server.origin, fetchFn: browserFetch() });
  const persistor = persistSession(store);
  await new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) resolve();
    else persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
  });
  return { store, persistor };
}

/** The app started, a login the server answers with `answer` (kept as the login screen keeps it), and the session written to storage. */
async function logInAnswered(answer: typeof loginAnswer) {
  const { store, persistor } = await startApp();
  loginAnswer = answer;
  store.dispatch(tokensRefreshed(await store.dispatch(adminApi.endpoints.login.initiate(login)).unwrap()));
  await persistor.flush();
  return store;
}

beforeEach(() => localStorage.clear());

describe('session at start-up', () => {
  it('is logged in when both token and refresh-token are in localStorage', async () => {
    localStorage.setItem(TOKEN_KEY, 'a.b.c');
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    const { store } = await startApp();
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(store.getState().auth).toMatchObject({ token: 'a.b.c', refreshToken: 'r1' });
  });

  it.each([
    ['only token', TOKEN_KEY],
    ['only refresh-token', REFRESH_TOKEN_KEY],
  ])('is logged out with %s', async (_label, key) => {
    localStorage.setItem(key, 'x');
    const { store } = await startApp();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });

  it('is logged out with empty storage', async () => {
    const { store } = await startApp();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });
});

describe('session persistence', () => {
  it('keeps the tokens of a successful login as the raw token and refresh-token entries', async () => {
    const store = await logInAnswered({ Result: true, Token: 'jwt-1', RefreshToken: 'refresh-1' });
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('jwt-1');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
  });

  it('keeps nothing from a refused login', async () => {
    const store = await logInAnswered({ Result: false, Token: '', RefreshToken: '' });
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('clearing all storage on logout removes every entry', () => {
    localStorage.setItem(TOKEN_KEY, 't');
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r');
    localStorage.setItem('autre', 'x');
    sessionStorage.setItem('autre', 'x');
    clearAllStorage();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
