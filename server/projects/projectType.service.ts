// Project types and their sub-type links: the rules of their calls, in plain values.
import type { ListOrder, MutationResult, ProjectType, ProjectTypeView, SubTypeLink } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import { categoryExists } from './category.repository.ts';
import { checkedWrite, holdsNothing, parentExists, type Rule, type Target } from './checkedWrite.ts';
import { applyOrder } from './order.ts';
import { capture, putInTrash, type Who } from '../trash/trash.service.ts';
import * as types from './projectType.repository.ts';
import { toProjectType, withMedia, type MediaSource } from './views.ts';

const views = (rows: types.ProjectTypeRow[], images: MediaSource): Promise<ProjectTypeView[]> => withMedia(rows, images, toProjectType);

export async function listProjectTypes(db: Db, images: MediaSource, categoryId?: number): Promise<ProjectTypeView[]> {
  if (categoryId !== undefined && !(await categoryExists(db, categoryId))) throw notFound(messages.notFound.category(categoryId));
  return views(await types.listProjectTypes(db, categoryId), images);
}

export const orderProjectTypes = (db: Db, categoryId: number, listOrder: ListOrder): Promise<MutationResult> =>
  applyOrder(db, 'project_type', listOrder, async (trx) => {
    if (!(await categoryExists(trx, categoryId))) throw notFound(messages.notFound.category(categoryId));
    return (await types.listProjectTypes(trx, categoryId)).map((row) => row.id);
  });

/** The project type `id`, as a write's target. */
const projectType = (id: number): Target => ({ exists: (trx) => types.projectTypeExists(trx, id), missing: messages.notFound.projectType(id) });
const categoryOf = (t: ProjectType): Rule => parentExists(categoryExists, t.CategoryId, messages.projectType.noCategory(t.CategoryId));

export const addProjectType = (db: Db, t: ProjectType): Promise<MutationResult> =>
  checkedWrite(db, null, categoryOf(t), (trx) => types.insertProjectType(trx, t));

export async function updateProjectType(db: Db, id: number, t: ProjectType): Promise<MutationResult> {
  if (t.Id !== id) return refuse(messages.idMismatch(t.Id, id));
  return checkedWrite(db, projectType(id), categoryOf(t), (trx) => types.updateProjectType(trx, id, t));
}

/** Moves the type to the trash with its sub-type links (issue 28). */
export const deleteProjectType = (db: Db, id: number, who: Who): Promise<MutationResult> =>
  checkedWrite(db, projectType(id), holdsNothing((trx) => types.countProjectsOfType(trx, id), messages.projectType.hasProjects), async (trx) => {
    const body = await capture.projectType(trx, id);
    await putInTrash(trx, 'projecttype', id, String(body.rows.project_type?.[0]?.name ?? ''), body, who);
    await types.deleteProjectType(trx, id);
  });

// Sub-types: links from a project type (SrcId) to its sub-types (DestId).

export async function listSubTypes(db: Db, images: MediaSource, id: number): Promise<ProjectTypeView[]> {
  if (!(await types.projectTypeExists(db, id))) throw notFound(messages.notFound.projectType(id));
  return views(await types.listSubTypes(db, id), images);
}

export async function addSubType(db: Db, { SrcId, DestId }: SubTypeLink): Promise<MutationResult> {
  if (SrcId === DestId) return refuse(messages.subType.self);
  return db.transaction().execute(async (trx) => {
    const ids = await types.existingTypeIds(trx, [SrcId, DestId]);
    if (!ids.has(SrcId)) return refuse(messages.noProjectType(SrcId));
    if (!ids.has(DestId)) return refuse(messages.subType.noSubType(DestId));
    if (await types.subTypeLinked(trx, SrcId, DestId)) return refuse(messages.subType.linked);
    await types.linkSubType(trx, SrcId, DestId);
    return ok();
  });
}

/** Moves the link to the trash (issue 28). */
export function deleteSubType(db: Db, { SrcId, DestId }: SubTypeLink, who: Who): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    const body = await capture.subTypeLink(trx, SrcId, DestId);
    if (!body.rows.subtype_link?.length) return refuse(messages.subType.notLinked);
    const names = new Map((await trx.selectFrom('project_type').select(['id', 'name']).where('id', 'in', [SrcId, DestId]).execute()).map((r) => [r.id, r.name]));
    await putInTrash(trx, 'subtype', `${SrcId}-${DestId}`, `${names.get(SrcId) ?? SrcId} → ${names.get(DestId) ?? DestId}`, body, who);
    await types.unlinkSubType(trx, SrcId, DestId);
    return ok();
  });
}
