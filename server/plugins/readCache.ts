// The read cache of public answers is dropped by every write call, when it starts and again when
// it is answered; then the other server processes (several on one PostgreSQL) are told, before
// the answer leaves, so that a visitor sent to another process next sees the change too. A write
// call is one of the contract's routes that can change what the cache holds (`writes`, "METHOD
// url" as routed): not a sign-in, a token renewal or a quote request, which anyone may send
// (a flood of them dropped every page, issue 19), nor a path that matched no route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Changes } from '../db/changes.ts';
import type { ReadCache } from '../readCache.ts';
import { messages } from '../messages.ts';

export function registerReadCacheInvalidation(app: FastifyInstance, cache: ReadCache, changes: Changes, writes: ReadonlySet<string>): void {
  // The router's own match: an encoded path (`/%61pi/…`) is the route it reaches.
  const isWrite = (req: FastifyRequest) => writes.has(`${req.method} ${req.routeOptions.url}`);
  app.addHook('onRequest', async (req) => {
    if (isWrite(req)) cache.invalidate();
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!isWrite(req)) return payload;
    cache.invalidate();
    await changes.publish().catch((error: unknown) => req.log.warn({ err: error }, messages.log.notificationsLost));
    return payload;
  });
}
