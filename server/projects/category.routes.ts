// Tag "category".
import type { TagModule } from '../http/operations.ts';
import * as service from './category.service.ts';
import { actorOf } from '../auth/actor.ts';

export const categoryRoutes: TagModule<'getCategories' | 'addCategory' | 'updateCategory' | 'deleteCategory' | 'orderCategories'> = {
  tag: 'category',
  handlers: {
    getCategories: async (_arg, { services: { db, cache } }) => cache.get('categories', () => service.listCategories(db)),
    addCategory: async ({ category }, { services: { db } }) => service.addCategory(db, category),
    updateCategory: async ({ id, category }, { services: { db } }) => service.updateCategory(db, id, category),
    orderCategories: async ({ listOrder }, { services: { db } }) => service.orderCategories(db, listOrder),
    deleteCategory: async ({ id }, { services: { db, now }, userId }) => service.deleteCategory(db, id, await actorOf(db, userId, now())),
  },
};
