// Tabs share one session (issue 19): another tab's renewal or logout rewrites the tokens in
// localStorage, and this tab follows at once (the `storage` event fires in the other tabs only).
// Without it, a tab would later renew with a refresh token another tab already spent, and the
// server, seeing a spent token come back, would end the session. Two tabs renewing at the very
// same moment are the server's part: it gives a replay within seconds the same successor.
import type { Dispatch } from '@reduxjs/toolkit';
import { sessionEnded, tokensRefreshed } from '../../api/session';
import { readTokens, REFRESH_TOKEN_KEY } from './savedTokens';

/** Follows the tokens other tabs write; returns the function that stops following. */
export function followOtherTabs(dispatch: Dispatch, target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    // The refresh token is written last (tokenStorage), and `null` is storage.clear() (logout).
    if (event.storageArea !== target.localStorage || (event.key !== REFRESH_TOKEN_KEY && event.key !== null)) return;
    const tokens = readTokens();
    if (tokens) dispatch(tokensRefreshed({ Result: true, Token: tokens.token ?? '', RefreshToken: tokens.refreshToken ?? '' }));
    else dispatch(sessionEnded());
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
