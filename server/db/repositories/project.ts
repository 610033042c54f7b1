// The project table.
import type { Selectable } from 'kysely';
import type { Project } from '../../../contract/api.ts';
import type { ProjectTable } from '../schema.ts';
import { existsById, type Executor } from './common.ts';

export type ProjectRow = Selectable<ProjectTable>;
type Fields = Omit<Project, 'Id'>;

const columns = (p: Fields) => ({ project_type_id: p.ProjectTypeId, name: p.Name, description: p.Description, image: p.Image });

/** Every project, or those of one project type, by id. */
export const listProjects = (db: Executor, typeId?: number): Promise<ProjectRow[]> =>
  db.selectFrom('project').selectAll().$if(typeId !== undefined, (q) => q.where('project_type_id', '=', typeId ?? 0)).orderBy('id').execute();

export const findProject = (db: Executor, id: number): Promise<ProjectRow | undefined> =>
  db.selectFrom('project').selectAll().where('id', '=', id).executeTakeFirst();

export const projectExists = (db: Executor, id: number): Promise<boolean> => existsById(db, 'project', id);

export async function insertProject(db: Executor, project: Fields): Promise<void> {
  await db.insertInto('project').values(columns(project)).execute();
}

export async function updateProject(db: Executor, id: number, project: Fields): Promise<void> {
  await db.updateTable('project').set(columns(project)).where('id', '=', id).execute();
}

/** Deletes the project; false when there was none. */
export async function deleteProject(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('project').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
