// Projects and their galleries (issue 15): the rules of their calls, in plain values.
import type { GalleryItem, GalleryItemInput, ListOrder, MutationResult, Project, ProjectView } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { notFound } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import { liveImages } from '../media/image.repository.ts';
import { allOf, checkedWrite, parentExists, type Rule, type Target } from './checkedWrite.ts';
import * as gallery from './gallery.repository.ts';
import { applyOrder, reorder } from './order.ts';
import { capture, putInTrash, type Who } from '../trash/trash.service.ts';
import * as projects from './project.repository.ts';
import { projectTypeExists } from './projectType.repository.ts';
import { toGalleryItem, toProject, withMedia, type MediaSource } from './views.ts';

/** GET /api/randomprojects/{count} never answers more than this. */
const RANDOM_PROJECTS_MAX = 50;
/** A project's gallery holds at most this many items. */
export const MAX_GALLERY_ITEMS = 60;

const views = (rows: projects.ProjectRow[], images: MediaSource): Promise<ProjectView[]> => withMedia(rows, images, toProject);
const galleryViews = (rows: gallery.GalleryRow[], images: MediaSource): Promise<GalleryItem[]> => withMedia(rows, images, toGalleryItem);

/** Every published project (what visitors see), or with the drafts (the administrator's list). */
export const listProjects = async (db: Db, images: MediaSource, visibility: projects.Visibility): Promise<ProjectView[]> =>
  views(await projects.listProjects(db, visibility), images);

/** The published projects of a type. */
export async function listProjectsOfType(db: Db, images: MediaSource, typeId: number): Promise<ProjectView[]> {
  if (!(await projectTypeExists(db, typeId))) throw notFound(messages.notFound.projectType(typeId));
  return views(await projects.listProjects(db, 'published', typeId), images);
}

/** A published project with its gallery (a draft is found by no public read). */
export async function getProject(db: Db, images: MediaSource, id: number): Promise<ProjectView> {
  const row = await projects.findPublishedProject(db, id);
  if (!row) throw notFound(messages.notFound.project(id));
  const [view] = await views([row], images);
  return { ...(view as ProjectView), Gallery: await galleryViews(await gallery.listGallery(db, id), images) };
}

/** `count` projects of `pool` drawn at random (a partial Fisher-Yates shuffle), at most 50. */
export function drawProjects(pool: readonly ProjectView[], count: number, random: () => number = Math.random): ProjectView[] {
  const drawn = [...pool];
  const n = Math.min(count, RANDOM_PROJECTS_MAX, drawn.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (drawn.length - i));
    [drawn[i], drawn[j]] = [drawn[j] as ProjectView, drawn[i] as ProjectView];
  }
  return drawn.slice(0, n);
}

/** The rules of a project's write: its type exists; translated (an English name), it has its English description too, as its French one is required. */
const projectRules = (p: Project): Rule =>
  allOf(parentExists(projectTypeExists, p.ProjectTypeId, messages.noProjectType(p.ProjectTypeId)), async () =>
    p.En && p.En.Name !== '' && p.En.Description === '' ? messages.project.englishDescriptionRequired : null,
  );

export const addProject = (db: Db, p: Project): Promise<MutationResult> => checkedWrite(db, null, projectRules(p), (trx) => projects.insertProject(trx, p));

/** The project an update writes to (a 404 when it is not there). */
const projectTarget = (id: number): Target => ({ exists: (trx) => projects.projectExists(trx, id), missing: messages.notFound.project(id) });

export async function updateProject(db: Db, id: number, p: Project): Promise<MutationResult> {
  if (p.Id !== id) return refuse(messages.idMismatch(p.Id, id));
  return checkedWrite(db, projectTarget(id), projectRules(p), (trx) => projects.updateProject(trx, id, p));
}

/** A project as its history keeps it (issue 28): its fields and its gallery, items in order (none in a version kept before the gallery was part of it). */
export type ProjectState = Project & { Gallery?: GalleryItem[] };

/**
 * Updates the project back to a state of its history, in one transaction: the project as its
 * ordinary update does, and each gallery item still there as its own update does (its file, texts
 * and mark, checked by the same rules against the gallery as it will be), in the state's order.
 * Items deleted since are not brought back (they wait in the trash, restored from there); items
 * added since stay, after the others. The answer says when either happened.
 */
