// Passkeys (issue 29): the WebAuthn ceremonies, through @simplewebauthn/server (attestation and
// assertion parsing, COSE keys, signatures, rpIdHash, flags and counters). Here: the relying party
// and the options the server gives, and the checks of the browser's answers against a challenge
// the server kept (its SHA-256 only, server/auth/passkey.repository.ts). Plain values in and out;
// nothing here knows Fastify or the database.
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyAssertion, PasskeyCreationOptions, PasskeyCredential, PasskeyRequestOptions } from '../../contract/api.ts';
import { sha256 } from './secondFactor.repository.ts';

/** How long a ceremony may take: the challenge's life, as a sign-in's second step. */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;

/**
 * ES256, EdDSA, RS256: what authenticators make. Said explicitly (the library would add ML-DSA-44
 * where Node has it, an experimental API that prints a warning).
 */
const ALGORITHMS = [-7, -8, -257];

/**
 * The relying party: the site's origin (PUBLIC_URL, else the request's own, as canonical links:
 * server/http/render.ts originOf) and its host, the RP ID. A passkey works for that host only.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(origin: string, name: string): RelyingParty {
  const url = new URL(origin);
  return { id: url.hostname, origin: url.origin, name };
}

/** A new challenge: 256 random bits, as the options carry it (base64url). */
export const newChallenge = (): Uint8Array<ArrayBuffer> => new Uint8Array(randomBytes(32));

/** The challenge a browser's answer signed (clientDataJSON's), or null when it does not say one. */
export function challengeOfAnswer(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(data.challenge) ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Whether the ceremony ran in a frame of another site (refused: the site is never framed). */
function crossOriginOf(clientDataJSON: string): boolean {
  try {
    return (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { crossOrigin?: unknown }).crossOrigin === true;
  } catch {
    return true;
  }
}

export interface StoredPasskey {
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
}

const transportsOf = (stored: string): string[] => {
  try {
    const list = JSON.parse(stored) as unknown;
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

const descriptorOf = (passkey: StoredPasskey) => ({ id: passkey.credential_id, transports: transportsOf(passkey.transports) as never });

/** The options of a registration: a discoverable credential, user verification, no attestation; the account's passkeys excluded. */
export async function registrationOptions(
  rp: RelyingParty,
  user: { email: string },
  existing: StoredPasskey[],
  challenge: Uint8Array<ArrayBuffer>,
): Promise<PasskeyCreationOptions> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.email,
    // A new opaque handle for each registration (never the account's id or e-mail).
    userID: new Uint8Array(randomBytes(32)),
    challenge,
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: existing.map(descriptorOf),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return options as PasskeyCreationOptions;
}

/** The options of an assertion: any discoverable passkey of the site (`allowed` null), or these. */
export async function assertionOptions(rp: RelyingParty, allowed: StoredPasskey[] | null, challenge: Uint8Array<ArrayBuffer>): Promise<PasskeyRequestOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge,
    timeout: PASSKEY_CHALLENGE_MS,
    userVerification: 'required',
    ...(allowed === null ? {} : { allowCredentials: allowed.map(descriptorOf) }),
  });
  return options as PasskeyRequestOptions;
}

export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/**
 * A registration's answer, checked: the challenge (`challengeHash`), this site's origin and RP ID,
 * user presence and verification, a supported algorithm, and a discoverable credential when the
 * browser says. The credential to store, or null (never a reason: a refusal says nothing more).
 */
export async function checkRegistration(rp: RelyingParty, answer: PasskeyCredential, challengeHash: string): Promise<NewCredential | null> {
  if (crossOriginOf(answer.response.clientDataJSON) || answer.clientExtensionResults.credProps?.rk === false) return null;
  try {
    const verification = await verifyRegistrationResponse({
      response: answer as RegistrationResponseJSON,
      expectedChallenge: (challenge) => sha256(challenge) === challengeHash,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserPresence: true,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!verification.verified) return null;
    const { credential } = verification.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (answer.response.transports ?? []).slice(0, 8),
    };
  } catch {
    return null;
  }
}

/**
 * An assertion, checked against the stored passkey: the challenge, origin, RP ID, user presence
 * and verification, the signature, and the counter (when either is not 0, it must increase). The
 * new counter, or null.
 */
export async function checkAssertion(rp: RelyingParty, answer: PasskeyAssertion, challengeHash: string, passkey: StoredPasskey): Promise<number | null> {
  if (answer.id !== passkey.credential_id || crossOriginOf(answer.response.clientDataJSON)) return null;
  try {
    const verification = await verifyAuthenticationResponse({
      response: answer as AuthenticationResponseJSON,
      expectedChallenge: (challenge) => sha256(challenge) === challengeHash,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports) as never,
      },
    });
    return verification.verified ? verification.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
