// The saved session (the spec's `token` and `refresh-token` in localStorage), restored and kept
// by redux-persist, and followed across tabs: the admin area's business alone. This module is in
// the admin chunk (fullRouter.tsx starts it before the first admin screen renders), so
// public pages carry neither redux-persist nor the session's code.
import { persistReducer, persistStore, type Persistor } from 'redux-persist';
import type { Reducer } from '@reduxjs/toolkit';
import { authReducer, type AuthState } from '../lib/auth/authSlice';
import { followOtherTabs } from '../lib/auth/otherTabs';
import { tokenStorage } from '../lib/auth/tokenStorage';
import { rootReducer, type AppStore } from './store';

/** Only the two tokens are persisted, as raw localStorage entries (see tokenStorage). */
const persistedAuthReducer = persistReducer<AuthState>(
  {
    key: 'auth',
    storage: tokenStorage,
    whitelist: ['token', 'refreshToken'],
    serialize: false,
    deserialize: false,
  } as Parameters<typeof persistReducer<AuthState>>[0],
  authReducer,
) as Reducer<AuthState>;

const persisted = new WeakMap<AppStore, Persistor>();

/**
 * Restores the saved session into `store` and keeps it saved from then on (once per store):
 * until it is restored, `auth._persist.rehydrated` is false and the admin layout shows nothing.
 */
export function persistSession(store: AppStore): Persistor {
  let persistor = persisted.get(store);
  if (!persistor) {
    rootReducer.inject({ reducerPath: 'auth', reducer: persistedAuthReducer }, { overrideExisting: true });
    persistor = persistStore(store);
    persisted.set(store, persistor);
  }
  return persistor;
}

const following = new WeakSet<AppStore>();

/** The admin area's session: the saved one restored and kept (persistSession), and other tabs' changes followed. */
export function startSession(store: AppStore): void {
  persistSession(store);
  if (following.has(store)) return;
  following.add(store);
  followOtherTabs(store.dispatch);
}
