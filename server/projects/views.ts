// Rows to contract objects, in one place.
import type { Category, Media, ProjectType, ProjectTypeView, ProjectView, User } from '../../contract/api.ts';
import type { Selectable } from 'kysely';
import type { CategoryTable, ProjectTable, ProjectTypeTable, UserTable } from '../db/schema.ts';

export const toCategory = (row: Pick<Selectable<CategoryTable>, 'id' | 'name'>): Category => ({ Id: row.id, Name: row.name });

export const toProjectType = (row: Selectable<ProjectTypeTable>): ProjectType => ({
  Id: row.id,
  CategoryId: row.category_id,
  Name: row.name,
  Description: row.description,
  Image: row.image,
});

export const toProject = (row: Selectable<ProjectTable>): ProjectView => ({
  Id: row.id,
  ProjectTypeId: row.project_type_id,
  Name: row.name,
  Description: row.description,
  Image: row.image,
  Published: row.published === 1,
});

/** A read answer: the record plus, when its Image is in the image library, its Media. */
export function withMedia<T extends ProjectView | ProjectTypeView>(record: T, media: Map<string, Media>): T {
  const found = media.get(record.Image);
  return found ? { ...record, Media: found } : record;
}

/** Pwd is always empty: the server never sends a password hash. */
export const toUser = (row: Pick<Selectable<UserTable>, 'id' | 'email'>): User => ({ Id: row.id, Email: row.email, Pwd: '' });

/** Key for case-insensitive uniqueness (category names, e-mails). */
export const uniqueKey = (value: string): string => value.trim().normalize('NFC').toLowerCase();
