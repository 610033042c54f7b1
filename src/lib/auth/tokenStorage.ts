// redux-persist storage that keeps the session's tokens as two raw localStorage entries,
// 'token' and 'refresh-token', as the specification prescribes (savedTokens.ts). The admin area's
// alone (src/app/session.ts). Used with serialize/deserialize false: redux-persist hands us the
// auth state object.
import { readTokens, REFRESH_TOKEN_KEY, storage, TOKEN_KEY, type StoredTokens } from './savedTokens';

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
