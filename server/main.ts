// Reads the environment, opens (and migrates) the database, seeds an empty one, listens.
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { seedAdmin, seedDemoContent } from './db/seed.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export async function main(): Promise<void> {
  const env = configFromEnv(process.env, repoRoot);
  const app = await buildApp(env.app);
  const db = app.services.db;
  if (await seedDemoContent(db, app.services.images)) app.log.info('Base vide : contenu de démonstration ajouté.');
  const admin = await seedAdmin(db, { email: env.adminEmail, password: env.adminPassword, cost: env.app.passwordCost });
  if (admin?.generated) {
    // Printed once, on the console only (not through the request log).
    process.stdout.write(
      `\n  Administrateur créé : ${admin.email}\n  Mot de passe (affiché une seule fois) : ${admin.password}\n` +
        `  Changez-le avec : npm run admin -- reset-password ${admin.email}\n\n`,
    );
  } else if (admin) {
    app.log.info({ email: admin.email }, 'Administrateur créé depuis ADMIN_EMAIL / ADMIN_PASSWORD.');
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'arrêt');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: env.port, host: env.host });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
