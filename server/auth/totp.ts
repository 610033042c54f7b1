// Time-based one-time passwords, RFC 6238 (over HOTP, RFC 4226) as authenticator apps compute
// them: a 160-bit secret, HMAC-SHA-1, 6 digits, 30-second steps. Written here rather than taken
// from a library: it is twenty lines over node:crypto, and the RFC's Appendix B vectors test it
// (server/test/secondFactor.test.ts). Base32 is RFC 4648's, without padding, as the apps read it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock drift accepted either way (RFC 6238 §5.2 recommends at most one). */
export const TOTP_DRIFT_STEPS = 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('Invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 random bits (RFC 4226 §4's recommended length), in base32. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** HOTP (RFC 4226 §5.3): the code of `counter`, `digits` long. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 30-second step of a time in milliseconds (RFC 6238 §4.2, T0 = 0). */
export const stepOf = (ms: number): number => Math.floor(ms / 1000 / TOTP_STEP_SECONDS);

/** The code of a base32 secret at a time in milliseconds. */
export const totpAt = (secret: string, ms: number): string => hotp(base32Decode(secret), stepOf(ms));

/**
 * The step whose code `code` is, within one step of drift of `ms`, or null. Compared in constant
 * time; the caller refuses a step already used (RFC 6238 §5.2).
 */
export function matchingStep(secret: string, code: string, ms: number): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = stepOf(ms);
  let found: number | null = null;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

/** The otpauth URI an authenticator app reads from the QR code (Google's Key URI format). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}
