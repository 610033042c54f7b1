// Two tabs, one session: what another tab writes to localStorage (a renewal, a logout) becomes
// this tab's session at once, so it never renews with a refresh token already spent.
import { makeStore } from '../../app/store';
import { persistSession } from '../../app/session';
import { followOtherTabs } from './otherTabs';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from './savedTokens';

async function startTab() {
  const store = makeStore();
  const persistor = persistSession(store);
  await new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) resolve();
    else persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
  });
  return store;
}

/** What the browser does in this tab when another tab writes `key` (the event is not fired in the writer). */
function otherTabWrites(key: string, value: string | null) {
  const oldValue = localStorage.getItem(key);
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: localStorage }));
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(TOKEN_KEY, 'jwt-1');
  localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
});

test("another tab's renewal becomes this tab's tokens", async () => {
  const store = await startTab();
  const stop = followOtherTabs(store.dispatch);
  try {
    otherTabWrites(TOKEN_KEY, 'jwt-2');
    expect(store.getState().auth).toMatchObject({ token: 'jwt-1', refreshToken: 'refresh-1' }); // half written: wait
    otherTabWrites(REFRESH_TOKEN_KEY, 'refresh-2');
    expect(store.getState().auth).toMatchObject({ token: 'jwt-2', refreshToken: 'refresh-2' });
  } finally {
    stop();
  }
});

test("another tab's logout ends this tab's session", async () => {
  const store = await startTab();
  const stop = followOtherTabs(store.dispatch);
  try {
    otherTabWrites(TOKEN_KEY, null);
    otherTabWrites(REFRESH_TOKEN_KEY, null);
    expect(store.getState().auth).toMatchObject({ token: null, refreshToken: null });
  } finally {
    stop();
  }
});

test('without following, the tab would keep the spent refresh token', async () => {
  const store = await startTab();
  otherTabWrites(TOKEN_KEY, 'jwt-2');
  otherTabWrites(REFRESH_TOKEN_KEY, 'refresh-2');
  expect(store.getState().auth).toMatchObject({ refreshToken: 'refresh-1' });
});
