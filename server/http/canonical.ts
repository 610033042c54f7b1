// One URL per page (issue 34): the canonical path of a public page's address. French paths are
// matched whatever their case (the client's router is case-insensitive there), English ones to the
// letter (`/en/Welcome` is not found, and stays so); a trailing slash never makes another page. A
// path that is some page's in another spelling answers 301 to that page's own path, so that search
// engines see one page and the read cache keeps one entry for it.
import { langOfPath } from '../../contract/paths.ts';

/** True when `path` fits one of the page routes (Fastify syntax: `/project/:id`), digits for each parameter (every id is numeric). */
function fitsRoute(path: string, routes: readonly string[]): boolean {
  const segments = path.split('/');
  return routes.some((route) => {
    const parts = route.split('/');
    return parts.length === segments.length && parts.every((part, i) => (part.startsWith(':') ? /^[0-9]+$/.test(segments[i] ?? '') : part === segments[i]));
  });
}

/**
 * The canonical spelling of the public page path `path` (percent-decoded, no query), or null when
 * no page route fits it even so (a not-found page, answered where it was asked).
 */
export function canonicalPath(path: string, routes: readonly string[]): string | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  const lang = langOfPath(trimmed);
  const lower = trimmed.toLowerCase();
  // `/EN/welcome` is a French path (no page): lowering it must not make it an English one.
  const candidate = lang === 'fr' && langOfPath(lower) === 'fr' ? lower : trimmed;
  return fitsRoute(candidate, routes) ? candidate : null;
}
