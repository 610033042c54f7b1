// Which database the server tests use. SQLite in each test's DATA_DIR by default; PostgreSQL when
// the jest project says so (jest.config.ts's "server · PostgreSQL", run when TEST_POSTGRES_URL is
// set) or when the tests are run with DATABASE_URL (`DATABASE_URL=postgres://… npm test --
// --selectProjects server`). The URL must allow CREATE DATABASE: each DATA_DIR gets a database of
// its own (named after the DATA_DIR's path, so a second start on one DATA_DIR finds its data, as
// with SQLite), dropped when the test's app closes or at the end of the run.
import { createHash } from 'node:crypto';
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

/** The DATABASE_URL of this DATA_DIR's database (created if new), or undefined on SQLite. */
export async function databaseUrlFor(dataDir: string): Promise<string | undefined> {
  if (!adminUrl) return undefined;
  const name = nameFor(dataDir);
  await admin(async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    // template0: CREATE DATABASE from template1 fails while another worker is connected to it.
    if (found.rowCount !== 0) return;
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`).catch((error: { code?: string }) => {
      // Created at this moment by another caller for the same DATA_DIR (two servers starting).
      if (error.code !== '42P04' && error.code !== '23505') throw error;
    });
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
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
