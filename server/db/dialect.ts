// Where SQLite and PostgreSQL differ, in one place. Everything else (migrations, queries,
// constraints) is written once for both through Kysely. PostgreSQL is chosen by DATABASE_URL
// (postgres://…); SQLite in DATA_DIR stays the default.
//
// Kept equal on both:
// - integers: every integer column is a 64-bit `bigint` on PostgreSQL (times are milliseconds),
//   read back as JavaScript numbers (pg would give strings);
// - text: compared and ordered byte by byte (SQLite's BINARY; `COLLATE "C"` on PostgreSQL), so the
//   database's locale never changes an order or a uniqueness;
// - writes: SQLite runs one transaction at a time; on PostgreSQL every transaction first takes one
//   advisory lock, so transactions run one at a time across all the server's processes too, and a
//   rule checked in a transaction (the last administrator, a unique name) holds as it does on SQLite;
// - ids: never reused (SQLite's AUTOINCREMENT, PostgreSQL's identity), explicit ids (the demo
//   seed) move the identity past them.
import { sql, CompiledQuery, PostgresAdapter, PostgresDialect, type ColumnDefinitionBuilder, type Expression, type Kysely } from 'kysely';
import pg from 'pg';

export type DialectName = 'sqlite' | 'postgres';

/** Whether DATABASE_URL names a PostgreSQL database. */
export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//.test(url);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export const dialectOf = (db: Kysely<any>): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/** The advisory lock every PostgreSQL transaction takes first (any constant: "atel" in ASCII). */
const WRITE_LOCK = 0x61_74_65_6c;

const INT8 = 20;

/** node-postgres type parsers with int8 (every integer column here, and count(*)) read as numbers. */
export const INT8_AS_NUMBER = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A pool on DATABASE_URL: int8 read as numbers, every transaction serialised by the write lock. */
export function postgresDialect(url: string, max = 10): PostgresDialect {
  const pool = new pg.Pool({ connectionString: url, max, types: INT8_AS_NUMBER });
  // An idle client's error (the database restarted) must not end the process; the next query
  // gets a new connection or a clear error.
  pool.on('error', () => {});
  // A commit is on disk before the answer (as SQLite's synchronous = FULL), whatever the server's default.
  pool.on('connect', (client) => {
    client.query('SET synchronous_commit = on').catch(() => {});
  });
  class SerialisedWrites extends PostgresDialect {
    override createDriver() {
      const driver = super.createDriver();
      const begin = driver.beginTransaction.bind(driver);
      driver.beginTransaction = async (connection, settings) => {
        await begin(connection, settings);
        await connection.executeQuery(CompiledQuery.raw(`SELECT pg_advisory_xact_lock(${WRITE_LOCK})`));
      };
      return driver;
    }
  }
  return new SerialisedWrites({ pool });
}

type Column = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** Column types and the milliseconds-now expression, for the migrations. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function columnsOf(db: Kysely<any>) {
  const postgres = dialectOf(db) === 'postgres';
  return {
    postgres,
    /** An integer primary key, never reused. */
    id: (postgres ? 'bigint' : 'integer') as 'integer',
    identity: ((c) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement())) as Column,
    integer: (postgres ? 'bigint' : 'integer') as 'integer',
    text: (postgres ? sql`text collate "C"` : 'text') as Expression<unknown> | 'text',
    /** Now, in milliseconds since the epoch, as an SQL expression. */
    nowMs: sql.raw(
      postgres ? `floor(extract(epoch from clock_timestamp()) * 1000)::bigint` : `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`,
    ),
  };
}

/** After rows were inserted with explicit ids: PostgreSQL's identities continue after the largest. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function continueIdsAfterExplicit(db: Kysely<any>, tables: string[]): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of tables) {
    const sequence = sql`pg_get_serial_sequence(${table}, 'id')`;
    await sql`SELECT setval(${sequence}, GREATEST((SELECT COALESCE(MAX(id), 0) + 1 FROM ${sql.table(table)}), nextval(${sequence})), false)`.execute(db);
  }
}
