// The contract's operations as Fastify routes: each operation of openapi.yaml gets exactly one
// handler, from the route module of its tag (start-up fails otherwise). Operations with bearer
// security refuse a missing or invalid access token before the body is even read. The handler's
// argument is named as the generated client names it (path params camelCased, the body under the
// lower-camel name of its schema). multipart/form-data is understood by the upload routes only:
// every other call still answers 415 to anything but JSON.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { MAX_VIDEO_BYTES } from '../../contract/images.ts';
import { argKeyOfParam, type ContractOperation } from './contract.ts';
import type { HandlerContext, Services, TagModule } from './operations.ts';
import { authRoutes, bearerOf } from '../auth/auth.routes.ts';
import { categoryRoutes } from '../projects/category.routes.ts';
import { galleryRoutes } from '../projects/gallery.routes.ts';
import { imageRoutes } from '../media/image.routes.ts';
import { menuRoutes } from '../site/menu.routes.ts';
import { projectRoutes } from '../projects/project.routes.ts';
import { projectTypeRoutes } from '../projects/projectType.routes.ts';
import { quoteRoutes } from '../quotes/quote.routes.ts';
import { siteRoutes } from '../site/site.routes.ts';
import { subTypeRoutes } from '../projects/subType.routes.ts';
import { testimonialRoutes } from '../testimonials/testimonial.routes.ts';
import { userRoutes } from '../auth/user.routes.ts';
import { accountRoutes } from '../auth/account.routes.ts';
import { hasFactor } from '../auth/secondFactor.service.ts';
import { trashRoutes } from '../trash/trash.routes.ts';
import { historyRoutes } from '../trash/history.routes.ts';
import { journalRoutes } from '../journal/journal.routes.ts';
import { statsRoutes } from '../stats/stats.routes.ts';
import { messages } from '../domain/messages.ts';
import { isJournaled, journaled } from './journaling.ts';
import { noJournalHook } from '../journal/journal.service.ts';

const tagModules: TagModule[] = [
  authRoutes,
  categoryRoutes,
  projectTypeRoutes,
  projectRoutes,
  galleryRoutes,
  subTypeRoutes,
  userRoutes,
  menuRoutes,
  siteRoutes,
  imageRoutes,
  quoteRoutes,
  testimonialRoutes,
  trashRoutes,
  historyRoutes,
  journalRoutes,
  accountRoutes,
  statsRoutes,
] as unknown as TagModule[];

export async function registerOperations(app: FastifyInstance, contract: ContractOperation[], services: Services): Promise<void> {
  const handlers = new Map<string, { tag: string; handler: (arg: unknown, ctx: HandlerContext) => Promise<unknown> }>();
  for (const module of tagModules) {
    for (const [operationId, handler] of Object.entries(module.handlers)) {
      handlers.set(operationId, { tag: module.tag, handler: handler as (arg: unknown, ctx: HandlerContext) => Promise<unknown> });
    }
  }
  const adminOf = new WeakMap<FastifyRequest, number>();
  const routeOf = (op: ContractOperation, entry: { handler: (arg: unknown, ctx: HandlerContext) => Promise<unknown> }) => {
    const readsAccessToken = op.security.includes('bearer');
    return {
      method: op.method,
      url: op.url,
      schema: op.schema,
      // Before the body is even read: no token, no work. Where the token is optional, one that is
      // sent must still be valid (the answer depends on it).
      onRequest: readsAccessToken
        ? async (req: FastifyRequest, reply: FastifyReply) => {
            const token = bearerOf(req);
            if (!token && op.securityOptional) return;
            const userId = token ? await services.sessions.verifyAccess(token) : null;
            if (userId === null) return reply.code(401).send({ Result: false, Message: messages.unauthorized });
            // REQUIRE_SECOND_FACTOR (issue 29): until the administrator has a second factor, only
            // the account's own calls are answered as to an administrator; a public read (its token
            // optional: the site seen by a signed-in owner) answers as to a visitor.
            if (services.requireSecondFactor && op.tag !== 'account' && !(await hasFactor(services.db, userId))) {
              if (op.securityOptional) return;
              return reply.code(403).send({ Result: false, Message: messages.secondFactor.setupRequired });
            }
            adminOf.set(req, userId);
          }
        : undefined,
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const arg: Record<string, unknown> = {};
        const params = (req.params ?? {}) as Record<string, unknown>;
        for (const name of op.pathParams) arg[argKeyOfParam(name)] = params[name];
        const query = (req.query ?? {}) as Record<string, unknown>;
        for (const name of op.queryParams) if (query[name] !== undefined) arg[argKeyOfParam(name)] = query[name];
        // A multipart body is streamed by the handler from the request itself.
        if (op.bodyKey && !op.multipart) arg[op.bodyKey] = req.body;
        const ctx: HandlerContext = { req, reply, services, userId: adminOf.get(req) ?? null, journal: noJournalHook };
        // Every write through the API writes its journal entry (issue 28).
        if (isJournaled(op)) return journaled(op, arg, ctx, (c) => entry.handler(arg, c));
        return entry.handler(arg, ctx);
      },
    };
  };
  const multipartRoutes: Array<ReturnType<typeof routeOf>> = [];
  for (const op of contract) {
    const entry = handlers.get(op.operationId);
    if (!entry) throw new Error(`openapi.yaml: no handler for operation ${op.operationId}`);
    if (entry.tag !== op.tag) throw new Error(`Handler ${op.operationId} is in module ${entry.tag}, contract tag ${op.tag}`);
    handlers.delete(op.operationId);
    if (op.multipart) multipartRoutes.push(routeOf(op, entry));
    else app.route(routeOf(op, entry));
  }
  // multipart/form-data is understood by the upload routes only: every other call still answers
  // 415 to anything but JSON.
  await app.register(async (scope) => {
    // Per file: an MP4 up to 100 Mo (an image's 20 Mo are checked once its content is known,
    // server/images/upload.ts); a video comes with its poster.
    await scope.register(fastifyMultipart, { limits: { fileSize: MAX_VIDEO_BYTES + 1, files: 3, parts: 12 } });
    for (const route of multipartRoutes) scope.route(route);
  });
  const extra = [...handlers.keys()];
  if (extra.length > 0) throw new Error(`Handlers without an operation in openapi.yaml: ${extra.join(', ')}`);
}
