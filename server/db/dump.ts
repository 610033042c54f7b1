// The PostgreSQL database in a backup (server/backup.ts): a logical export, one JSON line per row,
// rather than pg_dump (which must match the server's major version: a managed database may be
// newer than the machine's client tools). The export reads one snapshot (REPEATABLE READ, READ
// ONLY, on a connection of its own: writers are never blocked) table by table in key order, a
// batch at a time, so memory stays flat. The import runs in one transaction into an empty
// database: every row, the identities moved past the ids, each row's own updated_at put back;
// any failure leaves the database as it was.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { messages } from '../domain/messages.ts';
import { continueIdsAfterExplicit, INT8_AS_NUMBER } from './dialect.ts';
import { latestMigration } from './migrations.ts';
import type { Database } from './schema.ts';

const t = messages.backup;

export const DUMP_FILE = 'database.jsonl';
const FORMAT = 'atelier-portfolio-rows';
const BATCH = 500;

/** The tables a backup holds, parents first, with their keys (the export's order). */
export const TABLES: Array<{ name: keyof Database; key: string[]; identity?: boolean }> = [
  { name: 'image', key: ['name'] },
  { name: 'category', key: ['id'], identity: true },
  { name: 'project_type', key: ['id'], identity: true },
  { name: 'project', key: ['id'], identity: true },
  { name: 'project_media', key: ['id'], identity: true },
  { name: 'testimonial', key: ['id'], identity: true },
  { name: 'subtype_link', key: ['src_id', 'dest_id'] },
  { name: 'app_user', key: ['id'], identity: true },
  { name: 'refresh_token', key: ['id'], identity: true },
  { name: 'quote', key: ['id'], identity: true },
  { name: 'quote_photo', key: ['quote_id', 'number'] },
  { name: 'mail_outbox', key: ['id'], identity: true },
  { name: 'site_document', key: ['name'] },
  // The owner's safety net (issue 28): the trash, the versions updates replaced, the journal.
  { name: 'trash', key: ['id'], identity: true },
  { name: 'record_version', key: ['id'], identity: true },
  { name: 'journal', key: ['id'], identity: true },
  // An administrator's second factors (issue 29): a restored site keeps them.
  { name: 'user_totp', key: ['user_id'] },
  { name: 'recovery_code', key: ['id'], identity: true },
  { name: 'passkey', key: ['id'], identity: true },
  // Visit statistics (issue 30): the views of the retention period and the daily totals.
  { name: 'stats_view', key: ['id'], identity: true },
  { name: 'stats_day', key: ['day'] },
];
/**
 * Not kept: attempts, used form tokens and sign-in and passkey challenges of the last hours, not data; the
 * day's statistics key and visitors (issue 30), which must not outlive their day.
 */
export const NOT_BACKED_UP: Array<keyof Database> = ['rate_limit_hit', 'quote_attempt', 'quote_token_used', 'login_challenge', 'passkey_challenge', 'stats_key', 'stats_visitor'];

interface Header {
  format: typeof FORMAT;
  migration: string;
  rows: Record<string, number>;
}

/** Writes the database of `databaseUrl` to `path`. */
export async function dumpDatabase(databaseUrl: string, path: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, types: INT8_AS_NUMBER });
  await client.connect();
  const out = createWriteStream(path, { mode: 0o600 });
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migration = (await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1')).rows[0]?.name ?? '';
    const rows: Record<string, number> = {};
    for (const { name } of TABLES) {
      rows[name] = Number((await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${name}`)).rows[0]?.n ?? 0);
    }
    await write(JSON.stringify({ format: FORMAT, migration, rows } satisfies Header));
    for (const { name, key } of TABLES) {
      const order = key.join(', ');
      for (let offset = 0; offset < (rows[name] ?? 0); offset += BATCH) {
        // One snapshot: the pages of a table cannot shift between two batches.
        const batch = await client.query(`SELECT * FROM ${name} ORDER BY ${order} LIMIT ${BATCH} OFFSET ${offset}`);
        for (const row of batch.rows) await write(JSON.stringify({ t: name, r: row }));
      }
    }
    await client.query('COMMIT');
  } finally {
    await client.end().catch(() => {});
    out.end();
    await once(out, 'close');
  }
}

/** Fills the empty database `db` from `path` in one transaction; throws (nothing written) on any problem. */
export async function loadDatabase(db: Kysely<Database>, path: string): Promise<void> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const parse = (line: string): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(t.dumpDamaged);
    }
  };
  const first = await lines.next();
  const header = first.done ? null : (parse(first.value) as Partial<Header>);
  if (!header || header.format !== FORMAT || typeof header.rows !== 'object' || header.rows === null) throw new Error(t.dumpDamaged);
  if (typeof header.migration !== 'string' || header.migration > latestMigration) throw new Error(t.dumpNewer(String(header.migration)));
  const known = new Set<string>(TABLES.map((table) => table.name));

  await db.transaction().execute(async (trx) => {
    for (const { name } of TABLES) {
      if (name === 'site_document') continue; // filled by a migration, replaced below
      if (await trx.selectFrom(name).select(sql`1`.as('one')).limit(1).executeTakeFirst()) throw new Error(t.databaseNotEmpty);
    }
    await trx.deleteFrom('site_document').execute();
    const counts: Record<string, number> = {};
    const times: Record<string, Array<{ id: number; updated_at: number }>> = { category: [], project_type: [], project: [] };
    let pending: { table: string; rows: Record<string, unknown>[] } = { table: '', rows: [] };
    const flush = async () => {
      if (pending.rows.length > 0) await trx.insertInto(pending.table as 'image').values(pending.rows as never).execute();
      pending = { table: '', rows: [] };
    };
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      if (next.value === '') continue;
      const line = parse(next.value) as { t?: unknown; r?: unknown };
      if (typeof line.t !== 'string' || !known.has(line.t) || typeof line.r !== 'object' || line.r === null) throw new Error(t.dumpDamaged);
      const row = line.r as Record<string, unknown>;
      if (line.t !== pending.table || pending.rows.length >= BATCH) await flush();
      pending.table = line.t;
      pending.rows.push(row);
      counts[line.t] = (counts[line.t] ?? 0) + 1;
      if (line.t in times) times[line.t]?.push({ id: Number(row.id), updated_at: Number(row.updated_at) });
    }
    await flush();
    for (const { name } of TABLES) {
      if ((counts[name] ?? 0) !== (header.rows?.[name] ?? 0)) throw new Error(t.dumpDamaged);
    }
    // An insert (or a child's) sets updated_at to now (migration 0005's triggers): put the saved
    // times back, children first, since a project's update touches its type, and a type's its category.
    for (const table of ['project', 'project_type', 'category'] as const) {
      for (const { id, updated_at } of times[table] ?? []) {
        await trx.updateTable(table).set({ updated_at }).where('id', '=', id).execute();
      }
    }
    await continueIdsAfterExplicit(trx, TABLES.filter((table) => table.identity).map((table) => table.name));
  });
}
