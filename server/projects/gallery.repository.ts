// The project_media table: each project's gallery, the photos and videos shown after its cover.
import type { Selectable } from 'kysely';
import type { GalleryItemInput } from '../../contract/api.ts';
import type { ProjectMediaTable } from '../db/schema.ts';
import { countOf, type Executor } from '../db/executor.ts';
import { nextPosition } from './order.ts';

export type GalleryRow = Selectable<ProjectMediaTable>;

/** The columns a write sets: the English texts only when En is sent (a write without it keeps them; a new item starts with ''). */
const columns = (item: GalleryItemInput) => ({
  image: item.Image,
  caption: item.Caption,
  alt: item.Alt,
  pair: item.Pair,
  ...(item.En ? { caption_en: item.En.Caption, alt_en: item.En.Alt } : {}),
});

/** A project's gallery, in the owner's order. */
export const listGallery = (db: Executor, projectId: number): Promise<GalleryRow[]> =>
  db.selectFrom('project_media').selectAll().where('project_id', '=', projectId).orderBy('position').orderBy('id').execute();

export const countGallery = (db: Executor, projectId: number): Promise<number> =>
  countOf(db.selectFrom('project_media').select((eb) => eb.fn.countAll<number>().as('count')).where('project_id', '=', projectId));

/** Whether the item `itemId` is in the gallery of project `projectId`. */
export async function galleryItemExists(db: Executor, projectId: number, itemId: number): Promise<boolean> {
  const row = await db.selectFrom('project_media').select('id').where('id', '=', itemId).where('project_id', '=', projectId).executeTakeFirst();
  return row !== undefined;
}

/** Whether an item of the project's gallery other than `exceptId` shows this file. */
export async function imageInGallery(db: Executor, projectId: number, image: string, exceptId = 0): Promise<boolean> {
  const row = await db.selectFrom('project_media').select('id').where('project_id', '=', projectId).where('image', '=', image).where('id', '<>', exceptId).executeTakeFirst();
  return row !== undefined;
}

/** Adds the item at the end of the gallery. */
export async function insertGalleryItem(db: Executor, projectId: number, item: GalleryItemInput): Promise<void> {
  await db.insertInto('project_media').values({ project_id: projectId, ...columns(item), position: nextPosition('project_media') }).execute();
}

export async function updateGalleryItem(db: Executor, itemId: number, item: GalleryItemInput): Promise<void> {
  await db.updateTable('project_media').set(columns(item)).where('id', '=', itemId).execute();
}

export async function deleteGalleryItem(db: Executor, itemId: number): Promise<void> {
  await db.deleteFrom('project_media').where('id', '=', itemId).execute();
}

/** Takes the mark `pair` from the project's items but `exceptId`: a project has one before/after pair. */
export async function clearPairMark(db: Executor, projectId: number, pair: 'before' | 'after', exceptId = 0): Promise<void> {
  await db.updateTable('project_media').set({ pair: '' }).where('project_id', '=', projectId).where('pair', '=', pair).where('id', '<>', exceptId).execute();
}

/** The project's page changed (its gallery did): its last change, for the sitemap. */
export async function touchProject(db: Executor, projectId: number): Promise<void> {
  await db.updateTable('project').set({ updated_at: Date.now() }).where('id', '=', projectId).execute();
}
