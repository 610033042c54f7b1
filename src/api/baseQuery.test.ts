import { adminApi, api } from './adminApi';
import { baseQueryWithReauth, httpExtra } from './baseQuery';
import { makeStore, type RootState } from '../app/store';
import { browserFetch } from '../test/browserFetch';
import { startScriptedServer, type Route, type ScriptedServer } from '../test/scriptedServer';

const denied = { status: 401, body: { Result: false, Message: 'Jeton invalide' } };

let server: ScriptedServer;
let refreshAnswer: ReturnType<Route>;
let validToken: string;

beforeEach(async () => {
  validToken = 'access-2';
  refreshAnswer = { status: 200, body: { Result: true, Token: 'access-2', RefreshToken: 'refresh-2' } };
  document.cookie = 'XSRF-TOKEN=xsrf-value';
  server = await startScriptedServer((seen) => {
    if (seen.url === '/api/refreshtoken/') return refreshAnswer;
    if (seen.url === '/api/menu') return { status: 403, body: { Result: false, Message: 'Interdit' } };
    if (seen.url === '/api/project/all/') return { status: 200, raw: '<html>pas du JSON' };
    const authorized = seen.headers.authorization === `Bearer ${validToken}`;
    if (seen.url === '/api/category/all/') {
      return authorized ? { status: 200, body: [{ Id: 1, Name: 'Bancs' }], delayMs: 20 } : denied;
    }
    if (seen.url === '/api/category/') {
      return authorized ? { status: 200, body: { Result: true, Message: '' } } : denied;
    }
    return undefined;
  });
});

const stores: ReturnType<typeof makeStore>[] = [];

afterEach(async () => {
  // Drop the cache subscriptions, so that no tag-driven refetch outlives the test's server.
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
  await server.close();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  jest.restoreAllMocks();
});

function storeWith(token: string | null, refreshToken: string | null) {
  const preloaded = { auth: { token, refreshToken, loginRedirect: false } } as Partial<RootState>;
  const store = makeStore(preloaded, { apiOrigin: server.origin, fetchFn: browserFetch() });
  stores.push(store);
  return store;
}

const refreshCalls = () => server.seen.filter((s) => s.url === '/api/refreshtoken/');

/** The call ended in a 401 after `refreshes` refresh calls, and the admin goes to its login page. */
function expectSentToLogin(store: ReturnType<typeof storeWith>, result: { error?: unknown }, refreshes: number) {
  expect(result.error).toMatchObject({ status: 401 });
  expect(refreshCalls()).toHaveLength(refreshes);
  expect(store.getState().auth.loginRedirect).toBe(true);
}

/** With the refresh answered 401, `call` ends in a 401 after one refresh call, and the admin goes to its login page. */
async function refreshDenied(call: (store: ReturnType<typeof storeWith>) => PromiseLike<{ error?: unknown }>) {
  refreshAnswer = denied;
  const store = storeWith('access-1', 'refresh-1');
  expectSentToLogin(store, await call(store), 1);
}

