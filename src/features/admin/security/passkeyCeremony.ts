// The browser's side of a passkey (issue 29): @simplewebauthn/browser turns the server's options
// into navigator.credentials.create()/get() and the answer back into the contract's JSON. Imported
// by the admin's screens only (« Sécurité du compte », the login screen): public pages never load it.
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';
import type { PasskeyAssertion, PasskeyCreationOptions, PasskeyCredential, PasskeyRequestOptions } from '../../../api/adminApi';

const unchanging = () => () => {};

/** Whether this browser can use passkeys at all (false where there is no browser: a render on the server, jsdom). */
export const usePasskeysSupported = (): boolean => useSyncExternalStore(unchanging, browserSupportsWebAuthn, () => false);

/** A new passkey for these options, or null when the person or the device declined (or it failed). */
export async function createPasskey(optionsJSON: PasskeyCreationOptions): Promise<PasskeyCredential | null> {
  try {
    return (await startRegistration({ optionsJSON })) as PasskeyCredential;
  } catch {
    return null;
  }
}

/** An assertion for these options, or null when the person or the device declined (or it failed). */
export async function assertPasskey(optionsJSON: PasskeyRequestOptions): Promise<PasskeyAssertion | null> {
  try {
    return (await startAuthentication({ optionsJSON })) as PasskeyAssertion;
  } catch {
    return null;
  }
}
