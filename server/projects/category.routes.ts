// Tag "category".
import * as categories from './category.repository.ts';
import { orderRefusal, reorder } from '../db/executor.ts';
import { messages } from '../domain/messages.ts';
import { ApiError, ok, refuse, type TagModule } from '../http/operations.ts';

export const categoryRoutes: TagModule<'getCategories' | 'addCategory' | 'updateCategory' | 'deleteCategory' | 'orderCategories'> = {
  tag: 'category',
  handlers: {
    async getCategories(_arg, { services: { db, cache } }) {
      return cache.get('categories', () => categories.listCategories(db));
    },

    async addCategory({ category }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        if (await categories.categoryNameTaken(trx, category.Name)) return refuse(messages.category.duplicate(category.Name));
        await categories.insertCategory(trx, category.Name);
        return ok();
      });
    },

    async updateCategory({ id, category }, { services: { db } }) {
      if (category.Id !== id) return refuse(messages.idMismatch(category.Id, id));
      return db.transaction().execute(async (trx) => {
        if (!(await categories.categoryExists(trx, id))) throw new ApiError(404, messages.notFound.category(id));
        if (await categories.categoryNameTaken(trx, category.Name, id)) return refuse(messages.category.duplicate(category.Name));
        await categories.updateCategory(trx, id, category.Name);
        return ok();
      });
    },

    async orderCategories({ listOrder }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        const refusal = orderRefusal((await categories.listCategories(trx)).map((c) => c.Id), listOrder);
        if (refusal) return refuse(refusal);
        await reorder(trx, 'category', listOrder.Order);
        return ok();
      });
    },

    async deleteCategory({ id }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        if (!(await categories.categoryExists(trx, id))) throw new ApiError(404, messages.notFound.category(id));
        const count = await categories.countTypesOfCategory(trx, id);
        if (count > 0) return refuse(messages.category.hasTypes(count));
        await categories.deleteCategory(trx, id);
        return ok();
      });
    },
  },
};
