import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
// The action types alone: redux-persist itself is the admin chunk's (app/session.ts).
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist/es/constants';
import { api } from '../api/api.enhanced';
import { httpExtra, type HttpConfig } from '../api/baseQuery';
import { authReducer } from '../lib/auth/authSlice';

/**
 * Slices that a code-split feature injects when its chunk loads (the admin navigators, through
 * `rootReducer.inject`); the feature declares them here by module augmentation.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, {
  auth: authReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/**
 * The browser's fetch, except for image uploads (multipart calls): fetch cannot tell how much of
 * a request body has been sent, so those go through XMLHttpRequest, which reports the progress.
 * Only the quote form and the admin upload: the transport is in the quote form's chunk (which
 * imports it for its progress bar: one chunk, one module instance with its listeners).
 */
const defaultFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const multipart = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data');
  if (!multipart || typeof XMLHttpRequest === 'undefined') return fetch(request);
  const { sendWithProgress } = await import(/* webpackChunkName: "quote" */ '../api/uploadTransport');
  return sendWithProgress(request);
};

/** The store, and with it the one fetch every API call goes through: `http.fetchFn` (tests) or defaultFetch. */
export function makeStore(preloadedState?: Partial<RootState>, http: HttpConfig = {}) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: httpExtra({ ...http, fetchFn: http.fetchFn ?? defaultFetch }) },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
