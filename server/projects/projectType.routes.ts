// Tag "projecttype".
import type { ProjectTypeView } from '../../contract/api.ts';
import { toProjectType, withMedia } from './views.ts';
import { categoryExists } from './category.repository.ts';
import { orderRefusal, reorder } from '../db/executor.ts';
import * as types from './projectType.repository.ts';
import type { ImageLibrary } from '../media/library.ts';
import { ApiError, ok, refuse, type TagModule } from '../http/operations.ts';
import { messages } from '../domain/messages.ts';

/** Rows as read answers, with the Media of their images. */
export async function typeViews(rows: types.ProjectTypeRow[], images: ImageLibrary): Promise<ProjectTypeView[]> {
  const media = await images.media(rows.map((row) => row.image));
  return rows.map((row) => withMedia(toProjectType(row), media));
}

export const projectTypeRoutes: TagModule<
  'getProjectTypes' | 'getProjectTypesByCategory' | 'addProjectType' | 'updateProjectType' | 'deleteProjectType' | 'orderProjectTypes'
> = {
  tag: 'projecttype',
  handlers: {
    async getProjectTypes(_arg, { services: { db, cache, images } }) {
      return cache.get('types', async () => typeViews(await types.listProjectTypes(db), images));
    },

    async getProjectTypesByCategory({ id }, { services: { db, cache, images } }) {
      return cache.get(`types-of-category:${id}`, async () => {
        if (!(await categoryExists(db, id))) throw new ApiError(404, messages.notFound.category(id));
        return typeViews(await types.listProjectTypes(db, id), images);
      });
    },

    async orderProjectTypes({ categoryId, listOrder }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        if (!(await categoryExists(trx, categoryId))) throw new ApiError(404, messages.notFound.category(categoryId));
        const refusal = orderRefusal((await types.listProjectTypes(trx, categoryId)).map((row) => row.id), listOrder);
        if (refusal) return refuse(refusal);
        await reorder(trx, 'project_type', listOrder.Order);
        return ok();
      });
    },

    async addProjectType({ projectType: t }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        if (!(await categoryExists(trx, t.CategoryId))) return refuse(messages.projectType.noCategory(t.CategoryId));
        await types.insertProjectType(trx, t);
        return ok();
      });
    },

    async updateProjectType({ id, projectType: t }, { services: { db } }) {
      if (t.Id !== id) return refuse(messages.idMismatch(t.Id, id));
      return db.transaction().execute(async (trx) => {
        if (!(await types.projectTypeExists(trx, id))) throw new ApiError(404, messages.notFound.projectType(id));
        if (!(await categoryExists(trx, t.CategoryId))) return refuse(messages.projectType.noCategory(t.CategoryId));
        await types.updateProjectType(trx, id, t);
        return ok();
      });
    },

    async deleteProjectType({ id }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        if (!(await types.projectTypeExists(trx, id))) throw new ApiError(404, messages.notFound.projectType(id));
        const count = await types.countProjectsOfType(trx, id);
        if (count > 0) return refuse(messages.projectType.hasProjects(count));
        await types.deleteProjectType(trx, id);
        return ok();
      });
    },
  },
};
