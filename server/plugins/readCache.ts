// The read cache of public answers is dropped by every write call, when it starts and again when
// it is answered; then the other server processes (several on one PostgreSQL) are told, before
// the answer leaves, so that a visitor sent to another process next sees the change too.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Changes } from '../db/changes.ts';
import type { ReadCache } from '../readCache.ts';
import { messages } from '../messages.ts';
import { isApiRequest } from '../requestPath.ts';

export function registerReadCacheInvalidation(app: FastifyInstance, cache: ReadCache, changes: Changes): void {
  // Any write call drops the read cache when it starts and again when it is answered.
  const isWrite = (req: FastifyRequest) => req.method !== 'GET' && req.method !== 'HEAD' && isApiRequest(req);
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
