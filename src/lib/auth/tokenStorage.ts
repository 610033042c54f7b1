// redux-persist storage that keeps the session's tokens as two raw localStorage entries,
// 'token' and 'refresh-token', as the specification prescribes (not one JSON blob).
// Used with serialize/deserialize false: redux-persist hands us the auth state object.

export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refresh-token';

interface StoredTokens {
  token: string | null;
  refreshToken: string | null;
}

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** Both tokens, or null when either is missing (a half session is no session). */
export function readTokens(): StoredTokens | null {
  const s = storage();
  const token = s?.getItem(TOKEN_KEY) ?? null;
  const refreshToken = s?.getItem(REFRESH_TOKEN_KEY) ?? null;
  return token && refreshToken ? { token, refreshToken } : null;
}

export const tokenStorage = {
  /** Nothing saved: nothing to restore (the store keeps the session it has). */
  getItem(): Promise<StoredTokens | null> {
    return Promise.resolve(readTokens());
  },
  setItem(_key: string, value: Partial<StoredTokens>): Promise<void> {
    const s = storage();
    if (value.token && value.refreshToken) {
      s?.setItem(TOKEN_KEY, value.token);
      s?.setItem(REFRESH_TOKEN_KEY, value.refreshToken);
    } else {
      s?.removeItem(TOKEN_KEY);
      s?.removeItem(REFRESH_TOKEN_KEY);
    }
    return Promise.resolve();
  },
  removeItem(): Promise<void> {
    storage()?.removeItem(TOKEN_KEY);
    storage()?.removeItem(REFRESH_TOKEN_KEY);
    return Promise.resolve();
  },
};

/** Logout clears all browser storage (section 4 of the specification). */
export function clearAllStorage(): void {
  storage()?.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
}
