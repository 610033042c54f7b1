// Cross-cutting protections: security headers on every answer, the XSRF cookie and its check,
// and the cache headers of API answers (ETag + short Cache-Control on public GETs). The Cookie
// header is parsed by @fastify/cookie (req.cookies).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../domain/messages.ts';
import { etagOf, noneMatch } from './etag.ts';
import { isApiRequest, requestPath } from './requestPath.ts';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  // blob: the administrator's preview of a chosen file before it is uploaded (images, videos).
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** Shared caches (CDN, reverse proxy) may keep public API answers this long; browsers revalidate. */
export const PUBLIC_API_CACHE = 'public, max-age=0, s-maxage=15, stale-while-revalidate=30';

/**
 * The request's XSRF cookie, or null when it has none (or an empty one). Parsed by @fastify/cookie
 * (first cookie of that name, URL-decoded as the SPA decodes it before copying it into the header:
 * src/api/baseQuery.ts; the tokens handed out below are base64url, which decoding leaves alone).
 */
const xsrfCookie = (req: FastifyRequest): string | null => req.cookies[XSRF_COOKIE] || null;

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};


/**
 * Files that are the same for everyone and meant for shared caches: the image library and its
 * variants (/assets/, a one-year immutable cache) and webpack's content-hashed files (/static/).
 * They never hand out the XSRF cookie, which would make them private (below) and keep every CDN
 * from caching them: the cookie comes with the page and the API answers. Their errors (404…) and
 * an HTML page answered under those paths are not exempt, and stay out of shared caches.
 */
function isSharedFile(req: FastifyRequest, reply: FastifyReply): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (!requestPath(req).startsWith('/assets/') && !requestPath(req).startsWith('/static/')) return false;
  if (reply.statusCode >= 400) return false;
  const type = reply.getHeader('content-type');
  return !(typeof type === 'string' && type.startsWith('text/html'));
}
const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

export interface SecurityOptions {
  /** Routes (Fastify URL) answered to anyone by GET: ETag and a short shared-cache lifetime. */
  publicGetRoutes: Set<string>;
  /** Public GET routes whose answer differs with an administrator's token: such an answer is kept by no cache. */
  tokenDependentRoutes?: Set<string>;
  /**
   * POST routes (Fastify URL) a plain HTML form may call without JavaScript (the quote request):
   * such a form cannot set the XSRF header, so a browser's `Origin` header naming this very site
   * is accepted instead (browsers send it with every form POST, and a page of another site cannot
   * forge it).
   */
  formPostRoutes?: Set<string>;
  /**
   * Non-GET routes (Fastify URL) whose contract asks no XSRF token: a page view's beacon (issue
   * 30), which changes no content and must not need the cookie.
   */
  xsrfFreeRoutes?: Set<string>;
}

/** True when the request's Origin is this site (same scheme, host and port as the request). */
function sameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return false;
  try {
    return new URL(origin).host === req.host && new URL(origin).protocol === `${req.protocol}:`;
  } catch {
    return false;
  }
}

/** The bytes of a token, and how many tokens' bytes are drawn at once. */
const TOKEN_BYTES = 32;
const TOKENS_PER_DRAW = 128;
let drawn = Buffer.alloc(0);
let used = 0;

/**
 * A new XSRF token: 32 bytes of the system's generator, base64url. Drawn 128 tokens at a time,
 * each slice handed out once: a call to the generator per answer was 3 % of the server's CPU
 * under bench:load (every cookie-less answer hands one out), as Node draws randomUUID's.
 */
export function newXsrfToken(): string {
  if (used >= drawn.length) {
    drawn = randomBytes(TOKEN_BYTES * TOKENS_PER_DRAW);
    used = 0;
  }
  used += TOKEN_BYTES;
  return drawn.toString('base64url', used - TOKEN_BYTES, used);
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  // Registered first: its onRequest hook fills req.cookies before the XSRF check below.
  await app.register(fastifyCookie);

  // CSRF: any non-GET /api call must repeat the cookie's value in the X-XSRF-TOKEN header.
  app.addHook('onRequest', async (req, reply) => {
    if (!isApiRequest(req) || isSafeMethod(req.method)) return;
    if (options.xsrfFreeRoutes?.has(requestPath(req))) return;
    const cookie = xsrfCookie(req);
    const header = req.headers[XSRF_HEADER];
    const form = req.method === 'POST' && options.formPostRoutes?.has(req.url.split('?')[0] ?? '') === true && header === undefined;
    if (form && sameOrigin(req)) return;
    if (!cookie || typeof header !== 'string' || !sameSecret(cookie, header)) {
      return reply.code(403).send({
        Result: false,
        Message: messages.xsrf,
      });
    }
  });

  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Set here, not by @fastify/helmet (tried for issue #18): helmet writes the policy as `a;b`,
    // sends HSTS over plain HTTP too, has no Permissions-Policy and adds six headers of its own
    // (Cross-Origin-Resource-Policy: same-origin among them). Set up to send exactly these, it
    // would set four of the eight, and it builds its middleware anew for every request: about
    // 20 µs more CPU per answer, measured.
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    const https = req.protocol === 'https';
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');

    // No token for a page view's beacon (sent without cookies, so the browser would drop it) nor
    // its <noscript> image: a new token each time cost a fifth of a beacon's time (issue 30).
    if (!xsrfCookie(req) && !isSharedFile(req, reply) && !options.xsrfFreeRoutes?.has(requestPath(req))) {
      const value = newXsrfToken();
      // Written by hand, not with reply.setCookie: cookie@2 (under @fastify/cookie) would write
      // `Path=/; Secure; SameSite=Strict`, and this header is `Path=/; SameSite=Strict; Secure`.
      reply.header('Set-Cookie', `${XSRF_COOKIE}=${value}; Path=/; SameSite=Strict${https ? '; Secure' : ''}`);
      // An answer that hands out a visitor's own XSRF token must never sit in a shared cache
      // (a CDN would give the same token to everyone). Only cookie-less first requests get it.
      reply.header('Cache-Control', 'private, no-store');
      return payload;
    }

    if (isApiRequest(req)) {
      const route = req.routeOptions.url;
      const cacheable =
        (req.method === 'GET' || req.method === 'HEAD') &&
        reply.statusCode === 200 &&
        route !== undefined &&
        options.publicGetRoutes.has(route) &&
        !(options.tokenDependentRoutes?.has(route) && req.headers.authorization !== undefined) &&
        typeof payload === 'string';
      if (!cacheable) {
        reply.header('Cache-Control', 'no-store');
        return payload;
      }
      // Tagged here (and by render.ts's sendWithEtag), not by @fastify/etag (tried for issue #18):
      // the plugin tags every string answer of its context — errors, the first visit's private
      // answer, no-store answers carrying a one-visit token — answers 304 whatever the status or
      // method, and reads If-None-Match as one tag, not a list (etag.ts reads it as RFC 9110 says).
      const etag = etagOf(payload, true);
      reply.header('ETag', etag);
      reply.header('Cache-Control', PUBLIC_API_CACHE);
      if (noneMatch(req.headers['if-none-match'], etag)) {
        reply.code(304);
        return '';
      }
    }
    return payload;
  });
}
