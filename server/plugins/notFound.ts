// What an unknown address answers: the SPA's page for a browser (503 with a French note when the
// SPA is not built), else a 404 JSON error.
import type { FastifyInstance } from 'fastify';
import { messages } from '../messages.ts';
import { sendIndexHtml, wantsIndexHtml } from './spa.ts';

export function registerNotFound(app: FastifyInstance, distDir: string, hasSpa: boolean): void {
  app.setNotFoundHandler((req, reply) => {
    if (hasSpa && wantsIndexHtml(req)) return sendIndexHtml(reply, distDir, req.url.split('?')[0] ?? '');
    if (!hasSpa && wantsIndexHtml(req)) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><html lang="fr"><meta charset="utf-8"><title>Portfolio</title><p>Le site n’est pas encore construit : lancez <code>npm run build</code>.</p></html>');
    }
    return reply.code(404).send({ Result: false, Message: messages.request.unknownAddress });
  });
}
