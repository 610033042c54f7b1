// Tag "project".
import type { TagModule } from '../http/operations.ts';
import * as service from './project.service.ts';
import { actorOf } from '../auth/actor.ts';

export const projectRoutes: TagModule<
  | 'getProjectsByType'
  | 'getProject'
  | 'getProjects'
  | 'getRandomProjects'
  | 'addProject'
  | 'updateProject'
  | 'deleteProject'
  | 'orderProjects'
> = {
  tag: 'project',
  handlers: {
    getProjectsByType: async ({ typeId }, { services: { db, cache, images } }) =>
      cache.get(`projects-of-type:${typeId}`, () => service.listProjectsOfType(db, images, typeId)),
    getProject: async ({ id }, { services: { db, cache, images } }) => cache.get(`project:${id}`, () => service.getProject(db, images, id)),
    // The administrator's token (checked by the route) brings the drafts.
    getProjects: async (_arg, { userId, services: { db, cache, images } }) =>
      userId !== null
        ? cache.get('projects-with-drafts', () => service.listProjects(db, images, 'with-drafts'))
        : cache.get('projects', () => service.listProjects(db, images, 'published')),
    // Drawn from the cached list: no query per visitor.
    getRandomProjects: async ({ count }, { services: { db, cache, images } }) =>
      service.drawProjects(await cache.get('projects', () => service.listProjects(db, images, 'published')), count),
    addProject: async ({ project }, { services: { db } }) => service.addProject(db, project),
    updateProject: async ({ id, project }, { services: { db } }) => service.updateProject(db, id, project),
    orderProjects: async ({ typeId, listOrder }, { services: { db } }) => service.orderProjects(db, typeId, listOrder),
    deleteProject: async ({ id }, { services: { db, now }, userId }) => service.deleteProject(db, id, await actorOf(db, userId, now())),
  },
};
