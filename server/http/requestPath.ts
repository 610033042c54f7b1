// The path that every check keyed on the URL sees (XSRF, cache headers, read-cache invalidation,
// the API/SPA split): percent-decoded as the router decodes it, so that `/%61pi/category/`, which
// the router serves as `/api/category/`, is `/api/category/` for the checks too (issue 19).
// Decoding `%2F` too only ever classifies more paths as the API: stricter, never looser.
import type { FastifyRequest } from 'fastify';

const decoded = new WeakMap<FastifyRequest, string>();

/** The request's path (no query), percent-decoded; as sent when it is not valid percent-encoding. */
export function requestPath(req: FastifyRequest): string {
  let path = decoded.get(req);
  if (path === undefined) {
    const raw = req.url.split('?')[0] ?? '';
    try {
      path = raw.includes('%') ? decodeURIComponent(raw) : raw;
    } catch {
      path = raw; // malformed: the router answers 400 and nothing matches it
    }
    decoded.set(req, path);
  }
  return path;
}

/** True for the API's paths (`/api` and below). */
export function isApiRequest(req: FastifyRequest): boolean {
  const path = requestPath(req);
  return path === '/api' || path.startsWith('/api/');
}
