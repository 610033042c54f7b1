// Entity tags and If-None-Match (RFC 9110 §8.8.3, §13.1.2), for every answer that carries one:
// rendered pages, public API reads and image files.
import { createHash } from 'node:crypto';

/** The entity tag of a body: a hash of its bytes, weak (`W/"…"`) when the bytes may vary (compression). */
export const etagOf = (body: string | Buffer, weak = false): string => `${weak ? 'W/' : ''}"${createHash('sha1').update(body).digest('base64url')}"`;

/** The opaque part of an entity tag (`"…"`), without its weakness mark. */
const opaque = (tag: string): string => tag.replace(/^W\//, '');

/**
 * Whether If-None-Match says the client holds `etag` already (the answer is then 304): `*`, or a
 * list of entity tags one of which matches it by the weak comparison (W/ ignored on both sides). A
 * tag may hold a comma: the list is read tag by tag, not split on commas. A header that is not a
 * valid list matches nothing.
 */
export function noneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return true;
  const wanted = opaque(etag);
  const list = /\s*(?:(W\/)?("[\x21\x23-\x7e\x80-\xff]*"))?\s*(,|$)/gy;
  let matched = false;
  let at = 0;
  while (at < value.length) {
    list.lastIndex = at;
    const m = list.exec(value);
    if (!m || m[0] === '') return false;
    if (m[2] !== undefined && m[2] === wanted) matched = true;
    at = list.lastIndex;
  }
  return matched;
}
