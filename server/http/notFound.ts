// What an unknown address answers: for a browser, the rendered not-found page (an admin path: the
// SPA's page; 503 with a French note when the SPA is not built), else a 404 JSON error.
import type { FastifyInstance } from 'fastify';
import { messages } from '../domain/messages.ts';
import { requestPath } from './requestPath.ts';
import type { Renderer } from './render.ts';
import { isAdminPath } from '../../contract/paths.ts';
import { sendIndexHtml, wantsIndexHtml } from './spa.ts';

export function registerNotFound(app: FastifyInstance, distDir: string, hasSpa: boolean, renderer: Renderer | null): void {
  app.setNotFoundHandler((req, reply) => {
    const path = requestPath(req);
    if (renderer && wantsIndexHtml(req) && !isAdminPath(path)) return renderer.send(req, reply);
    if (hasSpa && wantsIndexHtml(req)) return sendIndexHtml(reply, distDir, path);
    if (!hasSpa && wantsIndexHtml(req)) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><html lang="fr"><meta charset="utf-8"><title>Portfolio</title><p>Le site n’est pas encore construit : lancez <code>npm run build</code>.</p></html>');
    }
    return reply.code(404).send({ Result: false, Message: messages.request.unknownAddress });
  });
}
