// Slow hashing of the MD5 hex the client sends, with Node's scrypt (no native build needed).
// Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later and old
// hashes still verify.
import { createHash, randomBytes, randomInt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';

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

/**
 * Where every hash runs: one thread of its own, at the lowest CPU priority (Linux nice 19 applies
 * to the thread alone), one hash at a time. In libuv's pool a hash took a thread that file reads
 * share and a core as urgent as the visitors' pages; here pages and files go first whenever both
 * cores are busy, and a hash uses what is left (issue 19: a sign-in flood must not slow the site).
 */
const HASHER = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try { require('node:os').setPriority(0, 19); } catch {}
parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, salt, keyLength, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message) });
  }
});`;

/** An idle hasher ends after this long (its thread holds about 10 MB); the next hash starts another. */
const HASHER_IDLE_MS = 10_000;

let hasher: Worker | undefined;
let idle: NodeJS.Timeout | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (key: Buffer) => void; reject: (error: Error) => void }>();

function hasherThread(): Worker {
  if (hasher) return hasher;
  const worker = new Worker(HASHER, { eval: true });
  worker.on('message', ({ id, key, error }: { id: number; key?: Uint8Array; error?: string }) => {
    const job = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) {
      worker.unref(); // an idle hasher keeps no process alive
      clearTimeout(idle);
      idle = setTimeout(() => {
        if (hasher !== worker || pending.size > 0) return;
        hasher = undefined;
        void worker.terminate();
      }, HASHER_IDLE_MS).unref();
    }
    if (error !== undefined || !key) job?.reject(new Error(error));
    else job?.resolve(Buffer.from(key.buffer, key.byteOffset, key.byteLength));
  });
  worker.on('error', (error) => {
    hasher = undefined;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  });
  worker.unref();
  return (hasher = worker);
}

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  clearTimeout(idle);
  const worker = hasherThread();
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.ref();
    worker.postMessage({ id, password, salt, keyLength: KEY_LENGTH, options });
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
