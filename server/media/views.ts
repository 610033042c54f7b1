// The library's rows as the contract's objects: the list the admin reads (with each image's use)
// and the Media of the images a page shows.
import type { ImageInfo, Media } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import * as imageRows from './image.repository.ts';
import { parseWidths } from './storage.ts';

/** What every Media and ImageInfo says of a row. */
const mediaFields = (row: imageRows.ImageRow): Media => ({
  Type: row.type,
  Width: row.width,
  Height: row.height,
  Widths: parseWidths(row.widths),
  ...(row.poster ? { Poster: row.poster } : {}),
});

/** Every live image with its use (projects, project types, the site's own pages). */
export async function listImages(db: Db, pagePhotos?: (db: Executor) => Promise<readonly string[]>): Promise<ImageInfo[]> {
  const [rows, pages] = await Promise.all([imageRows.listImagesWithUsage(db), pagePhotos?.(db) ?? []]);
  return rows.map((row) => ({
    Name: row.name,
    ...mediaFields(row),
    Bytes: row.bytes,
    Projects: Number(row.projects ?? 0),
    ProjectTypes: Number(row.project_types ?? 0),
    Pages: pages.filter((name) => name === row.name).length,
  }));
}

/** Media of the given image names (those of the library only). */
export async function mediaOf(db: Db, names: Iterable<string>): Promise<Map<string, Media>> {
  const unique = [...new Set(names)].filter((name) => name !== '');
  const media = new Map<string, Media>();
  if (unique.length === 0) return media;
  for (const row of await imageRows.liveImages(db, unique)) media.set(row.name, mediaFields(row));
  return media;
}
