// Tag "subtype": links from a project type (SrcId) to its sub-types (DestId).
import type { TagModule } from '../http/operations.ts';
import * as service from './projectType.service.ts';
import { actorOf } from '../auth/actor.ts';

export const subTypeRoutes: TagModule<'getSubTypes' | 'addSubType' | 'deleteSubType'> = {
  tag: 'subtype',
  handlers: {
    getSubTypes: async ({ id }, { services: { db, cache, images } }) => cache.get(`subtypes:${id}`, () => service.listSubTypes(db, images, id)),
    addSubType: async ({ subTypeLink }, { services: { db } }) => service.addSubType(db, subTypeLink),
    deleteSubType: async ({ subTypeLink }, { services: { db, now }, userId }) => service.deleteSubType(db, subTypeLink, await actorOf(db, userId, now())),
  },
};
