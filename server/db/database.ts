// Opens the database through Kysely, migrations applied: the SQLite file of DATA_DIR (WAL, foreign
// keys on), or PostgreSQL when DATABASE_URL names one (server/db/dialect.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteDialect } from 'kysely';
import { postgresDialect } from './dialect.ts';
import { migrate } from './migrations.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export const DATABASE_FILE = 'portfolio.sqlite';

export interface DatabaseConfig {
  dataDir: string;
  /** postgres://…: PostgreSQL instead of DATA_DIR's SQLite file. */
  databaseUrl?: string | undefined;
}

export async function openDatabase({ dataDir, databaseUrl }: DatabaseConfig): Promise<Db> {
  const db = databaseUrl ? new Kysely<Database>({ dialect: postgresDialect(databaseUrl) }) : openSqlite(dataDir);
  try {
    await migrate(db as unknown as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

function openSqlite(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(join(dataDir, DATABASE_FILE));
  sqlite.pragma('journal_mode = WAL');
  // FULL: every commit is flushed (fsync of the WAL) before the answer goes out, so a write
  // answered Result:true survives a process kill (server/test/crash.test.ts) and also an OS
  // crash or power cut, which NORMAL does not promise in WAL mode (it may lose the last
  // transactions, without corruption). Writes are a few admin edits a day, and reads never
  // fsync, so the cost (one flush per write) is invisible here (npm run bench:load).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Kysely prepares every query anew; better-sqlite3 statements are reusable, so keep them.
  const statements = new Map<string, SQLite.Statement>();
  const database = {
    close: () => sqlite.close(),
    prepare: (query: string) => {
      let statement = statements.get(query);
      if (!statement) {
        statement = sqlite.prepare(query);
        if (statements.size < 500) statements.set(query, statement);
      }
      return statement;
    },
  };
  return new Kysely<Database>({ dialect: new TransactionalSqliteDialect({ database }) });
}

/**
 * SQLite runs schema changes inside a transaction, which Kysely's adapter does not claim (it
 * answers false for every SQLite). Claimed here, the migrator applies the pending migrations in
 * one transaction: a migration that fails leaves the database as it was, not half changed, and a
 * new database is created with one flush to disk instead of one per statement (about a hundred,
 * each an fsync under synchronous = FULL).
 */
class TransactionalSqliteDialect extends SqliteDialect {
  override createAdapter() {
    return new (class extends SqliteAdapter {
      override get supportsTransactionalDdl() {
        return true;
      }
    })();
  }
}
