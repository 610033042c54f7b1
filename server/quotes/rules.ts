// Quote requests: the limits and the spam rules (their French sentences are in server/domain/messages.ts,
// `quote`). The field rules themselves are the contract's (openapi.yaml, QuoteRequest).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { publicLimits } from '../../contract/publicLimits.ts';
import type { Lang } from '../../contract/paths.ts';

/** At most five photos, each an image of at most 20 Mo (the image library's limit). */
export const MAX_PHOTOS = publicLimits.QuoteRequest.Photos.maxItems;
/** A form sent sooner than this after it was shown is a robot's: a person takes longer to type. */
export const MIN_FILL_MS = 3_000;
/** A form token is good for two hours (time to write a request and choose its photos), and once. */
export const TOKEN_LIFETIME_MS = 2 * 60 * 60 * 1000;
/**
 * Per address and hour (issue 34): at most `stored` requests kept and `attempts` requests received,
 * kept or refused for any reason; the next ones get 429 before their body is read.
 */
export const DEFAULT_QUOTE_LIMIT = { max: 5, attempts: 10, windowMs: 60 * 60 * 1000 };
/** Default of QUOTE_RETENTION_DAYS. */
export const DEFAULT_RETENTION_DAYS = 365;
/** The choice of « Type de travaux » beside the categories, in the form's language. */
export const OTHER_WORK: Record<Lang, string> = { fr: 'Autre', en: 'Other' };

/** Outbox: the delay before the n-th new attempt (n ≥ 1): 30 s, 1 min, 2 min… at most one hour. */
export const retryDelayMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);

/** Bytes enough to tell an image format from its first bytes. */
export const SNIFF_PHOTO_BYTES = 12;

/**
 * Whether a photo's first bytes are those of a format the pipeline may take: JPEG, PNG, GIF, WebP,
 * or an ISO media file (AVIF; the worker tells it from HEIC and other ftyp files). Anything else is
 * refused at once, before the rest of it is read and before any worker time.
 */
export function looksLikeImage(head: Buffer): boolean {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return true;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return true;
  return ascii(4, 8) === 'ftyp';
}

/** The text fields of the form, in the order of the form. */
export const QUOTE_FIELDS = ['Name', 'Email', 'Phone', 'City', 'Work', 'Message', 'Consent', 'Website', 'Token', 'Lang'] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];


const sign = (key: Uint8Array, issuedAt: number, nonce: string) => createHmac('sha256', key).update(`quote-form:${issuedAt}.${nonce}`).digest('base64url');

/**
 * A form token: the moment the form was shown and a nonce (the token's identity, remembered once
 * used: server/quotes/formTokens.ts), signed so that neither can be made up.
 */
export const formToken = (key: Uint8Array, now: number, nonce = randomBytes(16).toString('base64url')): string => `${now}.${nonce}.${sign(key, now, nonce)}`;

/** A token's moment and nonce with its age in ms, or null when it is not one of ours (or from the future, or expired). */
export function readToken(key: Uint8Array, token: string, now: number): { issuedAt: number; nonce: string; age: number } | null {
  const match = /^([0-9]{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const nonce = match[2] as string;
  const expected = Buffer.from(sign(key, issuedAt, nonce));
  const given = Buffer.from(match[3] as string);
  if (!timingSafeEqual(expected, given)) return null;
  const age = now - issuedAt;
  return age < 0 || age > TOKEN_LIFETIME_MS ? null : { issuedAt, nonce, age };
}

/** How old a token is, in ms, or null when it is not one of ours (or from the future, or expired). */
export const tokenAge = (key: Uint8Array, token: string, now: number): number | null => readToken(key, token, now)?.age ?? null;
