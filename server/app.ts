// buildApp(config): the Fastify instance with every call of openapi.yaml, the SPA and the images.
// No listen, no global state: main.ts listens, tests use inject. Must not use import.meta (Jest
// loads this file as CommonJS): every path comes in through the config.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { FastifyValidationResult } from 'fastify/types/schema.js';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { createLoginLimiter } from './auth/loginLimiter.ts';
import { hashPassword, OWASP_SCRYPT, type ScryptCost } from './auth/passwords.ts';
import { createSessions, type TokenLifetimes } from './auth/sessions.ts';
import { argKeyOfParam, loadContract, type ContractOperation } from './contract.ts';
import { openDatabase } from './db/database.ts';
import { pageImages } from './demo/content.ts';
import { createImageLibrary } from './images/library.ts';
import { MAX_VIDEO_BYTES } from './images/video.ts';
import { createReadCache } from './readCache.ts';
import { ApiError, type HandlerContext, type OperationId, type Services, type TagModule } from './operations.ts';
import { registerImages } from './plugins/images.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa, sendIndexHtml, wantsIndexHtml } from './plugins/spa.ts';
import { frenchValidationMessage } from './plugins/validationMessages.ts';
import { authRoutes, bearerOf } from './routes/auth.ts';
import { categoryRoutes } from './routes/category.ts';
import { imageRoutes } from './routes/image.ts';
import { menuRoutes } from './routes/menu.ts';
import { projectRoutes } from './routes/project.ts';
import { projectTypeRoutes } from './routes/projecttype.ts';
import { quoteRoutes } from './routes/quote.ts';
import { createQuotes } from './quotes/service.ts';
import type { MailSettings } from './quotes/mail.ts';
import { subTypeRoutes } from './routes/subtype.ts';
import { userRoutes } from './routes/user.ts';

export interface AppConfig {
  /** Database file, uploaded images (images/), generated JWT key. */
  dataDir: string;
  /** The built SPA (may be missing, e.g. in tests). */
  distDir: string;
  openapiPath: string;
  /** Bundled demo images, served after DATA_DIR/images. */
  demoImagesDir: string;
  /** The image worker script (server/images/worker.ts), run as a child process. */
  imageWorkerPath: string;
  /** Cache of the demo images' pipeline output (e.g. node_modules/.cache/atelier-images); none: no cache. */
  imageCacheDir?: string;
  /** HS256 key (at least 32 characters); else a random key kept in DATA_DIR/jwt-secret. */
  jwtSecret?: string;
  /** Fastify trustProxy: true behind a reverse proxy (X-Forwarded-For/-Proto). */
  trustProxy: boolean | string;
  logger: boolean | FastifyServerOptions['logger'];
  /** scrypt cost; OWASP_SCRYPT in production, tiny in tests. */
  passwordCost: ScryptCost;
  /** Failed sign-ins allowed per address and e-mail in one window. */
  loginLimit?: { max: number; windowMs: number };
  /** Clock (tests move it to expire tokens). */
  now?: () => number;
  /** Access and refresh token lifetimes; 15 minutes and 30 days when absent. */
  tokenLifetimes?: TokenLifetimes;
  /** SMTP_URL and MAIL_FROM, with the business's quotes address; none: requests only in the admin. */
  mail?: MailSettings;
  /** QUOTE_RETENTION_DAYS (365 when absent). */
  quoteRetentionDays?: number;
  /** Quote requests accepted per address in one window (5 an hour when absent). */
  quoteLimit?: { max: number; windowMs: number };
}

export const defaultPasswordCost = OWASP_SCRYPT;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

const tagModules: TagModule[] = [
  authRoutes,
  categoryRoutes,
  projectTypeRoutes,
  projectRoutes,
  subTypeRoutes,
  userRoutes,
  menuRoutes,
  imageRoutes,
  quoteRoutes,
] as unknown as TagModule[];

const UNAUTHORIZED = 'Authentification requise : connectez-vous de nouveau.';

