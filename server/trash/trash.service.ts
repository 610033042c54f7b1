// The trash (issue 28): a deletion keeps the record's rows, and those that went with it, in one
// entry, in the deletion's own transaction; the record is gone from every read at once (its rows
// are), and comes back as it was (same id, position, state, English texts, gallery) on a restore,
// or is erased for good (a photo's files too, its tombstone kept) after TRASH_RETENTION_DAYS.
// A restore either puts everything back or nothing, with a French refusal that says what to do.
import type { MutationResult, TrashEntry } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import { existsById, keyTaken, type Executor } from '../db/executor.ts';
import { notFound } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import * as trash from './trash.repository.ts';
import type { TrashBody, TrashKind } from './trash.repository.ts';

export type { TrashBody, TrashKind } from './trash.repository.ts';
export { capture } from './trash.repository.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_TRASH_RETENTION_DAYS = 30;

/** Who writes, and when: the administrator's e-mail and the server's clock (ms). */
export interface Who {
  by: string;
  at: number;
}

/** What the trash needs of the image library. */
export interface TrashImages {
  revive(executor: Executor, names: string[]): Promise<boolean>;
  eraseFiles(executor: Executor, names: string[]): Promise<void>;
}

/** Puts a deleted record's rows in the trash, in the deletion's transaction. */
export async function putInTrash(trx: Executor, kind: TrashKind, recordId: string | number, name: string, body: TrashBody, who: Who): Promise<void> {
  await trash.insertEntry(trx, { kind, record_id: String(recordId), name, body, deleted_at: who.at, deleted_by: who.by });
}

/** An entry as the API shows it; PurgeAt: when purgeTrash erases it, after `retentionDays`. */
const toEntry = (row: trash.TrashRow, retentionDays: number): TrashEntry => ({
  Id: row.id,
  Kind: row.kind,
  RecordId: row.record_id,
  Name: row.name,
  DeletedAt: new Date(row.deleted_at).toISOString(),
  DeletedBy: row.deleted_by,
  PurgeAt: new Date(row.deleted_at + retentionDays * DAY_MS).toISOString(),
});

export const listTrash = async (db: Db, retentionDays: number): Promise<TrashEntry[]> => (await trash.listEntries(db)).map((row) => toEntry(row, retentionDays));

type Row = Record<string, unknown>;
const first = (rows: Row[] | undefined): Row => rows?.[0] ?? {};

/** The images the rows show (covers, gallery items), which must be live for them to come back. */
async function deadImage(trx: Executor, rows: TrashBody['rows']): Promise<string | null> {
  const names = new Set<string>();
  for (const table of ['project_type', 'project', 'project_media'] as const) for (const row of rows[table] ?? []) names.add(String(row.image));
  if (names.size === 0) return null;
  const live = new Set((await trx.selectFrom('image').select('name').where('name', 'in', [...names]).where('deleted_at', 'is', null).execute()).map((r) => r.name));
  // A project type's image may be one of the demo's bundled files without a row: only a row that is a tombstone, or missing while others are rows, counts.
  const tombstones = new Set((await trx.selectFrom('image').select('name').where('name', 'in', [...names]).where('deleted_at', 'is not', null).execute()).map((r) => r.name));
  for (const name of names) if (!live.has(name) && tombstones.has(name)) return name;
  return null;
}

/** Why the entry cannot come back as is, or null; and the rows to insert (links to records gone are left out). */
async function restoreRefusal(trx: Executor, kind: TrashKind, body: TrashBody): Promise<string | null> {
  const rows = body.rows;
  switch (kind) {
    case 'category': {
      const row = first(rows.category);
      if (await existsById(trx, 'category', Number(row.id))) return messages.trash.alreadyBack;
      if (await keyTaken(trx, 'category', String(row.name_key))) return messages.trash.categoryNameTaken(String(row.name));
      return null;
    }
    case 'projecttype': {
      const row = first(rows.project_type);
      if (await existsById(trx, 'project_type', Number(row.id))) return messages.trash.alreadyBack;
      if (!(await existsById(trx, 'category', Number(row.category_id)))) return messages.trash.categoryGone(Number(row.category_id));
      break;
    }
    case 'project': {
      const row = first(rows.project);
      if (await existsById(trx, 'project', Number(row.id))) return messages.trash.alreadyBack;
      if (!(await existsById(trx, 'project_type', Number(row.project_type_id)))) return messages.trash.typeGone(Number(row.project_type_id));
      break;
    }
    case 'gallery': {
      const row = first(rows.project_media);
      if ((await trx.selectFrom('project_media').select('id').where('id', '=', Number(row.id)).executeTakeFirst()) !== undefined) return messages.trash.alreadyBack;
      if (!(await existsById(trx, 'project', Number(row.project_id)))) return messages.trash.projectGone(Number(row.project_id));
      break;
    }
    case 'subtype': {
      const row = first(rows.subtype_link);
      for (const id of [row.src_id, row.dest_id]) if (!(await existsById(trx, 'project_type', Number(id)))) return messages.trash.typeGone(Number(id));
      const linked = await trx.selectFrom('subtype_link').select('src_id').where('src_id', '=', Number(row.src_id)).where('dest_id', '=', Number(row.dest_id)).executeTakeFirst();
      if (linked) return messages.trash.linked;
      return null;
    }
    case 'user': {
      const row = first(rows.app_user);
      if (await existsById(trx, 'app_user', Number(row.id))) return messages.trash.alreadyBack;
      if (await keyTaken(trx, 'app_user', String(row.email_key))) return messages.trash.userEmailTaken(String(row.email));
      return null;
    }
    case 'image':
      return null;
  }
  const dead = await deadImage(trx, rows);
  return dead === null ? null : messages.trash.imageGone(dead);
}