describe('headers', () => {
  it('sends the access token as bearer when logged in, and nothing when logged out', async () => {
    const store = storeWith('access-2', 'refresh-1');
    const result = await store.dispatch(api.endpoints.getCategories.initiate());
    expect(result.data).toEqual([{ Id: 1, Name: 'Bancs' }]);
    expect(server.seen[0]?.headers.authorization).toBe('Bearer access-2');

    const anonymous = storeWith(null, null);
    await anonymous.dispatch(api.endpoints.getMenu.initiate());
    expect(server.seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('sends the XSRF cookie value as X-XSRF-TOKEN on non-GET calls only', async () => {
    const store = storeWith('access-2', 'refresh-1');
    await store.dispatch(api.endpoints.getCategories.initiate());
    await store.dispatch(adminApi.endpoints.addCategory.initiate({ category: { Id: 0, Name: 'Jardins' } }));
    const [get, post] = server.seen;
    expect(get?.headers['x-xsrf-token']).toBeUndefined();
    expect(post?.method).toBe('POST');
    expect(post?.headers['x-xsrf-token']).toBe('xsrf-value');
  });

  it('does not send the XSRF header to an absolute URL', async () => {
    const store = storeWith('access-2', 'refresh-1');
    await baseQueryWithReauth(
      { url: `${server.origin}/api/category/`, method: 'POST', body: {} },
      { ...apiFor(store), endpoint: 'addCategory', type: 'mutation' },
      {},
    );
    expect(server.seen[0]?.headers['x-xsrf-token']).toBeUndefined();
  });
});

describe('HTTP 401 on a call that is not the refresh call', () => {
  it('refreshes once with the refresh token as bearer, stores the new tokens, retries', async () => {
    const store = storeWith('access-1', 'refresh-1');
    const result = await store.dispatch(api.endpoints.getCategories.initiate());
    expect(result.data).toEqual([{ Id: 1, Name: 'Bancs' }]);
    expect(refreshCalls()).toHaveLength(1);
    expect(refreshCalls()[0]?.headers.authorization).toBe('Bearer refresh-1');
    expect(refreshCalls()[0]?.headers['x-xsrf-token']).toBe('xsrf-value');
    expect(store.getState().auth).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
    expect(server.seen.at(-1)?.headers.authorization).toBe('Bearer access-2');
    expect(store.getState().auth.loginRedirect).toBe(false);
  });

  it('on a refused refresh, ends the session, asks for admin/login and passes the 401 on', async () => {
    refreshAnswer = { status: 200, body: { Result: false, Token: '', RefreshToken: '' } };
    const store = storeWith('access-1', 'refresh-1');
    const result = await store.dispatch(api.endpoints.getCategories.initiate());
    expect(result.error).toMatchObject({ status: 401, data: denied.body });
    expect(refreshCalls()).toHaveLength(1);
    expect(store.getState().auth).toMatchObject({ token: null, refreshToken: null, loginRedirect: true });
  });

  it('on a refresh answered 401, does the same and never loops', () =>
    refreshDenied((store) => store.dispatch(api.endpoints.getCategories.initiate())));

  it('retries once only: a second 401 after a successful refresh is passed on', async () => {
    validToken = 'never-valid';
    const store = storeWith('access-1', 'refresh-1');
    const result = await store.dispatch(api.endpoints.getCategories.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(refreshCalls()).toHaveLength(1);
    expect(server.seen.filter((s) => s.url === '/api/category/all/')).toHaveLength(2);
  });

  it('shares one refresh between concurrent calls that got a 401', async () => {
    const store = storeWith('access-1', 'refresh-1');
    refreshAnswer = { ...refreshAnswer!, delayMs: 50 };
    const listQuery = store.dispatch(api.endpoints.getCategories.initiate());
    const [list, add] = await Promise.all([
      listQuery,
      store.dispatch(adminApi.endpoints.addCategory.initiate({ category: { Id: 0, Name: 'Jardins' } })),
    ]);
    listQuery.unsubscribe();
    expect(list.data).toHaveLength(1);
    expect(add.data).toEqual({ Result: true, Message: '' });
    expect(refreshCalls()).toHaveLength(1);
  });
});

describe('HTTP 401 on the refresh call itself, or with no URL', () => {
  it('goes to admin/login without another refresh', () =>
    refreshDenied((store) => store.dispatch(adminApi.endpoints.refreshToken.initiate())));

  it('treats a 401 for a call with no URL the same way', async () => {
    const store = storeWith('access-1', 'refresh-1');
    const fetchFn: typeof fetch = () => Promise.resolve(new Response('{}', { status: 401 }));
    const result = await baseQueryWithReauth(
      { url: '' },
      { ...apiFor(store), extra: httpExtra({ apiOrigin: server.origin, fetchFn }) },
      {},
    );
    expectSentToLogin(store, result, 0);
  });
});

describe('other errors', () => {
  it('HTTP 403 goes to admin/login and the error reaches the caller', async () => {
    const store = storeWith('access-2', 'refresh-1');
    const result = await store.dispatch(api.endpoints.getMenu.initiate());
    expect(result.error).toMatchObject({ status: 403, data: { Message: 'Interdit' } });
    expect(store.getState().auth.loginRedirect).toBe(true);
    expect(store.getState().auth.token).toBe('access-2');
  });

  it('logs a network failure as a client-side error event', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = storeWith('access-2', 'refresh-1');
    await server.close();
    const result = await store.dispatch(api.endpoints.getMenu.initiate());
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(log).toHaveBeenCalledWith('Client-side error event', expect.anything());
    expect(store.getState().auth.loginRedirect).toBe(false);
    server = await startScriptedServer(() => undefined);
  });

  it("logs any other non-HTTP error as 'something else happened'", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = storeWith('access-2', 'refresh-1');
    const result = await store.dispatch(api.endpoints.getProjects.initiate());
    expect(result.error).toMatchObject({ status: 'PARSING_ERROR' });
    expect(log).toHaveBeenCalledWith('something else happened', expect.anything());
  });
});

function apiFor(store: ReturnType<typeof storeWith>) {
  return {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: store.dispatch,
    getState: store.getState,
    extra: httpExtra({ apiOrigin: server.origin, fetchFn: browserFetch() }) as unknown,
    endpoint: 'getCategories',
    type: 'query' as const,
  };
}
