// The saved session as the specification keeps it: two raw localStorage entries, 'token' and
// 'refresh-token' (not one JSON blob). Read here by every page (a signed-in administrator's visits
// are not counted, viewSend.ts); written by the admin area's redux-persist storage (tokenStorage.ts).

export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refresh-token';

export interface StoredTokens {
  token: string | null;
  refreshToken: string | null;
}

export function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** Both tokens, or null when either is missing (a half session is no session). */
export function readTokens(): StoredTokens | null {
  const s = storage();
  const token = s?.getItem(TOKEN_KEY) ?? null;
  const refreshToken = s?.getItem(REFRESH_TOKEN_KEY) ?? null;
  return token && refreshToken ? { token, refreshToken } : null;
}
