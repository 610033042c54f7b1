// The database and what every handler may use (operations.ts's Services), built once per app and
// decorated on it as `app.services`; the database closes with the app.
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './appConfig.ts';
import { createHashGate, DEFAULT_HASH_GATE } from './auth/hashGate.ts';
import { createRateLimiter } from './auth/rateLimiter.ts';
import { hashPassword } from './auth/passwords.ts';
import { createSessions } from './auth/sessions.ts';
import { createChanges } from './db/changes.ts';
import { openDatabase } from './db/database.ts';
import { readSite } from './site/site.repository.ts';
import { createImageLibrary } from './media/library.ts';
import type { Services } from './http/operations.ts';
import { createReadCache } from './http/readCache.ts';
import type { ContractOperation } from './http/contract.ts';
import { createQuotes } from './quotes/quote.service.ts';
import { DEFAULT_TRASH_RETENTION_DAYS, purgeTrash } from './trash/trash.service.ts';
import { DEFAULT_AUDIT_RETENTION_DAYS, purgeJournal } from './journal/journal.service.ts';
import { messages } from './domain/messages.ts';
import { createStats } from './stats/stats.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

function loadJwtSecret(config: AppConfig): Uint8Array {
  if (config.jwtSecret !== undefined) {
    if (config.jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long.');
    return new TextEncoder().encode(config.jwtSecret);
  }
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    // Two processes started together on a new DATA_DIR (PostgreSQL, deploy/'s two units) both
    // find no secret: each writes its own beside it, then links it in place, which only the
    // first does (the file appears whole, never half written); the other reads the first's.
    mkdirSync(config.dataDir, { recursive: true });
    const mine = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    writeFileSync(mine, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(mine, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(mine, { force: true });
    }
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export async function registerServices(app: FastifyInstance, config: AppConfig, contract: ContractOperation[]): Promise<Services> {
  const secret = loadJwtSecret(config);
  const db = await openDatabase(config);
  const changes = createChanges(db, config.databaseUrl, app.log);
  app.addHook('onClose', async () => {
    await changes.close();
    await db.destroy();
  });

  let dummyHash: Promise<string> | null = null;
  const images = createImageLibrary(db, {
    dataDir: config.dataDir,
    demoImagesDir: config.demoImagesDir,
    workerPath: config.imageWorkerPath,
    cacheDir: config.imageCacheDir,
    pagePhotos: async (executor) => {
      const site = await readSite(executor);
      return [site.WelcomePhoto, site.AboutPhoto, site.ContactPhoto];
    },
  });
  const quoteSchema = contract.find((op) => op.operationId === 'sendQuote')?.multipartSchema;
  if (!quoteSchema) throw new Error('openapi.yaml: sendQuote has no multipart schema');
  const cache = createReadCache();
  // Another process's write drops this one's cached reads and pages, and what its image files were.
  changes.onChange(() => {
    cache.invalidate();
    images.forget();
  });
  const services: Services = {
    db,
    cache,
    changes,
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
      changes,
    }),
    loginLimiter: createRateLimiter(db, 'login', config.loginLimit?.windowMs ?? 60_000, config.now),
    loginLimits: { pair: config.loginLimit?.max ?? 5, address: config.loginLimit?.maxPerAddress ?? 20 },
    hashGate: createHashGate(config.hashGate ?? DEFAULT_HASH_GATE),
    passwordCost: config.passwordCost,
    now: config.now ?? Date.now,
    stats: createStats({ db, now: config.now ?? Date.now, retentionDays: config.statsRetentionDays, log: app.log }),
    retention: { trashDays: config.trashRetentionDays ?? DEFAULT_TRASH_RETENTION_DAYS, auditDays: config.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS },
    purgeExpired: async () => {
      const now = (config.now ?? Date.now)();
      return {
        trash: await purgeTrash(db, images, config.trashRetentionDays ?? DEFAULT_TRASH_RETENTION_DAYS, now),
        journal: await purgeJournal(db, config.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS, now),
        stats: await services.stats.purge(),
      };
    },
    dummyPasswordHash: () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex'), config.passwordCost)),
    requireSecondFactor: config.requireSecondFactor ?? false,
    publicUrl: config.publicUrl,
  };
  app.decorate('services', services);
  const purgeExpired = () =>
    services.purgeExpired().catch((error: unknown) => {
      app.log.error({ err: error }, messages.log.safetyRetention);
      return { trash: 0, journal: 0, stats: 0 };
    });
  app.addHook('onReady', async () => {
    await purgeExpired();
  });
  const purgeTimer = setInterval(() => void purgeExpired(), 60 * 60 * 1000);
  purgeTimer.unref();
  app.addHook('onClose', async () => clearInterval(purgeTimer));
  // Before the database closes (onClose hooks run last registered first): the outbox finishes its
  // send, the views still queued are written.
  app.addHook('onClose', async () => {
    await services.quotes.close();
    await services.stats.close();
  });
  return services;
}
