// Tag "projecttype".
import type { TagModule } from '../http/operations.ts';
import * as service from './projectType.service.ts';
import { actorOf } from '../auth/actor.ts';

export const projectTypeRoutes: TagModule<
  'getProjectTypes' | 'getProjectTypesByCategory' | 'addProjectType' | 'updateProjectType' | 'deleteProjectType' | 'orderProjectTypes'
> = {
  tag: 'projecttype',
  handlers: {
    getProjectTypes: async (_arg, { services: { db, cache, images } }) => cache.get('types', () => service.listProjectTypes(db, images)),
    getProjectTypesByCategory: async ({ id }, { services: { db, cache, images } }) =>
      cache.get(`types-of-category:${id}`, () => service.listProjectTypes(db, images, id)),
    orderProjectTypes: async ({ categoryId, listOrder }, { services: { db } }) => service.orderProjectTypes(db, categoryId, listOrder),
    addProjectType: async ({ projectType }, { services: { db } }) => service.addProjectType(db, projectType),
    updateProjectType: async ({ id, projectType }, { services: { db } }) => service.updateProjectType(db, id, projectType),
    deleteProjectType: async ({ id }, { services: { db, now }, userId }) => service.deleteProjectType(db, id, await actorOf(db, userId, now())),
  },
};
