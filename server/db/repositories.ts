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

const count = async (query: { executeTakeFirstOrThrow(): Promise<{ count: number }> }): Promise<number> =>
  Number((await query.executeTakeFirstOrThrow()).count);

// category

/** Whether a category other than `exceptId` has this name key (uniqueKey of its name). */
export async function categoryNameTaken(db: Executor, key: string, exceptId = 0): Promise<boolean> {
  const row = await db.selectFrom('category').select('id').where('name_key', '=', key).where('id', '<>', exceptId).executeTakeFirst();
  return row !== undefined;
}

/** How many project types the category holds. */
export const countTypesOfCategory = (db: Executor, id: number): Promise<number> =>
  count(db.selectFrom('project_type').select((eb) => eb.fn.countAll<number>().as('count')).where('category_id', '=', id));

// project_type

/** How many projects the project type holds. */
export const countProjectsOfType = (db: Executor, id: number): Promise<number> =>
  count(db.selectFrom('project').select((eb) => eb.fn.countAll<number>().as('count')).where('project_type_id', '=', id));

// app_user

/** Whether a user other than `exceptId` has this e-mail key (uniqueKey of the e-mail). */
export async function emailTaken(db: Executor, key: string, exceptId = 0): Promise<boolean> {
  const row = await db.selectFrom('app_user').select('id').where('email_key', '=', key).where('id', '<>', exceptId).executeTakeFirst();
  return row !== undefined;
}

export const countUsers = (db: Executor): Promise<number> =>
  count(db.selectFrom('app_user').select((eb) => eb.fn.countAll<number>().as('count')));
