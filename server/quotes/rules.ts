// Quote requests: the limits and the spam rules (their French sentences are in server/domain/messages.ts,
// `quote`). The field rules themselves are the contract's (openapi.yaml, QuoteRequest).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { limits } from '../../contract/limits.ts';
import type { Lang } from '../../contract/paths.ts';

/** At most five photos, each an image of at most 20 Mo (the image library's limit). */
export const MAX_PHOTOS = limits.QuoteRequest.Photos.maxItems;
/** A form sent sooner than this after it was shown is a robot's: a person takes longer to type. */
export const MIN_FILL_MS = 3_000;
/** A form token is good for a day (a person may leave the page open, then send). */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Requests accepted per address and hour; the next ones get 429. */
export const DEFAULT_QUOTE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };
/** Default of QUOTE_RETENTION_DAYS. */
export const DEFAULT_RETENTION_DAYS = 365;
/** The choice of « Type de travaux » beside the categories, in the form's language. */
export const OTHER_WORK: Record<Lang, string> = { fr: 'Autre', en: 'Other' };

/** Outbox: the delay before the n-th new attempt (n ≥ 1): 30 s, 1 min, 2 min… at most one hour. */
export const retryDelayMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);

/** The text fields of the form, in the order of the form. */
export const QUOTE_FIELDS = ['Name', 'Email', 'Phone', 'City', 'Work', 'Message', 'Consent', 'Website', 'Token', 'Lang'] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];


const sign = (key: Uint8Array, issuedAt: number) => createHmac('sha256', key).update(`quote-form:${issuedAt}`).digest('base64url');

/** A form token: the moment the form was shown, signed so that it cannot be made up. */
export const formToken = (key: Uint8Array, now: number): string => `${now}.${sign(key, now)}`;

/** How old a token is, in ms, or null when it is not one of ours (or from the future, or expired). */
export function tokenAge(key: Uint8Array, token: string, now: number): number | null {
  const match = /^([0-9]{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(key, issuedAt));
  const given = Buffer.from(match[2] as string);
  if (!timingSafeEqual(expected, given)) return null;
  const age = now - issuedAt;
  return age < 0 || age > TOKEN_LIFETIME_MS ? null : age;
}
