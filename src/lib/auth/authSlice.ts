import { createSlice } from '@reduxjs/toolkit';
import type { PersistState } from 'redux-persist';
import type { TokenResponse } from '../../../contract/api';
import { loginRedirectRequested, sessionEnded, tokensRefreshed } from '../../api/session';

export interface AuthState {
  token: string | null;
  refreshToken: string | null;
  /** Set when the HTTP layer wants the user on the login page; the router acts on it. */
  loginRedirect: boolean;
  /** Once the admin area has started the saved session (src/app/session.ts): redux-persist's state. */
  _persist?: PersistState;
}

const initialState: AuthState = { token: null, refreshToken: null, loginRedirect: false };

function store(state: AuthState, answer: TokenResponse) {
  if (answer.Result && answer.Token && answer.RefreshToken) {
    state.token = answer.Token;
    state.refreshToken = answer.RefreshToken;
  }
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loginRedirectDone(state) {
      state.loginRedirect = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(tokensRefreshed, (state, action) => store(state, action.payload));
    builder.addCase(sessionEnded, (state) => {
      state.token = null;
      state.refreshToken = null;
    });
    builder.addCase(loginRedirectRequested, (state) => {
      state.loginRedirect = true;
    });
  },
  selectors: {
    /** Logged in exactly when both tokens are present. */
    selectIsLoggedIn: (state) => Boolean(state.token && state.refreshToken),
    selectLoginRedirect: (state) => state.loginRedirect,
  },
});

export const { loginRedirectDone } = authSlice.actions;
export const { selectIsLoggedIn, selectLoginRedirect } = authSlice.selectors;

/**
 * The session in the store. Public pages never read the saved one: the admin area starts its
 * persistence (src/app/session.ts, in the admin chunk) before its first screen.
 */
export const authReducer = authSlice.reducer;
