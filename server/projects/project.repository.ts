// The project table.
import type { Selectable } from 'kysely';
import type { Project } from '../../contract/api.ts';
import type { ProjectTable } from '../db/schema.ts';
import { existsById, type Executor } from '../db/executor.ts';
import { describedColumns } from './described.ts';
import { nextPosition } from './order.ts';

export type ProjectRow = Selectable<ProjectTable>;
type Fields = Omit<Project, 'Id'>;

/**
 * A project sent without Published is published, one sent without En keeps its English texts (a
 * new one starts with ''): the specification's calls keep their meaning.
 */
const columns = (p: Fields) => ({ project_type_id: p.ProjectTypeId, ...describedColumns(p), published: p.Published === false ? 0 : 1 });

/** Which projects a read sees: the published ones, or the drafts too (the administrator's list). */
export type Visibility = 'published' | 'with-drafts';

/** Every project, or those of one project type, in the owner's order. */
export const listProjects = (db: Executor, visibility: Visibility, typeId?: number): Promise<ProjectRow[]> =>
  db
    .selectFrom('project')
    .selectAll()
    .$if(visibility === 'published', (q) => q.where('published', '=', 1))
    .$if(typeId !== undefined, (q) => q.where('project_type_id', '=', typeId ?? 0))
    .orderBy('position')
    .orderBy('id')
    .execute();

/** A published project (a draft is found by no public read). */
export const findPublishedProject = (db: Executor, id: number): Promise<ProjectRow | undefined> =>
  db.selectFrom('project').selectAll().where('id', '=', id).where('published', '=', 1).executeTakeFirst();

/** Every published project's id, last change and English name, by id: what the sitemap lists. */
export const publishedChangeDates = (db: Executor) =>
  db.selectFrom('project').select(['id', 'updated_at', 'name_en']).where('published', '=', 1).orderBy('id').execute();

/** The project's cover (its Image), or undefined when there is no such project. */
export const findProjectImage = async (db: Executor, id: number): Promise<string | undefined> =>
  (await db.selectFrom('project').select('image').where('id', '=', id).executeTakeFirst())?.image;

export const projectExists = (db: Executor, id: number): Promise<boolean> => existsById(db, 'project', id);

export async function insertProject(db: Executor, project: Fields): Promise<void> {
  await db.insertInto('project').values({ ...columns(project), position: nextPosition('project') }).execute();
}

export async function updateProject(db: Executor, id: number, project: Fields): Promise<void> {
  await db.updateTable('project').set(columns(project)).where('id', '=', id).execute();
}

/** Deletes the project; false when there was none. */
export async function deleteProject(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('project').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