/** The rows as they can come back: a type's sub-type links to types that are gone stay out; a gallery item's pair mark taken since is dropped. */
async function rowsToInsert(trx: Executor, kind: TrashKind, body: TrashBody): Promise<TrashBody['rows']> {
  const rows = { ...body.rows };
  if (kind === 'projecttype' && rows.subtype_link) {
    const own = Number(first(rows.project_type).id);
    const others = rows.subtype_link.map((link) => (Number(link.src_id) === own ? Number(link.dest_id) : Number(link.src_id)));
    const live = others.length ? new Set((await trx.selectFrom('project_type').select('id').where('id', 'in', others).execute()).map((r) => r.id)) : new Set<number>();
    rows.subtype_link = rows.subtype_link.filter((_, i) => live.has(others[i] as number) || others[i] === own);
  }
  if (kind === 'gallery' && rows.project_media) {
    const item = first(rows.project_media);
    if (item.pair !== '') {
      const taken = await trx
        .selectFrom('project_media')
        .select('id')
        .where('project_id', '=', Number(item.project_id))
        .where('pair', '=', item.pair as 'before' | 'after')
        .executeTakeFirst();
      if (taken) rows.project_media = [{ ...item, pair: '' }];
    }
  }
  return rows;
}

/**
 * Puts the entry's record back, in one transaction with the entry's removal: a second restore,
 * or one racing a permanent deletion, finds no entry (404); a refusal changes nothing.
 */
export function restoreEntry(db: Db, id: number, images: TrashImages, forget: () => void): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trash.findEntry(trx, id);
    if (!row) throw notFound(messages.trash.gone(id));
    const body = trash.bodyOf(row);
    const refusal = await restoreRefusal(trx, row.kind, body);
    if (refusal) return refuse(refusal);
    if (row.kind === 'image') {
      if (!(await images.revive(trx, body.images ?? []))) return refuse(messages.trash.alreadyBack);
      forget();
    } else {
      await trash.insertRows(trx, await rowsToInsert(trx, row.kind, body));
      if (row.kind === 'gallery') {
        const projectId = Number(first(body.rows.project_media).project_id);
        await trx.updateTable('project').set({ updated_at: Date.now() }).where('id', '=', projectId).execute();
      }
    }
    await trash.removeEntry(trx, id);
    return ok(messages.trash.restored);
  });
}

/** Erases the entry for good (a photo's files too; its row stays a tombstone, its name taken). */
export async function eraseEntry(db: Db, id: number, images: TrashImages): Promise<MutationResult> {
  const row = await db.transaction().execute(async (trx) => {
    const found = await trash.findEntry(trx, id);
    if (!found) throw notFound(messages.trash.gone(id));
    await trash.removeEntry(trx, id);
    return found;
  });
  if (row.kind === 'image') await images.eraseFiles(db, trash.bodyOf(row).images ?? []);
  return ok(messages.trash.erased);
}

/** Erases the entries older than `retentionDays`; returns how many. */
export async function purgeTrash(db: Db, images: TrashImages, retentionDays: number, now: number): Promise<number> {
  const old = await trash.entriesBefore(db, now - retentionDays * DAY_MS);
  let erased = 0;
  for (const row of old) {
    const gone = await db.transaction().execute((trx) => trash.removeEntry(trx, row.id));
    if (!gone) continue;
    erased++;
    if (row.kind === 'image') await images.eraseFiles(db, trash.bodyOf(row).images ?? []);
  }
  return erased;
}
