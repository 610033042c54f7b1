// Tag "project".
import type { Project } from '../../src/api/generated.ts';
import type { Db } from '../db/database.ts';
import { toProject } from '../db/mappers.ts';
import { ApiError, ok, refuse, type TagModule } from '../operations.ts';
import { msg } from './messages.ts';

/** GET /api/randomprojects/{count} never answers more than this. */
export const RANDOM_PROJECTS_MAX = 50;

const allProjects = async (db: Db): Promise<Project[]> =>
  (await db.selectFrom('project').selectAll().orderBy('id').execute()).map(toProject);

const noType = (id: number) => `Le type de projet n° ${id} n'existe pas : choisissez un type de la liste.`;

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
    async getProjectsByType({ typeId }, { services: { db, cache } }) {
      return cache.get(`projects-of-type:${typeId}`, async () => {
        const type = await db.selectFrom('project_type').select('id').where('id', '=', typeId).executeTakeFirst();
        if (!type) throw new ApiError(404, msg.notFound('Le type de projet', typeId));
        const rows = await db.selectFrom('project').selectAll().where('project_type_id', '=', typeId).orderBy('id').execute();
        return rows.map(toProject);
      });
    },

    async getProject({ id }, { services: { db, cache } }) {
      return cache.get(`project:${id}`, async () => {
        const row = await db.selectFrom('project').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw new ApiError(404, msg.notFound('Le projet', id));
        return toProject(row);
      });
    },

    async getProjects(_arg, { services: { db, cache } }) {
      return cache.get('projects', () => allProjects(db));
    },

    async getRandomProjects({ count }, { services: { db, cache } }) {
      // Draw from the cached list (a partial Fisher-Yates shuffle): no query per visitor.
      const pool = [...(await cache.get('projects', () => allProjects(db)))];
      const n = Math.min(count, RANDOM_PROJECTS_MAX, pool.length);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(Math.random() * (pool.length - i));
        [pool[i], pool[j]] = [pool[j] as Project, pool[i] as Project];
      }
      return pool.slice(0, n);
    },

    async addProject({ project: p }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        const type = await trx.selectFrom('project_type').select('id').where('id', '=', p.ProjectTypeId).executeTakeFirst();
        if (!type) return refuse(noType(p.ProjectTypeId));
        await trx
          .insertInto('project')
          .values({ project_type_id: p.ProjectTypeId, name: p.Name, description: p.Description, image: p.Image })
          .execute();
        return ok();
      });
    },

    async updateProject({ id, project: p }, { services: { db } }) {
      if (p.Id !== id) return refuse(msg.idMismatch(p.Id, id));
      return db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('project').select('id').where('id', '=', id).executeTakeFirst();
        if (!current) throw new ApiError(404, msg.notFound('Le projet', id));
        const type = await trx.selectFrom('project_type').select('id').where('id', '=', p.ProjectTypeId).executeTakeFirst();
        if (!type) return refuse(noType(p.ProjectTypeId));
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
      if (Number(result.numDeletedRows) === 0) throw new ApiError(404, msg.notFound('Le projet', id));
      return ok();
    },
  },
};
