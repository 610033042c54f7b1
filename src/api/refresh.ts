// The session's renewal (specification section 8): one POST /api/refreshtoken/ at a time, shared
// by every call that got a 401 meanwhile. Loaded on the first 401 only, with the admin chunk: a
// public page holds no session (only the admin area restores it), so it never needs this.
import type { Dispatch } from '@reduxjs/toolkit';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { TokenResponse } from '../../contract/api';
import { tokensRefreshed } from './session';

const REFRESH_URL = '/api/refreshtoken/';

let refreshInFlight: Promise<boolean> | null = null;

/**
 * True once new tokens are stored. `send`: a call with the session's headers (the refresh token
 * as bearer on this URL).
 */
export function refreshSession(send: (args: FetchArgs) => PromiseLike<{ data?: unknown }> | { data?: unknown }, dispatch: Dispatch): Promise<boolean> {
  refreshInFlight ??= (async () => {
    try {
      const answer = (await send({ url: REFRESH_URL, method: 'POST' })).data as TokenResponse | undefined;
      if (answer?.Result) {
        dispatch(tokensRefreshed(answer));
        return true;
      }
      return false;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}
