// buildApp(config): the Fastify instance with every call of openapi.yaml, the SPA and the images,
// composed of the plugins of server/plugins/, registered in this order (hooks run in it).
// No listen, no global state: main.ts listens, tests use inject. Must not use import.meta (Jest
// loads this file as CommonJS): every path comes in through the config.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { HashGateOptions } from './auth/hashGate.ts';
import type { ScryptCost } from './auth/passwords.ts';
import type { TokenLifetimes } from './auth/sessions.ts';
import { connectionOptions, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './http/connectionLimits.ts';
import type { MailSettings } from './quotes/mail.ts';
import { loadContract } from './http/contract.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrors } from './http/errors.ts';
import { registerImages } from './media/files.routes.ts';
import { loggerOptions, registerRequestLog } from './http/logging.ts';
import { registerNotFound } from './http/notFound.ts';
import { registerOperations } from './http/routing.ts';
import { registerReadCacheInvalidation } from './http/cacheInvalidation.ts';
import { createRenderer } from './http/render.ts';
import { registerSecurity } from './http/security.ts';
import { registerSeo } from './site/seo.routes.ts';
import { registerServices } from './services.ts';
import { registerSpa } from './http/spa.ts';
import { registerValidation } from './http/validation.ts';

export interface AppConfig {
  /** Database file, uploaded images (images/), generated JWT key. */
  dataDir: string;
  /** postgres://…: the database is PostgreSQL instead of DATA_DIR's SQLite file (server/db/dialect.ts). */
  databaseUrl?: string;
  /** The built SPA (may be missing, e.g. in tests). */
  distDir: string;
  openapiPath: string;
  /** Bundled demo images, served after DATA_DIR/images. */
  demoImagesDir: string;
  /** The image worker script (server/media/worker.ts), run as a child process. */
  imageWorkerPath: string;
  /** Cache of the demo images' pipeline output (e.g. node_modules/.cache/atelier-images); none: no cache. */
  imageCacheDir?: string;
  /** HS256 key (at least 32 characters); else a random key kept in DATA_DIR/jwt-secret. */
  jwtSecret?: string;
  /** Origin of absolute URLs (canonical, Open Graph, sitemap), e.g. https://www.exemple.ca; else the request's. */
  publicUrl?: string;
  /** Fastify trustProxy: the reverse proxies' addresses (comma-separated), never `true` (see config.ts). */
  trustProxy: false | string;
  logger: boolean | FastifyServerOptions['logger'];
  /** scrypt cost; OWASP_SCRYPT in production, tiny in tests. */
  passwordCost: ScryptCost;
  /** Sign-in attempts allowed per address and e-mail (max, 5) and per address (maxPerAddress, 20) in one window. */
  loginLimit?: { max: number; windowMs: number; maxPerAddress?: number };
  /** Sign-in password hashes running at once and waiting (1 and 8 when absent). */
  hashGate?: HashGateOptions;
  /** Clock (tests move it to expire tokens). */
  now?: () => number;
  /** Access and refresh token lifetimes; 15 minutes and 30 days when absent. */
  tokenLifetimes?: TokenLifetimes;
  /** Header, request and idle timeouts and the connection cap; DEFAULT_CONNECTION_LIMITS when absent. */
  connectionLimits?: ConnectionLimits;
  /** SMTP_URL and MAIL_FROM, with the business's quotes address; none: requests only in the admin. */
  mail?: MailSettings;
  /** QUOTE_RETENTION_DAYS (365 when absent). */
  quoteRetentionDays?: number;
  /** Quote requests accepted per address in one window (5 an hour when absent). */
  quoteLimit?: { max: number; windowMs: number };
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const contract = loadContract(config.openapiPath);
  const app = Fastify({
    logger: loggerOptions(config.logger),
    trustProxy: config.trustProxy,
    // Our own onResponse hook writes the one line per request.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    ...connectionOptions(config.connectionLimits ?? DEFAULT_CONNECTION_LIMITS),
  });
  app.server.maxConnections = (config.connectionLimits ?? DEFAULT_CONNECTION_LIMITS).maxConnections;
  const services = await registerServices(app, config, contract);
  registerValidation(app);
  const publicGets = contract.filter((op) => op.method === 'GET' && (!op.security.includes('bearer') || op.securityOptional) && !op.noStore);
  const publicGetRoutes = new Set(publicGets.map((op) => op.url));
  const tokenDependentRoutes = new Set(publicGets.filter((op) => op.securityOptional).map((op) => op.url));
  // Forms a browser may post without JavaScript: their Origin stands in for the XSRF header.
  const formPostRoutes = new Set(contract.filter((op) => op.operationId === 'sendQuote').map((op) => op.url));
  await registerSecurity(app, { publicGetRoutes, tokenDependentRoutes, formPostRoutes });
  // The writes that drop the read cache: every write call, but those that change nothing it holds.
  const cacheWrites = new Set(contract.filter((op) => op.method !== 'GET' && !op.keepsPublicReads).map((op) => `${op.method} ${op.url}`));
  registerReadCacheInvalidation(app, services.cache, services.changes, cacheWrites);
  registerRequestLog(app);
  registerErrors(app);
  await registerCompression(app);
  await registerOperations(app, contract, services);
  registerImages(app, [services.images.dir, config.demoImagesDir], services.images);
  registerSeo(app, { publicUrl: config.publicUrl });
  const hasSpa = await registerSpa(app, config.distDir);
  // Public pages are rendered on the server (dist/server/render.cjs); the admin area is the client's.
  const renderer = hasSpa ? createRenderer(app, { distDir: config.distDir, publicUrl: config.publicUrl, cache: services.cache }) : null;
  for (const path of renderer?.paths ?? []) app.get(path, (req, reply) => renderer?.send(req, reply));
  registerNotFound(app, config.distDir, hasSpa, renderer);
  return app;
}
