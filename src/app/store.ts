import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { api } from '../api/api.enhanced';
import { httpExtra, type HttpConfig } from '../api/baseQuery';
import { sendWithProgress } from '../api/uploadTransport';
import { persistedAuthReducer } from '../lib/auth/authSlice';

/**
 * Slices that a code-split feature injects when its chunk loads (the admin navigators, through
 * `rootReducer.inject`); the feature declares them here by module augmentation.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, {
  auth: persistedAuthReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/**
 * The browser's fetch, except for image uploads (multipart calls): fetch cannot tell how much of
 * a request body has been sent, so those go through XMLHttpRequest, which reports the progress.
 * Visitors upload too (the photos of a quote request), so that small transport is in the main bundle.
 */
const defaultFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const multipart = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data');
  if (!multipart || typeof XMLHttpRequest === 'undefined') return fetch(request);
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
