// What the per-table repositories share. Each repository function takes the database or a
// transaction first (a Kysely transaction is a Kysely instance), so a handler runs it inside its
// transaction when it has one, as in Kysely's example project.
import { sql, type Kysely } from 'kysely';
import { messages } from '../domain/messages.ts';
import type { Database } from './schema.ts';

/** The database or a transaction. */
export type Executor = Kysely<Database>;

/** The tables whose rows are named by an integer `id`. */
type TableWithId = 'category' | 'project_type' | 'project' | 'app_user';

/** Whether the row `id` of `table` exists. */
export async function existsById(db: Executor, table: TableWithId, id: number): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a row other than `exceptId` has this unique key (a category's name, a user's e-mail:
 * uniqueKey of the text, so that case and composition do not make two of one).
 */
export async function keyTaken(db: Executor, table: 'category' | 'app_user', key: string, exceptId = 0): Promise<boolean> {
  const column = table === 'category' ? 'name_key' : 'email_key';
  const row = await db.selectFrom(table).select('id').where(column, '=', key).where('id', '<>', exceptId).executeTakeFirst();
  return row !== undefined;
}

/** The tables whose rows the owner orders. */
export type OrderedTable = 'category' | 'project_type' | 'project' | 'project_media';

/** What a new row of `table` takes as its position: after every other, so last in every list. */
export const nextPosition = (table: OrderedTable) => sql<number>`(SELECT COALESCE(MAX(position), 0) + 1 FROM ${sql.table(table)})`;

/**
 * Puts the rows `ids` (one list, already checked) in this order: they take their own positions,
 * sorted, so rows of other lists keep theirs.
 */
export async function reorder(db: Executor, table: OrderedTable, ids: number[]): Promise<void> {
  const rows = await (db as Kysely<Pick<Database, 'category'>>).selectFrom(table as 'category').select(['id', 'position']).where('id', 'in', ids).execute();
  const positions = rows.map((row) => row.position).sort((a, b) => a - b);
  const current = new Map(rows.map((row) => [row.id, row.position]));
  for (const [i, id] of ids.entries()) {
    const position = positions[i] ?? 0;
    if (current.get(id) !== position) {
      await (db as Kysely<Pick<Database, 'category'>>).updateTable(table as 'category').set({ position }).where('id', '=', id).execute();
    }
  }
}

/** Why a new order of the list `current` (its ids, in order) is refused, or null. */
export function orderRefusal(current: number[], { Seen, Order }: { Seen: number[]; Order: number[] }): string | null {
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);
  if (!same(current, Seen)) return messages.order.stale;
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  if (!same(sorted(Order), sorted(Seen))) return messages.order.notSame;
  return null;
}

/** The value of a `count(*) as count` query. */
export const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ count: number }> }): Promise<number> =>
  Number((await query.executeTakeFirstOrThrow()).count);

/** Every row's id and last change (milliseconds), by id: what the sitemap lists (projects: repositories/project.ts). */
export const changeDates = (db: Executor, table: 'category' | 'project_type') =>
  db.selectFrom(table).select(['id', 'updated_at']).orderBy('id').execute();
