// Tag "trash" (issue 28): the deleted records, restored or erased for good by an administrator.
import type { TagModule } from '../http/operations.ts';
import * as service from './trash.service.ts';

export const trashRoutes: TagModule<'getTrash' | 'restoreTrash' | 'deleteTrash'> = {
  tag: 'trash',
  handlers: {
    getTrash: async (_arg, { services: { db, retention } }) => service.listTrash(db, retention.trashDays),
    restoreTrash: async ({ id }, { services: { db, images } }) => service.restoreEntry(db, id, images, images.forget),
    deleteTrash: async ({ id }, { services: { db, images } }) => service.eraseEntry(db, id, images),
  },
};
