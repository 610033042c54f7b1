// npm run migrate: brings the database of the environment (DATA_DIR's SQLite file, or
// DATABASE_URL) to the latest migration, then exits. The update command (deploy/update.sh) runs it
// before restarting anything: a migration that fails stops the update with the site as it was
// (each runs in a transaction). The server migrates at start-up too; this is the same step, alone.
import { fileURLToPath } from 'node:url';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/database.ts';
import { latestMigration } from './db/migrations.ts';
import { messages } from './domain/messages.ts';

const env = configFromEnv(process.env, fileURLToPath(new URL('..', import.meta.url)));
try {
  const db = await openDatabase(env.app);
  await db.destroy();
  console.log(messages.cli.migrated(latestMigration));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
