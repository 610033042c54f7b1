// The owner's order of categories, project types, projects and gallery items (issue 15): a new
// row goes last; a new order is the list as the screen showed it, rearranged.
import { sql, type Kysely } from 'kysely';
import type { MutationResult } from '../../contract/api.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import type { Database } from '../db/schema.ts';
import type { Executor } from '../db/executor.ts';

/** The tables whose rows the owner orders. */
export type OrderedTable = 'category' | 'project_type' | 'project' | 'project_media' | 'testimonial';

/** What a new row of `table` takes as its position: after every other, so last in every list. */
export const nextPosition = (table: OrderedTable) => sql<number>`(SELECT COALESCE(MAX(position), 0) + 1 FROM ${sql.table(table)})`;

/**
 * Puts the rows `ids` (one list, already checked) in this order: they take their own positions,
 * sorted, so rows of other lists keep theirs.
 */
export async function reorder(db: Executor, table: OrderedTable, ids: number[]): Promise<void> {
  // An empty list has nothing to move (and `id IN ()` is an SQL error on PostgreSQL: a 500 the
  // fuzzing found for the order of testimonials once all were deleted).
  if (ids.length === 0) return;
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


/**
 * Puts a list in the owner's new order, in one transaction: `current` reads the list as it is
 * (and refuses, by throwing, when its owner is gone); refused when the list changed since the
 * screen showed it, or when the new order is not that list rearranged.
 */
export function applyOrder(
  db: Kysely<Database>,
  table: OrderedTable,
  listOrder: { Seen: number[]; Order: number[] },
  current: (trx: Executor) => Promise<number[]>,
  afterwards?: (trx: Executor) => Promise<void>,
): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    const refusal = orderRefusal(await current(trx), listOrder);
    if (refusal) return refuse(refusal);
    await reorder(trx, table, listOrder.Order);
    await afterwards?.(trx);
    return ok();
  });
}
