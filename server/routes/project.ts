// Tag "project".
import type { ProjectView } from '../../contract/api.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ImageLibrary } from '../images/library.ts';
import { toProject, withMedia } from '../db/mappers.ts';
import type { ProjectTable } from '../db/schema.ts';
import { ApiError, ok, refuse, type TagModule } from '../operations.ts';
import { messages } from '../messages.ts';
import { existsById } from '../db/repositories.ts';

/** GET /api/randomprojects/{count} never answers more than this. */
const RANDOM_PROJECTS_MAX = 50;

/** Rows as read answers, with the Media of their images. */
async function views(rows: Selectable<ProjectTable>[], images: ImageLibrary): Promise<ProjectView[]> {
  const media = await images.media(rows.map((row) => row.image));
  return rows.map((row) => withMedia(toProject(row), media));
}

const allProjects = async (db: Db, images: ImageLibrary): Promise<ProjectView[]> =>
  views(await db.selectFrom('project').selectAll().orderBy('id').execute(), images);


export const projectRoutes: TagModule<
  | 'getProjectsByType'
  | 'getProject'
  | 'getProjects'
  | 'getRandomProjects'
  | 'addProject'
  | 'updateProject'
  | 'deleteProject'
> = {
  tag: 'project',
  handlers: {
    async getProjectsByType({ typeId }, { services: { db, cache, images } }) {
      return cache.get(`projects-of-type:${typeId}`, async () => {
        const type = await existsById(db, 'project_type', typeId);
        if (!type) throw new ApiError(404, messages.notFound('Le type de projet', typeId));
        const rows = await db.selectFrom('project').selectAll().where('project_type_id', '=', typeId).orderBy('id').execute();
        return views(rows, images);
      });
    },

    async getProject({ id }, { services: { db, cache, images } }) {
      return cache.get(`project:${id}`, async () => {
        const row = await db.selectFrom('project').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw new ApiError(404, messages.notFound('Le projet', id));
        return (await views([row], images))[0] as ProjectView;
      });
    },

    async getProjects(_arg, { services: { db, cache, images } }) {
      return cache.get('projects', () => allProjects(db, images));
    },

    async getRandomProjects({ count }, { services: { db, cache, images } }) {
      // Draw from the cached list (a partial Fisher-Yates shuffle): no query per visitor.
      const pool = [...(await cache.get('projects', () => allProjects(db, images)))];
      const n = Math.min(count, RANDOM_PROJECTS_MAX, pool.length);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(Math.random() * (pool.length - i));
        [pool[i], pool[j]] = [pool[j] as ProjectView, pool[i] as ProjectView];
      }
      return pool.slice(0, n);
    },

    async addProject({ project: p }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        const type = await existsById(trx, 'project_type', p.ProjectTypeId);
        if (!type) return refuse(messages.noProjectType(p.ProjectTypeId));
        await trx
          .insertInto('project')
          .values({ project_type_id: p.ProjectTypeId, name: p.Name, description: p.Description, image: p.Image })
          .execute();
        return ok();
      });
    },

    async updateProject({ id, project: p }, { services: { db } }) {
      if (p.Id !== id) return refuse(messages.idMismatch(p.Id, id));
      return db.transaction().execute(async (trx) => {
        const current = await existsById(trx, 'project', id);
        if (!current) throw new ApiError(404, messages.notFound('Le projet', id));
        const type = await existsById(trx, 'project_type', p.ProjectTypeId);
        if (!type) return refuse(messages.noProjectType(p.ProjectTypeId));
        await trx
          .updateTable('project')
          .set({ project_type_id: p.ProjectTypeId, name: p.Name, description: p.Description, image: p.Image })
          .where('id', '=', id)
          .execute();
        return ok();
      });
    },

    async deleteProject({ id }, { services: { db } }) {
      const result = await db.deleteFrom('project').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new ApiError(404, messages.notFound('Le projet', id));
      return ok();
    },
  },
};
