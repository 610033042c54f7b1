// The versions of a record (issue 28): every successful update of a category, a project type, a
// project (its gallery included: adding, changing, deleting or moving an item, or bringing one back
// from the trash), the site's settings or the menu keeps the state it replaced, with the fields that
// changed (old and new values), in the update's transaction (server/http/journaling.ts). Restoring
// a version is an ordinary update: refused like one when no longer valid, and itself recorded.
import type { FieldChange, HistoryVersion, MutationResult } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { RecordVersionTable } from '../db/schema.ts';
import { notFound } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { updateCategory } from '../projects/category.service.ts';
import { listGallery } from '../projects/gallery.repository.ts';
import { restoreProject } from '../projects/project.service.ts';
import { toCategory, toGalleryItem, toProject, toProjectType } from '../projects/views.ts';
import { updateProjectType } from '../projects/projectType.service.ts';
import { readMenu, readSite } from '../site/site.repository.ts';
import { updateMenu, updateSite } from '../site/site.service.ts';
import type { Who } from './trash.service.ts';

export type HistoryKind = RecordVersionTable['kind'];
type State = Record<string, unknown>;

/**
 * The operations whose success keeps the state they replaced, and the kind of their record (its id:
 * the call's `id`; 'arg': the history's own call names it; 'trash': a gallery item brought back
 * from the trash is a change of its project).
 */
export const VERSIONED: Record<string, HistoryKind | 'arg' | 'trash'> = {
  updateCategory: 'category',
  updateProjectType: 'projecttype',
  updateProject: 'project',
  addGalleryItem: 'project',
  updateGalleryItem: 'project',
  deleteGalleryItem: 'project',
  orderGallery: 'project',
  restoreTrash: 'trash',
  updateSite: 'site',
  updateMenu: 'menu',
  restoreVersion: 'arg',
};

/** The record as its update call takes it (what a restore sends back), or null when there is none. */
export async function stateOf(db: Executor, kind: HistoryKind, recordId: string): Promise<State | null> {
  if (kind === 'site') return { ...(await readSite(db)) };
  if (kind === 'menu') return { ...(await readMenu(db)) };
  const id = Number(recordId);
  if (!Number.isSafeInteger(id)) return null;
  if (kind === 'category') {
    const row = await db.selectFrom('category').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { ...toCategory(row) } : null;
  }
  if (kind === 'projecttype') {
    const row = await db.selectFrom('project_type').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { ...toProjectType(row) } : null;
  }
  const row = await db.selectFrom('project').selectAll().where('id', '=', id).executeTakeFirst();
  // With its gallery, items in order: a change of the gallery is a change of the project.
  return row ? { ...toProject(row), Gallery: (await listGallery(db, id)).map(toGalleryItem) } : null;
}

/** Every leaf of a state by its dotted path (an array's items by their place, from 1, as the owner counts them: `Gallery.1.Caption`). */
function flatten(value: unknown, path: string, into: Map<string, string>): void {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (Array.isArray(value)) {
    value.forEach((inner, i) => flatten(inner, at(String(i + 1)), into));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, at(key), into);
    return;
  }
  into.set(path, typeof value === 'string' ? value : JSON.stringify(value));
}

/** A gallery item's id: kept in the state (a restore finds the item by it), never shown as a change. */
const ITEM_ID = /^Gallery\.\d+\.Id$/;

export function changesBetween(before: State, after: State): FieldChange[] {
  const [a, b] = [new Map<string, string>(), new Map<string, string>()];
  flatten(before, '', a);
  flatten(after, '', b);
  const fields = [...new Set([...a.keys(), ...b.keys()])].filter((field) => !ITEM_ID.test(field));
  // A field that is not there reads as empty (an item added: its empty texts are no change).
  return fields.map((field) => ({ Field: field, Old: a.get(field) ?? '', New: b.get(field) ?? '' })).filter((change) => change.Old !== change.New);
}

/** After a successful update: keeps `before` as the record's next version, when something changed. */
export async function keepVersion(db: Executor, kind: HistoryKind, recordId: string, before: State | null, who: Who): Promise<void> {
  if (!before) return;
  const after = await stateOf(db, kind, recordId);
  if (!after) return;
  const changes = changesBetween(before, after);
  if (changes.length === 0) return;
  const last = await db.selectFrom('record_version').select((eb) => eb.fn.max('version').as('version')).where('kind', '=', kind).where('record_id', '=', recordId).executeTakeFirst();
  await db
    .insertInto('record_version')
    .values({ kind, record_id: recordId, version: Number(last?.version ?? 0) + 1, body: JSON.stringify(before), changes: JSON.stringify(changes), at: who.at, by: who.by })
    .execute();
}

export async function listVersions(db: Executor, kind: HistoryKind, recordId: string): Promise<HistoryVersion[]> {
  const rows = await db.selectFrom('record_version').selectAll().where('kind', '=', kind).where('record_id', '=', recordId).orderBy('version', 'desc').execute();
  return rows.map((row) => ({ Version: row.version, At: new Date(row.at).toISOString(), By: row.by, Changes: JSON.parse(row.changes) as FieldChange[] }));
}

/** Updates the record back to the state version `version` replaced: an ordinary update of its kind. */
export async function restoreVersion(db: Db, kind: HistoryKind, recordId: string, version: number, year: number): Promise<MutationResult> {
  const row = await db.selectFrom('record_version').select('body').where('kind', '=', kind).where('record_id', '=', recordId).where('version', '=', version).executeTakeFirst();
  if (!row) throw notFound(messages.history.noVersion(version));
  const body = JSON.parse(row.body) as never;
  const id = Number(recordId);
  switch (kind) {
    case 'category':
      return updateCategory(db, id, body);
    case 'projecttype':
      return updateProjectType(db, id, body);
    case 'project':
      return restoreProject(db, id, body);
    case 'site':
      return updateSite(db, body, year);
    case 'menu':
      return updateMenu(db, body);
  }
}
