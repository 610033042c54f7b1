// Tag "gallery": a project's photos and videos after its cover (issue 15), edited by the
// administrator one item at a time; visitors read them with the project (GET /api/project/{id}).
import type { GalleryItem, GalleryItemInput } from '../../contract/api.ts';
import * as gallery from './gallery.repository.ts';
import { orderRefusal, reorder, type Executor } from '../db/executor.ts';
import { liveImages } from '../media/image.repository.ts';
import * as projects from './project.repository.ts';
import type { ImageLibrary } from '../media/library.ts';
import { messages } from '../domain/messages.ts';
import { ApiError, ok, refuse, type TagModule } from '../http/operations.ts';

/** A project's gallery holds at most this many items. */
export const MAX_GALLERY_ITEMS = 60;

/** Rows as read answers, with the Media of their files. */
export async function galleryViews(rows: gallery.GalleryRow[], images: ImageLibrary): Promise<GalleryItem[]> {
  const media = await images.media(rows.map((row) => row.image));
  return rows.map((row) => {
    const item: GalleryItem = { Id: row.id, Image: row.image, Caption: row.caption, Alt: row.alt, Pair: row.pair };
    const found = media.get(row.image);
    return found ? { ...item, Media: found } : item;
  });
}

/**
 * Why the item cannot be stored in project `projectId`'s gallery (as item `itemId`, when it
 * changes), or null: its file is in the library, not already the project's cover nor another of
 * its items; a photo has its alt text; a video is never paired.
 */
async function itemRefusal(db: Executor, projectId: number, item: GalleryItemInput, itemId = 0): Promise<string | null> {
  const [row] = await liveImages(db, [item.Image]);
  if (!row) return messages.gallery.notInLibrary(item.Image);
  if ((await projects.findProjectImage(db, projectId)) === item.Image) return messages.gallery.isCover(item.Image);
  if (await gallery.imageInGallery(db, projectId, item.Image, itemId)) return messages.gallery.duplicate(item.Image);
  const video = row.type.startsWith('video/');
  if (video && item.Pair !== '') return messages.gallery.videoPaired;
  if (!video && !/\S/.test(item.Alt)) return messages.gallery.altRequired;
  return null;
}

async function mustExist(db: Executor, projectId: number, itemId?: number): Promise<void> {
  if (!(await projects.projectExists(db, projectId))) throw new ApiError(404, messages.notFound.project(projectId));
  if (itemId !== undefined && !(await gallery.galleryItemExists(db, projectId, itemId))) {
    throw new ApiError(404, messages.notFound.galleryItem(itemId));
  }
}

export const galleryRoutes: TagModule<'getGallery' | 'addGalleryItem' | 'orderGallery' | 'updateGalleryItem' | 'deleteGalleryItem'> = {
  tag: 'gallery',
  handlers: {
    async getGallery({ id }, { services: { db, images } }) {
      await mustExist(db, id);
      return galleryViews(await gallery.listGallery(db, id), images);
    },

    async addGalleryItem({ id, galleryItemInput: item }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        await mustExist(trx, id);
        const refusal = await itemRefusal(trx, id, item);
        if (refusal) return refuse(refusal);
        if ((await gallery.countGallery(trx, id)) >= MAX_GALLERY_ITEMS) return refuse(messages.gallery.full(MAX_GALLERY_ITEMS));
        if (item.Pair !== '') await gallery.clearPairMark(trx, id, item.Pair);
        await gallery.insertGalleryItem(trx, id, item);
        await gallery.touchProject(trx, id);
        return ok();
      });
    },

    async updateGalleryItem({ id, itemId, galleryItemInput: item }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        await mustExist(trx, id, itemId);
        const refusal = await itemRefusal(trx, id, item, itemId);
        if (refusal) return refuse(refusal);
        if (item.Pair !== '') await gallery.clearPairMark(trx, id, item.Pair, itemId);
        await gallery.updateGalleryItem(trx, itemId, item);
        await gallery.touchProject(trx, id);
        return ok();
      });
    },

    async deleteGalleryItem({ id, itemId }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        await mustExist(trx, id, itemId);
        await gallery.deleteGalleryItem(trx, itemId);
        await gallery.touchProject(trx, id);
        return ok();
      });
    },

    async orderGallery({ id, listOrder }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        await mustExist(trx, id);
        const refusal = orderRefusal((await gallery.listGallery(trx, id)).map((row) => row.id), listOrder);
        if (refusal) return refuse(refusal);
        await reorder(trx, 'project_media', listOrder.Order);
        await gallery.touchProject(trx, id);
        return ok();
      });
    },
  },
};
