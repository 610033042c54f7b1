// The read cache of public answers is dropped by every write call, when it starts and again when
// it is answered.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReadCache } from '../readCache.ts';

export function registerReadCacheInvalidation(app: FastifyInstance, cache: ReadCache): void {
  // Any write call drops the read cache when it starts and again when it is answered.
  const isWrite = (req: FastifyRequest) => req.method !== 'GET' && req.method !== 'HEAD' && req.url.startsWith('/api/');
  app.addHook('onRequest', async (req) => {
    if (isWrite(req)) cache.invalidate();
  });
  app.addHook('onResponse', async (req) => {
    if (isWrite(req)) cache.invalidate();
  });
}
