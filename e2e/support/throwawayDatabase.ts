// A database of its own on a PostgreSQL server, for runs of `npm start` that must not touch any
// other (the benchmarks on PostgreSQL, the deployment's tests): created empty, dropped after.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  /** DATABASE_URL of the new database: the server's URL with its name. */
  url: string;
  /** Drops it, whoever is still connected. */
  drop(): Promise<void>;
}

/** Creates `<prefix><random hex>` on the server of `serverUrl` (connected to as the URL says). */
export async function createThrowawayDatabase(serverUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
