// The read cache of public answers is dropped by every write call that reaches its handler, when
// the handler starts and again when it is answered; then the other server processes (several on
// one PostgreSQL) are told, before the answer leaves, so that a visitor sent to another process
// next sees the change too. A write call is one of the contract's routes that can change what the
// cache holds (`writes`, "METHOD url" as routed): not a sign-in, a token renewal or a quote
// request, which anyone may send (a flood of them dropped every page, issue 19), nor a path that
// matched no route. A write refused before its handler (no XSRF header, no valid token, a body
// the contract refuses) changed nothing and drops nothing: anyone can send those too. And the
// first drop waits for the token's check, which waits for a turn of the event loop (HMAC in
// Node's thread pool): dropped before it, every visitor's next request rendered its page again
// while the administrator's write waited behind them (20-30 ms under load; 2-5 ms now). A read
// first waits until this process's caches hold nothing older than another process's writes
// answered before it (changes.fresh: at once on SQLite).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Changes } from '../db/changes.ts';
import type { ReadCache } from './readCache.ts';
import { messages } from '../domain/messages.ts';

export function registerReadCacheInvalidation(app: FastifyInstance, cache: ReadCache, changes: Changes, writes: ReadonlySet<string>): void {
  // The router's own match: an encoded path (`/%61pi/…`) is the route it reaches.
  const isWrite = (req: FastifyRequest) => writes.has(`${req.method} ${req.routeOptions.url}`);
  const handled = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD') await changes.fresh();
  });
  app.addHook('preHandler', async (req) => {
    if (!isWrite(req)) return;
    handled.add(req);
    cache.invalidate();
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!handled.has(req)) return payload;
    cache.invalidate();
    await changes.publish().catch((error: unknown) => req.log.warn({ err: error }, messages.log.notificationsLost));
    return payload;
  });
}
