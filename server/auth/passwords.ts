// Slow hashing of the MD5 hex the client sends, with Node's scrypt (no native build needed).
// Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later and old
// hashes still verify.
import { createHash, randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP password storage cheat sheet: N=2^16, r=8, p=2, one of its equally strong settings
 * (same work as N=2^17, p=1) with half the memory: 64 MiB a hash instead of 128, which keeps the
 * server under 300 MB while it checks a password under load (issue 19). Hashes stored with
 * another cost keep verifying with theirs.
 */
export const OWASP_SCRYPT: ScryptCost = { N: 2 ** 16, r: 8, p: 2 };
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(md5hex: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(md5hex, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(md5hex: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(md5hex, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** The MD5 hex the SPA computes from a plain password (used by the seed and the admin CLI). */
export const md5hex = (plain: string): string => createHash('md5').update(plain, 'utf8').digest('hex');

/** A random password a person can type: 20 characters from an unambiguous alphabet. */
export function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 20 }, () => alphabet[randomInt(alphabet.length)]).join('');
}