/** Fastify error codes of client errors, with the French sentence the client may show. */
function frenchClientError(code: string | undefined, status: number): string {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Type de contenu non pris en charge : envoyez du JSON (application/json).';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Requête trop volumineuse.';
    case 'BODY_INVALID_UNICODE':
      return 'Le texte envoyé contient un caractère Unicode invalide (moitié de paire de substitution) : corrigez-le et réessayez.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Le corps de la requête doit être un objet JSON valide.';
    default:
      if (status === 413) return 'Requête trop volumineuse.';
      if (status === 404) return 'Ressource introuvable.';
      return 'Requête invalide : le corps doit être un objet JSON valide.';
  }
}

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when every string (and key) of a parsed JSON value is well-formed Unicode. */
function wellFormed(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(wellFormed);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).every(([key, item]) => !LONE_SURROGATE.test(key) && wellFormed(item));
  }
  return true;
}

function loadJwtSecret(config: AppConfig): Uint8Array {
  if (config.jwtSecret !== undefined) {
    if (config.jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long.');
    return new TextEncoder().encode(config.jwtSecret);
  }
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

function loggerOptions(logger: AppConfig['logger']): FastifyServerOptions['logger'] {
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

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const contract = loadContract(config.openapiPath);
  const secret = loadJwtSecret(config);
  const db = await openDatabase(config.dataDir);

  const app = Fastify({
    logger: loggerOptions(config.logger),
    trustProxy: config.trustProxy,
    // Our own onResponse hook writes the one line per request.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.addHook('onClose', async () => {
    await db.destroy();
  });

  // Validation: bodies are checked as sent (no coercion, no removal); path params are strings
  // coerced to the contract's integers.
  const bodyAjv = new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: false });
  const paramAjv = new Ajv({ allErrors: false, coerceTypes: true, removeAdditional: false, useDefaults: false, strict: false });
  addFormats.default(bodyAjv);
  addFormats.default(paramAjv);
  app.setValidatorCompiler(({ schema, httpPart }): FastifyValidationResult => {
    if (httpPart === 'body') return bodyAjv.compile(schema);
    const validate = paramAjv.compile(schema);
    // Ajv coerces any numeric string ('0x10', '1e1', ' 1', '+1') to an integer, so one record
    // would answer to many URLs: only plain decimal digits are an integer path parameter.
    const properties = (schema as { properties?: Record<string, { type?: string }> }).properties ?? {};
    const integers = Object.keys(properties).filter((name) => properties[name]?.type === 'integer');
    if (integers.length === 0) return validate;
    const strict: FastifyValidationResult = (data: unknown): boolean => {
      const values = (data ?? {}) as Record<string, unknown>;
      const bad = integers.find((name) => typeof values[name] === 'string' && !/^[0-9]{1,10}$/.test(values[name]));
      if (bad !== undefined) {
        strict.errors = [{ keyword: 'type', instancePath: `/${bad}`, schemaPath: '#/type', params: { type: 'integer' }, message: 'must be integer' }];
        return false;
      }
      const ok = validate(data);
      strict.errors = validate.errors;
      return ok as boolean;
    };
    return strict;
  });

  // A POST without a body (refreshtoken, logout) may still say Content-Type: application/json.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(req, text, (error, value) => {
      // JSON may escape half of a surrogate pair ("\ud83e"): SQLite would store U+FFFD instead,
      // so what is read back would not be what was sent. Refuse such text.
      if (!error && !wellFormed(value)) {
        return done(Object.assign(new Error('lone surrogate'), { statusCode: 400, code: 'BODY_INVALID_UNICODE' }), undefined);
      }
      return done(error, value);
    });
  });

  let dummyHash: Promise<string> | null = null;
  const images = createImageLibrary(db, {
    dataDir: config.dataDir,
    demoImagesDir: config.demoImagesDir,
    workerPath: config.imageWorkerPath,
    cacheDir: config.imageCacheDir,
    pageImages: Object.values(pageImages),
  });
  const quoteSchema = contract.find((op) => op.operationId === 'sendQuote')?.multipartSchema;
  if (!quoteSchema) throw new Error('openapi.yaml: sendQuote has no multipart schema');
  const services: Services = {
    db,
    cache: createReadCache(),
    sessions: createSessions(db, secret, config.now, config.tokenLifetimes),
    images,
    quotes: createQuotes({
      db,
      images,
      dataDir: config.dataDir,
      key: secret,
      schema: quoteSchema,
      mail: config.mail,
      retentionDays: config.quoteRetentionDays,
      limit: config.quoteLimit,
      now: config.now,
      log: app.log,
    }),
    loginLimiter: createLoginLimiter(config.loginLimit?.max ?? 5, config.loginLimit?.windowMs ?? 60_000, config.now),
    passwordCost: config.passwordCost,
    dummyPasswordHash: () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex'), config.passwordCost)),
  };
  app.decorate('services', services);
  // Before the database closes (hooks run in reverse order): the outbox finishes its send.
  app.addHook('onClose', async () => {
    await services.quotes.close();
  });

  const publicGetRoutes = new Set(
    contract.filter((op) => op.method === 'GET' && !op.security.includes('bearer') && !op.noStore).map((op) => op.url),
  );
  // Forms a browser may post without JavaScript: their Origin stands in for the XSRF header.
  const formPostRoutes = new Set(contract.filter((op) => op.operationId === 'sendQuote').map((op) => op.url));
  registerSecurity(app, { publicGetRoutes, formPostRoutes });

  // Any write call drops the read cache when it starts and again when it is answered.
  const isWrite = (req: FastifyRequest) => req.method !== 'GET' && req.method !== 'HEAD' && req.url.startsWith('/api/');
  app.addHook('onRequest', async (req) => {
    if (isWrite(req)) services.cache.invalidate();
  });
  app.addHook('onResponse', async (req) => {
    if (isWrite(req)) services.cache.invalidate();
  });

  // One line per request, with its id (pino adds reqId). No headers, no body.
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'requête',
    );
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string; validation?: unknown; validationContext?: string }, req, reply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return reply.code(error.statusCode).send({ Result: false, Message: error.message });
    }
    if (Array.isArray(error.validation)) {
      return reply.code(400).send({ Result: false, Message: frenchValidationMessage(error.validation, error.validationContext) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ Result: false, Message: frenchClientError(error.code, status) });
    }
    req.log.error({ err: error }, 'erreur interne');
    return reply.code(500).send({ Result: false, Message: 'Erreur interne du serveur : réessayez dans un moment.' });
  });

  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });

  // The contract's operations.
  const handlers = new Map<string, { tag: string; handler: (arg: unknown, ctx: HandlerContext) => Promise<unknown> }>();
  for (const module of tagModules) {
    for (const [operationId, handler] of Object.entries(module.handlers)) {
      handlers.set(operationId, { tag: module.tag, handler: handler as (arg: unknown, ctx: HandlerContext) => Promise<unknown> });
    }
  }
  const adminOf = new WeakMap<FastifyRequest, number>();
  const routeOf = (op: ContractOperation, entry: { handler: (arg: unknown, ctx: HandlerContext) => Promise<unknown> }) => {
    const needsAccessToken = op.security.includes('bearer');
    return {
      method: op.method,
      url: op.url,
      schema: op.schema,
      // Before the body is even read: no token, no work.
      onRequest: needsAccessToken
        ? async (req: FastifyRequest, reply: FastifyReply) => {
            const token = bearerOf(req);
            const userId = token ? await services.sessions.verifyAccess(token) : null;
            if (userId === null) return reply.code(401).send({ Result: false, Message: UNAUTHORIZED });
            adminOf.set(req, userId);
          }
        : undefined,
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const arg: Record<string, unknown> = {};
        const params = (req.params ?? {}) as Record<string, unknown>;
        for (const name of op.pathParams) arg[argKeyOfParam(name)] = params[name];
        // A multipart body is streamed by the handler from the request itself.
        if (op.bodyKey && !op.multipart) arg[op.bodyKey] = req.body;
        return entry.handler(arg, { req, reply, services, userId: adminOf.get(req) ?? null });
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

  registerImages(app, [services.images.dir, config.demoImagesDir], services.images);
  const hasSpa = await registerSpa(app, config.distDir);

  app.setNotFoundHandler((req, reply) => {
    if (hasSpa && wantsIndexHtml(req)) return sendIndexHtml(reply, config.distDir, req.url.split('?')[0] ?? '');
    if (!hasSpa && wantsIndexHtml(req)) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><html lang="fr"><meta charset="utf-8"><title>Portfolio</title><p>Le site n’est pas encore construit : lancez <code>npm run build</code>.</p></html>');
    }
    return reply.code(404).send({ Result: false, Message: 'Ressource introuvable : vérifiez l’adresse.' });
  });

  return app;
}

/** The ids of every contract operation (for tests). */
export const operationIds = (openapiPath: string): OperationId[] =>
  loadContract(openapiPath).map((op) => op.operationId as OperationId);
