// A software WebAuthn authenticator for the tests (issue 29): real keys and signatures, no mock.
// It answers the server's options as a browser and a platform authenticator would: an ES256 key
// pair made with node:crypto per credential, a 'none' attestation (CBOR) with the authenticator
// data (RP ID hash, flags, signature counter, the credential and its COSE key), the client data
// (type, challenge, origin), and assertions signed over authenticator data and the client data's
// hash. What a test needs to break is a parameter: another origin or RP ID, no user verification,
// a counter that does not move, another challenge.
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { PasskeyAssertion, PasskeyCreationOptions, PasskeyCredential, PasskeyRequestOptions } from '../../contract/api.ts';

// ── A minimal CBOR encoder (RFC 8949): what an attestation object and a COSE key hold ─────────

type Cbor = number | string | Uint8Array | Map<number, Cbor> | CborObject;
interface CborObject {
  [key: string]: Cbor;
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries: Array<[number | string, Cbor]> = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

// ── The authenticator ────────────────────────────────────────────────────────────────────────

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  /** The signature counter the next assertion carries (before it is increased). */
  counter: number;
}

export interface CeremonyOptions {
  /** Where the browser says the ceremony ran (clientDataJSON's origin). */
  origin: string;
  /** The RP ID the authenticator signs for: the options' by default. */
  rpId?: string;
  /** The user verified (fingerprint, face, PIN): true by default. */
  userVerified?: boolean;
  /** Sign this challenge rather than the options'. */
  challenge?: string;
  /** clientDataJSON's type: webauthn.create or webauthn.get by default. */
  type?: string;
  /** create(): this credential again (its id and key) rather than a new one. */
  reuse?: SoftCredential | undefined;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  /** 0: an authenticator that keeps no counter (as synced passkeys do); else each assertion adds this. */
  private readonly counterStep: number;
  constructor(counterStep = 1) {
    this.counterStep = counterStep;
  }

  /** navigator.credentials.create(): a new discoverable credential for the options' RP and user. */
  create(options: PasskeyCreationOptions, ceremony: CeremonyOptions): PasskeyCredential {
    const rpId = ceremony.rpId ?? options.rp.id;
    const { privateKey, publicKey } = ceremony.reuse ? { privateKey: ceremony.reuse.privateKey, publicKey: createPublicKey(ceremony.reuse.privateKey) } : generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(String(jwk.x), 'base64url')],
        [-3, Buffer.from(String(jwk.y), 'base64url')],
      ]),
    );
    const id = ceremony.reuse ? Buffer.from(ceremony.reuse.id, 'base64url') : randomBytes(32);
    const counter = this.counterStep === 0 ? 0 : 1;
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | FLAG_AT | (ceremony.userVerified === false ? 0 : FLAG_UV)]),
      this.counterBytes(counter),
      Buffer.alloc(16), // AAGUID: none
      length,
      id,
      coseKey,
    ]);
    const clientDataJSON = JSON.stringify({ type: ceremony.type ?? 'webauthn.create', challenge: ceremony.challenge ?? options.challenge, origin: ceremony.origin, crossOrigin: false });
    if (!ceremony.reuse) this.credentials.push({ id: b64url(id), rpId, userHandle: options.user.id, privateKey, counter: counter + this.counterStep });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal', 'hybrid'],
      },
    };
  }

  /**
   * navigator.credentials.get(): an assertion of `credential` (by default the first of the options'
   * allowed credentials this authenticator holds, else its first one for the RP: a discoverable one).
   */
  get(options: PasskeyRequestOptions, ceremony: CeremonyOptions & { credential?: SoftCredential; counter?: number }): PasskeyAssertion {
    const rpId = ceremony.rpId ?? options.rpId;
    const allowed = new Set((options.allowCredentials ?? []).map((descriptor) => descriptor.id));
    const credential =
      ceremony.credential ?? this.credentials.find((c) => (allowed.size === 0 ? c.rpId === options.rpId : allowed.has(c.id))) ?? this.credentials[0];
    if (!credential) throw new Error('SoftAuthenticator: no credential');
    const counter = ceremony.counter ?? credential.counter;
    if (ceremony.counter === undefined) credential.counter += this.counterStep;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV)]), this.counterBytes(counter)]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: ceremony.type ?? 'webauthn.get', challenge: ceremony.challenge ?? options.challenge, origin: ceremony.origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }

  private counterBytes(counter: number): Buffer {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(counter);
    return out;
  }
}