export async function restoreProject(db: Db, id: number, { Gallery: items, ...p }: ProjectState): Promise<MutationResult> {
  if (items === undefined) return updateProject(db, id, p);
  if (p.Id !== id) return refuse(messages.idMismatch(p.Id, id));
  let plan: GalleryPlan | undefined;
  const planned: Rule = async (trx) => {
    const outcome = await galleryPlan(trx, id, p.Image, items);
    if (typeof outcome === 'string') return outcome;
    plan = outcome;
    return null;
  };
  const result = await checkedWrite(db, projectTarget(id), allOf(projectRules(p), planned), async (trx) => {
    await projects.updateProject(trx, id, p);
    if (plan) await applyGalleryPlan(trx, id, plan);
  });
  if (!result.Result || !plan || (plan.gone.length === 0 && plan.added === 0)) return result;
  return ok(messages.history.galleryNotAsItWas(plan.gone, plan.added));
}

export const orderProjects = (db: Db, typeId: number, listOrder: ListOrder): Promise<MutationResult> =>
  applyOrder(db, 'project', listOrder, async (trx) => {
    if (!(await projectTypeExists(trx, typeId))) throw notFound(messages.notFound.projectType(typeId));
    // The drafts are in the list too: the owner orders everything the type holds.
    return (await projects.listProjects(trx, 'with-drafts', typeId)).map((row) => row.id);
  });

/** Moves the project to the trash with its gallery, as one entry (issue 28). */
export function deleteProject(db: Db, id: number, who: Who): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    const body = await capture.project(trx, id);
    const row = body.rows.project?.[0];
    if (!row) throw notFound(messages.notFound.project(id));
    await putInTrash(trx, 'project', id, String(row.name), body, who);
    await projects.deleteProject(trx, id);
    return ok();
  });
}

// The gallery: a project's photos and videos after its cover, edited one item at a time.

/** What an item of a gallery is checked against: its project's cover, and whether another of its items shows a file. */
interface Around {
  cover: string | undefined;
  inOthers: (image: string) => boolean | Promise<boolean>;
}

/** Project `projectId` as it is, around its item `itemId` (0: a new item). */
const aroundNow = async (db: Executor, projectId: number, itemId = 0): Promise<Around> => ({
  cover: await projects.findProjectImage(db, projectId),
  inOthers: (image) => gallery.imageInGallery(db, projectId, image, itemId),
});

/**
 * Why the item cannot be stored in a gallery (`around`), or null: its file is in the library, not
 * already the project's cover nor another of its items; a photo has its alt text; a video is
 * never paired.
 */
async function itemRefusal(db: Executor, item: GalleryItemInput, around: Around): Promise<string | null> {
  const [row] = await liveImages(db, [item.Image]);
  if (!row) return messages.gallery.notInLibrary(item.Image);
  if (around.cover === item.Image) return messages.gallery.isCover(item.Image);
  if (await around.inOthers(item.Image)) return messages.gallery.duplicate(item.Image);
  const video = row.type.startsWith('video/');
  if (video && item.Pair !== '') return messages.gallery.videoPaired;
  if (!video && !/\S/.test(item.Alt)) return messages.gallery.altRequired;
  return null;
}

/** How a state of the history comes back to a project's gallery (restoreProject). */
interface GalleryPlan {
  /** The items still there that the state had otherwise, as it had them. */
  changed: GalleryItem[];
  /** Every item still there: the state's, in its order, then those added since. */
  order: number[];
  /** The items of the state deleted since (their caption, else their file). */
  gone: string[];
  /** How many items were added since. */
  added: number;
}

const inputOf = (item: GalleryItem): GalleryItemInput => ({ Image: item.Image, Caption: item.Caption, Alt: item.Alt, Pair: item.Pair, En: item.En });
const sameItem = (row: gallery.GalleryRow, item: GalleryItem): boolean =>
  row.image === item.Image && row.caption === item.Caption && row.alt === item.Alt && row.pair === item.Pair && row.caption_en === (item.En?.Caption ?? '') && row.alt_en === (item.En?.Alt ?? '');

