// Reads the environment, opens (and migrates) the database, seeds an empty one, listens.
import { fileURLToPath } from 'node:url';
import { buildApp, type AppConfig } from './app.ts';
import { configFromEnv } from './config.ts';
import { seedAdmin, seedDemoContent } from './db/seed.ts';
import { messages } from './domain/messages.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** `clock`: the test launcher's (server/test/clockedServer.ts); `npm start` passes none. */
export async function main(clock: Pick<AppConfig, 'now'> = {}): Promise<void> {
  const env = configFromEnv(process.env, repoRoot);
  const app = await buildApp({ ...env.app, ...clock });
  const db = app.services.db;
  if (await seedDemoContent(db, app.services.images)) app.log.info(messages.cli.demoSeeded);
  const admin = await seedAdmin(db, { email: env.adminEmail, password: env.adminPassword, cost: env.app.passwordCost });
  if (admin?.generated) {
    // Printed once, on the console only (not through the request log).
    process.stdout.write(
      messages.cli.adminCreated(admin.email, admin.password),
    );
  } else if (admin) {
    app.log.info({ email: admin.email }, messages.cli.adminFromEnv);
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, messages.log.stopping);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: env.port, host: env.host });
  // The first start after a clone seeded the demo photos without their variants: encode them now,
  // while the site answers, and drop the read cache so that pages list them once they exist.
  app.services.images.finishDemoVariants().then(
    (finished) => {
      if (finished === 0) return;
      app.services.cache.invalidate();
      void app.services.changes.publish().catch(() => {});
      app.log.info({ images: finished }, messages.log.demoVariantsReady);
    },
    (error: unknown) => app.log.error({ err: error }, messages.log.demoVariantsFailed),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
