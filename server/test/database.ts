// Which database the server tests use. SQLite in each test's DATA_DIR by default; PostgreSQL when
// the jest project says so (jest.config.ts's "server · PostgreSQL", run when TEST_POSTGRES_URL is
// set) or when the tests are run with DATABASE_URL (`DATABASE_URL=postgres://… npm test --
// --selectProjects server`). The URL must allow CREATE DATABASE: each DATA_DIR gets a database of
// its own (named after the DATA_DIR's path, so a second start on one DATA_DIR finds its data, as
// with SQLite), dropped when the test's app closes or at the end of the run.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';

declare global {
  // Set per jest project (jest.config.ts `globals`).
  var TEST_DATABASE: string | undefined;
}

const adminUrl: string | undefined =
  globalThis.TEST_DATABASE === 'postgres' ? process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL : process.env.DATABASE_URL;
// A child process must get its own DATA_DIR's database, never the administration URL.
delete process.env.DATABASE_URL;
if (globalThis.TEST_DATABASE === 'postgres' && !adminUrl) throw new Error('TEST_POSTGRES_URL is not set');

/** Whether these tests run on PostgreSQL. */
export const onPostgres = adminUrl !== undefined;

export const TEST_DATABASE_PREFIX = 'portfolio_test_';

/**
 * Runs `run` while every insert into the journal fails (a trigger in the test's own database:
 * 'journal full'), then lets the journal be written again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema with a journal table
export async function withJournalFailing<T>(db: Kysely<any>, run: () => Promise<T>): Promise<T> {
  if (onPostgres) {
    await sql`CREATE OR REPLACE FUNCTION journal_fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'journal full'; END $$`.execute(db);
    await sql`CREATE TRIGGER journal_fails BEFORE INSERT ON journal FOR EACH ROW EXECUTE FUNCTION journal_fails()`.execute(db);
  } else {
    await sql`CREATE TRIGGER journal_fails BEFORE INSERT ON journal BEGIN SELECT RAISE(ABORT, 'journal full'); END`.execute(db);
  }
  try {
    return await run();
  } finally {
    await sql`DROP TRIGGER journal_fails${onPostgres ? sql` ON journal` : sql``}`.execute(db);
  }
}

const nameFor = (dataDir: string) => `${TEST_DATABASE_PREFIX}${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * The DATABASE_URL of this DATA_DIR's database (created if new), or undefined on SQLite.
 * `migrated`: a new database starts as a copy of one with every migration applied, made once per
 * test process (PostgreSQL: once per cluster and set of migrations), instead of migrating each
 * test's own: about 0.26 s (PostgreSQL) or 0.15 s (SQLite) saved on each of the suite's hundreds of
 * apps (test/helper.ts's build). Without it the database is empty, as a first start finds it.
 */
export async function databaseUrlFor(dataDir: string, { migrated = false }: { migrated?: boolean } = {}): Promise<string | undefined> {
  if (!adminUrl) {
    if (migrated) {
      const { DATABASE_FILE } = await import('../db/database.ts');
      if (!existsSync(join(dataDir, DATABASE_FILE))) copyFileSync(await sqliteTemplate(), join(dataDir, DATABASE_FILE));
    }
    return undefined;
  }
  const name = nameFor(dataDir);
  const template = migrated ? await postgresTemplate() : 'template0';
  await admin(async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    // template0: CREATE DATABASE from template1 fails while another worker is connected to it.
    if (found.rowCount !== 0) return;
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template} ENCODING 'UTF8'`).catch((error: { code?: string }) => {
      // Created at this moment by another caller for the same DATA_DIR (two servers starting).
      if (error.code !== '42P04' && error.code !== '23505') throw error;
    });
  });
  return urlOf(name);
}

function urlOf(name: string): string {
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The migrations' sources: a template made from other ones is not used. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const dir = join(__dirname, '..', 'db');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) hash.update(file).update(readFileSync(join(dir, file)));
  return hash.digest('hex').slice(0, 16);
}

let sqliteFile: Promise<string> | undefined;
/** A migrated SQLite file of this process, closed (no WAL beside it), to copy. */
function sqliteTemplate(): Promise<string> {
  sqliteFile ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portfolio-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const { DATABASE_FILE, openDatabase } = await import('../db/database.ts');
    const db = await openDatabase({ dataDir: dir });
    await db.destroy();
    return join(dir, DATABASE_FILE);
  })();
  return sqliteFile;
}

let postgresName: Promise<string> | undefined;
/**
 * A migrated database of this cluster to copy, named after the migrations. The first worker to
 * need it makes it under an advisory lock; the others wait for that lock, then find it. Nobody
 * stays connected to it (CREATE DATABASE … TEMPLATE needs that).
 */
function postgresTemplate(): Promise<string> {
  postgresName ??= (async () => {
    const name = `${TEST_DATABASE_PREFIX}template_${migrationsHash()}`;
    await admin(async (client) => {
      await client.query('SELECT pg_advisory_lock(724190001)');
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount !== 0) return;
        const building = `${name}_building`;
        await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${building} TEMPLATE template0 ENCODING 'UTF8'`);
        const { openDatabase } = await import('../db/database.ts');
        const db = await openDatabase({ dataDir: tmpdir(), databaseUrl: urlOf(building) });
        await db.destroy();
        // Renamed once complete: a run stopped halfway leaves no half-migrated template.
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } finally {
        await client.query('SELECT pg_advisory_unlock(724190001)');
      }
    });
    return name;
  })();
  return postgresName;
}

/** Drops this DATA_DIR's database (PostgreSQL). */
export async function dropDatabaseFor(dataDir: string): Promise<void> {
  if (!adminUrl) return;
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${nameFor(dataDir)} WITH (FORCE)`));
}

/** The environment of a server process on this DATA_DIR (and its database). */
export async function serverEnv(dataDir: string): Promise<{ DATA_DIR: string; DATABASE_URL?: string }> {
  const url = await databaseUrlFor(dataDir);
  return { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
}