/** The plan that puts `items` back in project `projectId`'s gallery under the cover `cover`, or why it is refused. */
async function galleryPlan(db: Executor, projectId: number, cover: string, items: GalleryItem[]): Promise<GalleryPlan | string> {
  const rows = new Map((await gallery.listGallery(db, projectId)).map((row) => [row.id, row]));
  const kept = items.filter((item) => rows.has(item.Id));
  const keptIds = new Set(kept.map((item) => item.Id));
  const addedSince = [...rows.values()].filter((row) => !keptIds.has(row.id));
  const changed = kept.filter((item) => !sameItem(rows.get(item.Id) as gallery.GalleryRow, item));
  // The gallery as it will be: each item's file.
  const files = new Map<number, string>([...kept.map((item): [number, string] => [item.Id, item.Image]), ...addedSince.map((row): [number, string] => [row.id, row.image])]);
  for (const item of changed) {
    const inOthers = (image: string) => [...files].some(([itemId, file]) => itemId !== item.Id && file === image);
    const refusal = await itemRefusal(db, inputOf(item), { cover, inOthers });
    if (refusal) return refusal;
  }
  return {
    changed,
    order: [...kept.map((item) => item.Id), ...addedSince.map((row) => row.id)],
    gone: items.filter((item) => !rows.has(item.Id)).map((item) => item.Caption || item.Image),
    added: addedSince.length,
  };
}

async function applyGalleryPlan(db: Executor, projectId: number, plan: GalleryPlan): Promise<void> {
  for (const item of plan.changed) await gallery.updateGalleryItem(db, item.Id, inputOf(item));
  // A mark the state gives an item is taken from the others (an item added since), as an update does.
  for (const item of plan.changed) if (item.Pair !== '') await gallery.clearPairMark(db, projectId, item.Pair, item.Id);
  await reorder(db, 'project_media', plan.order);
  await gallery.touchProject(db, projectId);
}

async function mustExist(db: Executor, projectId: number, itemId?: number): Promise<void> {
  if (!(await projects.projectExists(db, projectId))) throw notFound(messages.notFound.project(projectId));
  if (itemId !== undefined && !(await gallery.galleryItemExists(db, projectId, itemId))) throw notFound(messages.notFound.galleryItem(itemId));
}

export async function getGallery(db: Db, images: MediaSource, id: number): Promise<GalleryItem[]> {
  await mustExist(db, id);
  return galleryViews(await gallery.listGallery(db, id), images);
}

export function addGalleryItem(db: Db, id: number, item: GalleryItemInput): Promise<MutationResult> {
  return writeGalleryItem(db, id, undefined, item);
}

export function updateGalleryItem(db: Db, id: number, itemId: number, item: GalleryItemInput): Promise<MutationResult> {
  return writeGalleryItem(db, id, itemId, item);
}

/**
 * Adds an item to the gallery (`itemId` undefined: refused when the gallery is full) or updates
 * one, under the same rules: the item's refusal, its pair mark taken from the others, the
 * project's page changed.
 */
function writeGalleryItem(db: Db, id: number, itemId: number | undefined, item: GalleryItemInput): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    await mustExist(trx, id, itemId);
    const refusal = await itemRefusal(trx, item, await aroundNow(trx, id, itemId));
    if (refusal) return refuse(refusal);
    if (itemId === undefined && (await gallery.countGallery(trx, id)) >= MAX_GALLERY_ITEMS) return refuse(messages.gallery.full(MAX_GALLERY_ITEMS));
    if (item.Pair !== '') await gallery.clearPairMark(trx, id, item.Pair, itemId);
    if (itemId === undefined) await gallery.insertGalleryItem(trx, id, item);
    else await gallery.updateGalleryItem(trx, itemId, item);
    await gallery.touchProject(trx, id);
    return ok();
  });
}

/** Moves the item to the trash (issue 28). */
export function deleteGalleryItem(db: Db, id: number, itemId: number, who: Who): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    await mustExist(trx, id, itemId);
    const body = await capture.galleryItem(trx, itemId);
    const item = body.rows.project_media?.[0];
    await putInTrash(trx, 'gallery', itemId, String(item?.caption || item?.image || itemId), body, who);
    await gallery.deleteGalleryItem(trx, itemId);
    await gallery.touchProject(trx, id);
    return ok();
  });
}

export const orderGallery = (db: Db, id: number, listOrder: ListOrder): Promise<MutationResult> =>
  applyOrder(
    db,
    'project_media',
    listOrder,
    async (trx) => {
      await mustExist(trx, id);
      return (await gallery.listGallery(trx, id)).map((row) => row.id);
    },
    (trx) => gallery.touchProject(trx, id),
  );
