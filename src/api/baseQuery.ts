// The base query of every call (specification sections 7 and 8):
// - the bearer access token when logged in (the refresh token on refresh and logout calls);
// - the X-XSRF-TOKEN header, read from the XSRF-TOKEN cookie, on non-GET/HEAD relative calls;
// - on a 401 (not on the refresh call) one POST /api/refreshtoken/, shared by every call that
//   got a 401 meanwhile (refresh.ts, loaded then: public pages hold no session), then the
//   original call retried once;
// - a failed refresh, a 401 on the refresh call or with no URL, or any 403: to admin/login;
// - every error is passed on to the caller unchanged.
import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { loginRedirectRequested, sessionEnded, type SessionSlice } from './session';

const LOGOUT_URL = '/api/logout/';

/** Where and how to call the API: relative URLs and the browser's fetch unless told otherwise. */
export interface HttpConfig {
  apiOrigin?: string;
  fetchFn?: typeof fetch;
}

type RawQuery = ReturnType<typeof fetchBaseQuery>;

/** The store's thunk extra argument: the one raw query every call goes through (see makeStore). */
interface HttpExtra {
  rawQuery: RawQuery;
}

export const httpExtra = ({ apiOrigin = '', fetchFn }: HttpConfig): HttpExtra => ({
  rawQuery: fetchBaseQuery({ baseUrl: apiOrigin, fetchFn }),
});

const rawBaseQuery: RawQuery = (args, api, extraOptions) =>
  (api.extra as HttpExtra).rawQuery(args, api, extraOptions);

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

const isRelative = (url: string) => !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url);
const isRefreshCall = (url: string | undefined) => url?.includes('refreshtoken') ?? false;

function withHeaders(args: FetchArgs, getState: () => unknown): FetchArgs {
  const { token, refreshToken } = (getState() as SessionSlice).auth;
  const headers = new Headers(args.headers as HeadersInit | undefined);
  const usesRefreshToken = isRefreshCall(args.url) || args.url === LOGOUT_URL;
  const bearer = usesRefreshToken ? refreshToken : token;
  if (bearer && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${bearer}`);
  const method = (args.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD' && isRelative(args.url)) {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  }
  // An administrator must see what they just wrote: the API's public GETs allow the browser to
  // answer from its HTTP cache (stale-while-revalidate), so a logged-in session revalidates
  // every read (ETag → 304 when nothing changed). Visitors keep the cached answers.
  if ((method === 'GET' || method === 'HEAD') && token && !args.cache) {
    return { ...args, headers, cache: 'no-cache' };
  }
  return { ...args, headers };
}

function logNonHttpError(error: FetchBaseQueryError) {
  if (error.status === 'FETCH_ERROR') console.error('Client-side error event', error.error);
  else if (typeof error.status !== 'number') console.error('something else happened', error);
}

export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> =
  async (args, api, extraOptions) => {
    const request: FetchArgs = typeof args === 'string' ? { url: args } : args;
    const url = request.url as string | undefined;
    const send = (args: FetchArgs) => rawBaseQuery(withHeaders(args, api.getState), api, extraOptions);
    let result = await send(request);
    const error = result.error;
    if (!error) return result;

    if (error.status === 401) {
      if (!url || isRefreshCall(url)) {
        api.dispatch(loginRedirectRequested());
      } else if (await import(/* webpackChunkName: "admin" */ './refresh').then(({ refreshSession }) => refreshSession(send, api.dispatch))) {
        result = await send(request);
      } else {
        api.dispatch(sessionEnded());
        api.dispatch(loginRedirectRequested());
      }
    } else if (error.status === 403) {
      api.dispatch(loginRedirectRequested());
    } else if (!api.signal.aborted) {
      logNonHttpError(error);
    }
    return result;
  };
