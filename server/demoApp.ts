// A seeded server on a throwaway DATA_DIR, for the processes that need a real one outside
// `npm start`: the client tests' API server and the benchmarks. Builds the app, lets the caller
// add routes (`extend`, before ready), seeds the demo content and, if asked, one administrator.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { ScryptCost } from './auth/passwords.ts';
import { seedAdmin, seedDemoContent } from './db/seed.ts';

export interface DemoAppOptions {
  /** The repository root (openapi.yaml, server/demo/images, dist/). */
  root: string;
  /** Prefix of the temporary DATA_DIR. */
  label: string;
  passwordCost: ScryptCost;
  admin?: { email: string; password: string };
  jwtSecret?: string;
  /** PostgreSQL instead of SQLite in the throwaway DATA_DIR. */
  databaseUrl?: string;
  extend?: (app: FastifyInstance) => void;
  /** The clock (AppConfig.now): the client tests' API server takes one the test moves. */
  now?: () => number;
}

export async function buildDemoApp(options: DemoAppOptions): Promise<{ app: FastifyInstance; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), `${options.label}-`));
  const app = await buildApp({
    dataDir,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    distDir: join(options.root, 'dist'),
    openapiPath: join(options.root, 'openapi.yaml'),
    demoImagesDir: join(options.root, 'server', 'demo', 'images'),
    imageWorkerPath: join(options.root, 'server', 'media', 'worker.ts'),
    imageCacheDir: join(options.root, 'node_modules', '.cache', 'atelier-images'),
    trustProxy: false,
    logger: false,
    passwordCost: options.passwordCost,
    jwtSecret: options.jwtSecret,
    ...(options.now ? { now: options.now } : {}),
  });
  options.extend?.(app);
  await app.ready();
  await seedDemoContent(app.services.db, app.services.images);
  // Unlike `npm start`, these wait for the demo photos' variants (nothing to do when cached).
  await app.services.images.finishDemoVariants();
  if (options.admin) {
    await seedAdmin(app.services.db, { ...options.admin, cost: options.passwordCost });
  }
  return { app, dataDir };
}
