// Queries shared by the handlers. Each takes the database or a transaction first (a Kysely
// transaction is a Kysely instance), so a handler runs it inside its transaction when it has one.
import type { Kysely } from 'kysely';
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
