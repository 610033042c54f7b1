// Tag "gallery": a project's photos and videos after its cover (issue 15), edited by the
// administrator one item at a time; visitors read them with the project (GET /api/project/{id}).
import type { TagModule } from '../http/operations.ts';
import * as service from './project.service.ts';
import { actorOf } from '../auth/actor.ts';

export const galleryRoutes: TagModule<'getGallery' | 'addGalleryItem' | 'orderGallery' | 'updateGalleryItem' | 'deleteGalleryItem'> = {
  tag: 'gallery',
  handlers: {
    getGallery: async ({ id }, { services: { db, images } }) => service.getGallery(db, images, id),
    addGalleryItem: async ({ id, galleryItemInput }, { services: { db } }) => service.addGalleryItem(db, id, galleryItemInput),
    updateGalleryItem: async ({ id, itemId, galleryItemInput }, { services: { db } }) => service.updateGalleryItem(db, id, itemId, galleryItemInput),
    deleteGalleryItem: async ({ id, itemId }, { services: { db, now }, userId }) => service.deleteGalleryItem(db, id, itemId, await actorOf(db, userId, now())),
    orderGallery: async ({ id, listOrder }, { services: { db } }) => service.orderGallery(db, id, listOrder),
  },
};
