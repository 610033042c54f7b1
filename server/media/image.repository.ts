// The image table: the library's photos and videos. A deleted image keeps its row as a tombstone
// (deleted_at set), so that its name is never given to other content.
import type { Selectable } from 'kysely';
import type { ImageTable } from '../db/schema.ts';
import type { Executor } from '../db/executor.ts';

export type ImageRow = Selectable<ImageTable>;

/** Every name the table holds, tombstones included. */
export const allImageNames = async (db: Executor): Promise<string[]> =>
  (await db.selectFrom('image').select('name').execute()).map((row) => row.name);

export async function insertImages(db: Executor, rows: ImageTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('image').values(rows).execute();
}

/** Live photos (not videos) whose variants are not made yet. */
export const imagesWithoutVariants = async (db: Executor): Promise<string[]> =>
  (
    await db.selectFrom('image').select('name').where('widths', '=', '[]').where('deleted_at', 'is', null).where('poster', 'is', null).execute()
  ).map((row) => row.name);

/** Records the variants made for a photo, on its row and on the row of a video it is the poster of. */
export async function setWidths(db: Executor, name: string, widths: number[]): Promise<void> {
  await db
    .updateTable('image')
    .set({ widths: JSON.stringify(widths) })
    .where((eb) => eb.or([eb('name', '=', name), eb('poster', '=', name)]))
    .execute();
}

/** Live rows with how many projects and project types show them. */
function withUsage(db: Executor) {
  return db
    .selectFrom('image')
    .selectAll('image')
    .select((eb) => [
      // A project shows it as its cover or in its gallery.
      eb(
        eb.selectFrom('project').select(eb.fn.countAll<number>().as('n')).whereRef('project.image', '=', 'image.name'),
        '+',
        eb.selectFrom('project_media').select(eb.fn.countAll<number>().as('n')).whereRef('project_media.image', '=', 'image.name'),
      ).as('projects'),
      eb.selectFrom('project_type').select(eb.fn.countAll<number>().as('n')).whereRef('project_type.image', '=', 'image.name').as('project_types'),
    ])
    .where('deleted_at', 'is', null);
}

export type ImageUsageRow = ImageRow & { projects: number | null; project_types: number | null };

/**
 * The library as the admin lists it, newest first (images of one upload or of the demo, at one
 * time, by name); a video's poster is shown through its video.
 */
export const listImagesWithUsage = (db: Executor): Promise<ImageUsageRow[]> =>
  withUsage(db)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('image as video').select('video.name').whereRef('video.poster', '=', 'image.name'))))
    .orderBy('created_at', 'desc')
    .orderBy('name')
    .execute();

/** These live rows, with their usage. */
export const imagesWithUsage = (db: Executor, names: string[]): Promise<ImageUsageRow[]> => withUsage(db).where('name', 'in', names).execute();

/** These live rows (what a read answer's Media is made of). */
export const liveImages = (db: Executor, names: string[]): Promise<ImageRow[]> =>
  db.selectFrom('image').selectAll().where('name', 'in', names).where('deleted_at', 'is', null).execute();

/** These rows, tombstones included. */
export const imagesByName = (db: Executor, names: string[]): Promise<ImageRow[]> =>
  db.selectFrom('image').selectAll().where('name', 'in', names).execute();

/** Whether a live video has this image as its poster. */
export async function isPosterOfVideo(db: Executor, name: string): Promise<boolean> {
  const row = await db.selectFrom('image').select('name').where('poster', '=', name).where('deleted_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/** Marks the rows deleted (tombstones). */
export async function markDeleted(db: Executor, names: string[], at: number): Promise<void> {
  await db.updateTable('image').set({ deleted_at: at }).where('name', 'in', names).execute();
}
