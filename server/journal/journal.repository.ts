// The journal table (issue 28): one entry per write through the API.
import type { Insertable } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { JournalTable } from '../db/schema.ts';

export type JournalInsert = Insertable<JournalTable>;

export async function insertEntry(db: Executor, entry: JournalInsert): Promise<void> {
  await db.insertInto('journal').values(entry).execute();
}

export interface JournalFilter {
  by?: string | undefined;
  kind?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

const filtered = (db: Executor, f: JournalFilter) =>
  db
    .selectFrom('journal')
    .$if(f.by !== undefined && f.by !== '', (q) => q.where('by', '=', f.by ?? ''))
    .$if(f.kind !== undefined && f.kind !== '', (q) => q.where('kind', '=', f.kind ?? ''))
    .$if(f.from !== undefined, (q) => q.where('at', '>=', f.from ?? 0))
    .$if(f.to !== undefined, (q) => q.where('at', '<', f.to ?? 0));

export async function countEntries(db: Executor, f: JournalFilter): Promise<number> {
  const row = await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export const pageOfEntries = (db: Executor, f: JournalFilter, offset: number, limit: number) =>
  filtered(db, f).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();

/** Deletes the entries older than `before` (ms); returns how many. */
export async function deleteBefore(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('journal').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
