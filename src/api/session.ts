// What the HTTP layer needs from the session, without depending on the auth feature:
// the actions it dispatches and the state it reads. The auth slice reduces these actions.
import { createAction } from '@reduxjs/toolkit';
import type { TokenResponse } from '../../contract/api';

export const tokensRefreshed = createAction<TokenResponse>('session/tokensRefreshed');
export const sessionEnded = createAction('session/ended');
export const loginRedirectRequested = createAction('session/loginRedirectRequested');

export interface SessionSlice {
  auth: { token: string | null; refreshToken: string | null };
}
