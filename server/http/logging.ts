// The request log: one line per request with its id, never a header or a body.
import { messages } from '../domain/messages.ts';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

export function loggerOptions(logger: boolean | FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger !== true) return logger;
  return {
    level: 'info',
    // Defence in depth: request logs carry no headers or bodies, but never print these.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.Pwd', '*.password'],
      censor: '[masqué]',
    },
  };
}

export function registerRequestLog(app: FastifyInstance): void {
  // One line per request, with its id (pino adds reqId). No headers, no body.
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      messages.log.request,
    );
  });
}
