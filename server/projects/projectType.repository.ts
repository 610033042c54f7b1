// The project_type table and its sub-type links (subtype_link: from a type, SrcId, to its
// sub-types, DestId).
import type { Selectable } from 'kysely';
import type { ProjectType } from '../../contract/api.ts';
import type { ProjectTypeTable } from '../db/schema.ts';
import { countOf, existsById, type Executor } from '../db/executor.ts';
import { describedColumns } from './described.ts';
import { nextPosition } from './order.ts';

export type ProjectTypeRow = Selectable<ProjectTypeTable>;
type Fields = Omit<ProjectType, 'Id'>;

const columns = (t: Fields) => ({ category_id: t.CategoryId, ...describedColumns(t) });

/** Every project type, or those of one category, in the owner's order. */
export const listProjectTypes = (db: Executor, categoryId?: number): Promise<ProjectTypeRow[]> =>
  db
    .selectFrom('project_type')
    .selectAll()
    .$if(categoryId !== undefined, (q) => q.where('category_id', '=', categoryId ?? 0))
    .orderBy('position')
    .orderBy('id')
    .execute();

export const projectTypeExists = (db: Executor, id: number): Promise<boolean> => existsById(db, 'project_type', id);

/** Which of these ids are project types. */
export async function existingTypeIds(db: Executor, ids: number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('project_type').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

export async function insertProjectType(db: Executor, type: Fields): Promise<void> {
  await db.insertInto('project_type').values({ ...columns(type), position: nextPosition('project_type') }).execute();
}

export async function updateProjectType(db: Executor, id: number, type: Fields): Promise<void> {
  await db.updateTable('project_type').set(columns(type)).where('id', '=', id).execute();
}

/** Deletes the type; its sub-type links go with it (ON DELETE CASCADE). */
export async function deleteProjectType(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('project_type').where('id', '=', id).execute();
}

/** How many projects the project type holds. */
export const countProjectsOfType = (db: Executor, id: number): Promise<number> =>
  countOf(db.selectFrom('project').select((eb) => eb.fn.countAll<number>().as('count')).where('project_type_id', '=', id));

// subtype_link

/** The sub-types of a type, by id. */
export const listSubTypes = (db: Executor, id: number): Promise<ProjectTypeRow[]> =>
  db
    .selectFrom('subtype_link')
    .innerJoin('project_type', 'project_type.id', 'subtype_link.dest_id')
    .selectAll('project_type')
    .where('subtype_link.src_id', '=', id)
    .orderBy('project_type.id')
    .execute();

export async function subTypeLinked(db: Executor, srcId: number, destId: number): Promise<boolean> {
  const row = await db.selectFrom('subtype_link').select('src_id').where('src_id', '=', srcId).where('dest_id', '=', destId).executeTakeFirst();
  return row !== undefined;
}

export async function linkSubType(db: Executor, srcId: number, destId: number): Promise<void> {
  await db.insertInto('subtype_link').values({ src_id: srcId, dest_id: destId }).execute();
}

/** Removes the link; false when there was none. */
export async function unlinkSubType(db: Executor, srcId: number, destId: number): Promise<boolean> {
  const result = await db.deleteFrom('subtype_link').where('src_id', '=', srcId).where('dest_id', '=', destId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
