// Tag "projecttype".
import type { Selectable } from 'kysely';
import type { ProjectTypeView } from '../../contract/api.ts';
import { toProjectType, withMedia } from '../db/mappers.ts';
import type { ProjectTypeTable } from '../db/schema.ts';
import type { ImageLibrary } from '../images/library.ts';
import { ApiError, ok, refuse, type TagModule } from '../operations.ts';
import { messages } from '../messages.ts';
import { countProjectsOfType, existsById } from '../db/repositories.ts';

/** Rows as read answers, with the Media of their images. */
export async function typeViews(rows: Selectable<ProjectTypeTable>[], images: ImageLibrary): Promise<ProjectTypeView[]> {
  const media = await images.media(rows.map((row) => row.image));
  return rows.map((row) => withMedia(toProjectType(row), media));
}


export const projectTypeRoutes: TagModule<
  'getProjectTypes' | 'getProjectTypesByCategory' | 'addProjectType' | 'updateProjectType' | 'deleteProjectType'
> = {
  tag: 'projecttype',
  handlers: {
    async getProjectTypes(_arg, { services: { db, cache, images } }) {
      return cache.get('types', async () => {
        const rows = await db.selectFrom('project_type').selectAll().orderBy('id').execute();
        return typeViews(rows, images);
      });
    },

    async getProjectTypesByCategory({ id }, { services: { db, cache, images } }) {
      return cache.get(`types-of-category:${id}`, async () => {
        const category = await existsById(db, 'category', id);
        if (!category) throw new ApiError(404, messages.notFound('La catégorie', id));
        const rows = await db.selectFrom('project_type').selectAll().where('category_id', '=', id).orderBy('id').execute();
        return typeViews(rows, images);
      });
    },

    async addProjectType({ projectType: t }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        const category = await existsById(trx, 'category', t.CategoryId);
        if (!category) return refuse(messages.projectType.noCategory(t.CategoryId));
        await trx
          .insertInto('project_type')
          .values({ category_id: t.CategoryId, name: t.Name, description: t.Description, image: t.Image })
          .execute();
        return ok();
      });
    },

    async updateProjectType({ id, projectType: t }, { services: { db } }) {
      if (t.Id !== id) return refuse(messages.idMismatch(t.Id, id));
      return db.transaction().execute(async (trx) => {
        const current = await existsById(trx, 'project_type', id);
        if (!current) throw new ApiError(404, messages.notFound('Le type de projet', id));
        const category = await existsById(trx, 'category', t.CategoryId);
        if (!category) return refuse(messages.projectType.noCategory(t.CategoryId));
        await trx
          .updateTable('project_type')
          .set({ category_id: t.CategoryId, name: t.Name, description: t.Description, image: t.Image })
          .where('id', '=', id)
          .execute();
        return ok();
      });
    },

    async deleteProjectType({ id }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        const current = await existsById(trx, 'project_type', id);
        if (!current) throw new ApiError(404, messages.notFound('Le type de projet', id));
        const count = await countProjectsOfType(trx, id);
        if (count > 0) return refuse(messages.projectType.hasProjects(count));
        // Its sub-type links go with it (ON DELETE CASCADE).
        await trx.deleteFrom('project_type').where('id', '=', id).execute();
        return ok();
      });
    },
  },
};
