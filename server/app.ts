// buildApp(config): the Fastify instance with every call of openapi.yaml, the SPA and the images,
// composed of the HTTP edge (server/http/) and each area's routes, registered in this order (hooks run in it).
// No listen, no global state: main.ts listens, tests use inject. Must not use import.meta (Jest
// loads this file as CommonJS): every path comes in through the config.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { AppConfig } from './appConfig.ts';
import { applyConnectionLimits, connectionOptions, DEFAULT_CONNECTION_LIMITS } from './http/connectionLimits.ts';
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

export type { AppConfig } from './appConfig.ts';

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
  applyConnectionLimits(app, config.connectionLimits ?? DEFAULT_CONNECTION_LIMITS, config.trustProxy);
  const services = await registerServices(app, config, contract);
  registerValidation(app);
  const publicGets = contract.filter((op) => op.method === 'GET' && (!op.security.includes('bearer') || op.securityOptional) && !op.noStore);
  const publicGetRoutes = new Set(publicGets.map((op) => op.url));
  const tokenDependentRoutes = new Set(publicGets.filter((op) => op.securityOptional).map((op) => op.url));
  // Forms a browser may post without JavaScript: their Origin stands in for the XSRF header.
  const formPostRoutes = new Set(contract.filter((op) => op.operationId === 'sendQuote').map((op) => op.url));
  // Writes the contract lets anyone make without the XSRF token (the statistics' beacon).
  const xsrfFreeRoutes = new Set(contract.filter((op) => op.method !== 'GET' && !op.security.includes('xsrf')).map((op) => op.url));
  await registerSecurity(app, { publicGetRoutes, tokenDependentRoutes, formPostRoutes, xsrfFreeRoutes });
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
