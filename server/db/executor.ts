// What the repositories of every area share. Each repository function takes the database or a
// transaction first (a Kysely transaction is a Kysely instance), so a handler runs it inside its
// transaction when it has one, as in Kysely's example project.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The database or a transaction. */
export type Executor = Kysely<Database>;

/** The tables whose rows are named by an integer `id`. */
type TableWithId = 'category' | 'project_type' | 'project' | 'app_user' | 'testimonial';

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

/** The value of a `count(*) as count` query. */
export const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ count: number }> }): Promise<number> =>
  Number((await query.executeTakeFirstOrThrow()).count);

/** Every row's id, last change (milliseconds) and English name ('' while not translated), by id: what the sitemap lists (projects: project.repository.ts). */
export const changeDates = (db: Executor, table: 'category' | 'project_type') =>
  db.selectFrom(table).select(['id', 'updated_at', 'name_en']).orderBy('id').execute();
