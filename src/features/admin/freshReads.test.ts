// An administrator sees what they just wrote: while logged in, reads bypass the browser's HTTP
// cache (the API's public GETs allow stale-while-revalidate); a visitor's reads do not.
import { api } from '../../api/adminApi';
import { makeStore } from '../../app/store';
import { browserFetch } from '../../test/browserFetch';
import { loggedIn } from '../../test/render';
import { startScriptedServer, type ScriptedServer } from '../../test/scriptedServer';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer(() => ({ status: 200, body: [] }));
});
afterAll(() => server.close());

const read = async (state?: ReturnType<typeof loggedIn>) => {
  const store = makeStore(state, { apiOrigin: server.origin, fetchFn: browserFetch() });
  await store.dispatch(api.endpoints.getCategories.initiate());
  return server.seen.at(-1)?.headers['cache-control'];
};

test('logged in: every read revalidates', async () => {
  expect(await read(loggedIn())).toBe('max-age=0');
});

test('a visitor: reads may come from the HTTP cache', async () => {
  expect(await read()).toBeUndefined();
});
