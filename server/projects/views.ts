// Rows to the contract's objects, each record's mapping written once (its English texts as En,
// every key present: '' while not translated), and the one way a list of rows becomes read
// answers with the Media of their images.
import type { Selectable } from 'kysely';
import type { Category, GalleryItem, Media, ProjectType, ProjectView } from '../../contract/api.ts';
import type { CategoryTable, ProjectMediaTable, ProjectTable, ProjectTypeTable } from '../db/schema.ts';
import { described } from './described.ts';

export const toCategory = (row: Pick<Selectable<CategoryTable>, 'id' | 'name' | 'name_en'>): Category => ({
  Id: row.id,
  Name: row.name,
  En: { Name: row.name_en },
});

export const toProjectType = (row: Selectable<ProjectTypeTable>): ProjectType => ({ Id: row.id, CategoryId: row.category_id, ...described(row) });

export const toProject = (row: Selectable<ProjectTable>): ProjectView => ({
  Id: row.id,
  ProjectTypeId: row.project_type_id,
  ...described(row),
  Published: row.published === 1,
});

export const toGalleryItem = (row: Selectable<ProjectMediaTable>): GalleryItem => ({
  Id: row.id,
  Image: row.image,
  Caption: row.caption,
  Alt: row.alt,
  Pair: row.pair,
  En: { Caption: row.caption_en, Alt: row.alt_en },
});

/** The Media of image names, as the image library tells them (server/media/library.ts). */
export interface MediaSource {
  media(names: Iterable<string>): Promise<Map<string, Media>>;
}

/** Rows as read answers: each mapped, plus, when its image is in the library, its Media. */
export async function withMedia<R extends { image: string }, V extends object>(
  rows: readonly R[],
  images: MediaSource,
  toView: (row: R) => V,
): Promise<Array<V & { Media?: Media }>> {
  const media = await images.media(rows.map((row) => row.image));
  return rows.map((row) => {
    const view = toView(row);
    const found = media.get(row.image);
    return found ? { ...view, Media: found } : view;
  });
}
