// Tag "category".
import { toCategory, uniqueKey } from '../db/mappers.ts';
import { categoryNameTaken, countTypesOfCategory, existsById } from '../db/repositories.ts';
import { messages } from '../messages.ts';
import { ApiError, ok, refuse, type TagModule } from '../operations.ts';

export const categoryRoutes: TagModule<'getCategories' | 'addCategory' | 'updateCategory' | 'deleteCategory'> = {
  tag: 'category',
  handlers: {
    async getCategories(_arg, { services: { db, cache } }) {
      return cache.get('categories', async () => {
        const rows = await db.selectFrom('category').select(['id', 'name']).orderBy('id').execute();
        return rows.map(toCategory);
      });
    },

    async addCategory({ category }, { services: { db } }) {
      const key = uniqueKey(category.Name);
      return db.transaction().execute(async (trx) => {
        if (await categoryNameTaken(trx, key)) return refuse(messages.category.duplicate(category.Name));
        await trx.insertInto('category').values({ name: category.Name, name_key: key }).execute();
        return ok();
      });
    },

    async updateCategory({ id, category }, { services: { db } }) {
      if (category.Id !== id) return refuse(messages.idMismatch(category.Id, id));
      const key = uniqueKey(category.Name);
      return db.transaction().execute(async (trx) => {
        const current = await existsById(trx, 'category', id);
        if (!current) throw new ApiError(404, messages.notFound('La catégorie', id));
        if (await categoryNameTaken(trx, key, id)) return refuse(messages.category.duplicate(category.Name));
        await trx.updateTable('category').set({ name: category.Name, name_key: key }).where('id', '=', id).execute();
        return ok();
      });
    },

    async deleteCategory({ id }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('category').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
        if (!current) throw new ApiError(404, messages.notFound('La catégorie', id));
        const count = await countTypesOfCategory(trx, id);
        if (count > 0) return refuse(messages.category.hasTypes(count));
        await trx.deleteFrom('category').where('id', '=', id).execute();
        return ok();
      });
    },
  },
};
