// The trash table (issue 28): a deleted record's rows, and those that went with it, as JSON.
import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { Database, TrashTable } from '../db/schema.ts';

export type TrashRow = Selectable<TrashTable>;
export type TrashKind = TrashTable['kind'];

/** The tables a deleted record's rows come back to, in the order they are inserted (parents first). */
export const RESTORED_TABLES = ['category', 'project_type', 'project', 'project_media', 'subtype_link', 'app_user'] as const;
export type RestoredTable = (typeof RESTORED_TABLES)[number];

/** What an entry holds: the rows to insert back, or (a photo or video) the names to bring back to life. */
export interface TrashBody {
  rows: Partial<Record<RestoredTable, Array<Record<string, unknown>>>>;
  images?: string[];
}

export async function insertEntry(db: Executor, entry: Omit<TrashRow, 'id' | 'body'> & { body: TrashBody }): Promise<void> {
  await db
    .insertInto('trash')
    .values({ ...entry, body: JSON.stringify(entry.body) })
    .execute();
}

export const listEntries = (db: Executor): Promise<TrashRow[]> => db.selectFrom('trash').selectAll().orderBy('deleted_at', 'desc').orderBy('id', 'desc').execute();

export const findEntry = (db: Executor, id: number): Promise<TrashRow | undefined> => db.selectFrom('trash').selectAll().where('id', '=', id).executeTakeFirst();

/** Removes the entry; false when it was no longer there (restored or erased meanwhile). */
export async function removeEntry(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('trash').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The entries deleted before `before` (ms). */
export const entriesBefore = (db: Executor, before: number): Promise<TrashRow[]> => db.selectFrom('trash').selectAll().where('deleted_at', '<', before).execute();

export const bodyOf = (row: TrashRow): TrashBody => JSON.parse(row.body) as TrashBody;

type Row = Record<string, unknown>;
const all = <T extends object>(rows: T[]): Row[] => rows.map((row) => ({ ...row }) as Row);

/** The rows of a record about to be deleted, with those its deletion takes along (ON DELETE CASCADE). */
export const capture = {
  async category(db: Executor, id: number): Promise<TrashBody> {
    return { rows: { category: all(await db.selectFrom('category').selectAll().where('id', '=', id).execute()) } };
  },
  async projectType(db: Executor, id: number): Promise<TrashBody> {
    const type = await db.selectFrom('project_type').selectAll().where('id', '=', id).execute();
    const links = await db
      .selectFrom('subtype_link')
      .selectAll()
      .where((eb) => eb.or([eb('src_id', '=', id), eb('dest_id', '=', id)]))
      .execute();
    return { rows: { project_type: all(type), subtype_link: all(links) } };
  },
  async project(db: Executor, id: number): Promise<TrashBody> {
    const project = await db.selectFrom('project').selectAll().where('id', '=', id).execute();
    const gallery = await db.selectFrom('project_media').selectAll().where('project_id', '=', id).orderBy('id').execute();
    return { rows: { project: all(project), project_media: all(gallery) } };
  },
  async galleryItem(db: Executor, itemId: number): Promise<TrashBody> {
    return { rows: { project_media: all(await db.selectFrom('project_media').selectAll().where('id', '=', itemId).execute()) } };
  },
  async subTypeLink(db: Executor, srcId: number, destId: number): Promise<TrashBody> {
    return { rows: { subtype_link: all(await db.selectFrom('subtype_link').selectAll().where('src_id', '=', srcId).where('dest_id', '=', destId).execute()) } };
  },
  async user(db: Executor, id: number): Promise<TrashBody> {
    return { rows: { app_user: all(await db.selectFrom('app_user').selectAll().where('id', '=', id).execute()) } };
  },
};

/** Inserts the rows back, parents first, with their own ids. */
export async function insertRows(db: Executor, rows: TrashBody['rows']): Promise<void> {
  for (const table of RESTORED_TABLES) {
    const list = rows[table];
    if (!list || list.length === 0) continue;
    await (db as unknown as Kysely<Record<string, Row>>).insertInto(table as keyof Database).values(list).execute();
  }
}
