// The image library: DATA_DIR/images/<Name> (the upright, metadata-free original) beside its
// variants <Name>.<w>.avif and <Name>.<w>.webp, and one row per image in the `image` table.
//
// - Processing runs in a worker process, one at a time (workerRunner.ts).
// - Files are written into a temporary folder of DATA_DIR/images (a dot name, never served nor
//   backed up), then renamed into place, variants first and the original last, then the row is
//   inserted, in one transaction with the upload's journal entry: a crash never leaves a
//   half-written file under a final name, and a refusal leaves nothing, nor does a transaction
//   that fails (the files it put in place go). Leftover temporary folders are removed at start-up
//   once an hour old.
// - Names are never reused: deleting an image keeps its row as a tombstone (deleted_at), so a
//   later upload of a file with the same name gets `-2`; URLs of the library can therefore be
//   cached for a year as immutable.
// - The demo images go through the same pipeline at seeding, through a cache (demoCache.ts). When
//   the cache does not have them yet (the first start after a clone), seeding stores their
//   originals only (a few seconds: no variants, so their Media lists no width and pages point at
//   no variant that is missing) and the server answers at once; finishDemoVariants() then encodes
//   the variants in the background and, once their files are in place, writes their widths into
//   the rows.
// - Videos (MP4) are stored as they were sent, beside their poster: a still image sent
//   with them, put through the pipeline like any image and named `<video stem>-affiche.<ext>`.
//   The video's row names its poster and carries the poster's dimensions and variant widths (its
//   Media); the poster's own row is not listed, cannot be deleted alone, and goes with its video.
//   Demo videos (server/demo/images/*.mp4) come with their poster `<stem>-affiche.jpg` beside them.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageInfo, Media } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { ImageTable } from '../db/schema.ts';
import { isLeftover } from '../domain/leftovers.ts';
import { createDemoImport } from './demoImport.ts';
import * as imageRows from './image.repository.ts';
import { createLiveFiles } from './liveFiles.ts';
import { OG_IMAGE } from '../../contract/images.ts';
import { FORMATS, parseVariantName, PREVIEW_SOURCE_WIDTH, previewName, TEMP_PREFIX, variantName, type PipelineJob, type PipelineOutcome } from './rules.ts';
import { freeName, install, parseWidths, rowOf, videoRowOf } from './storage.ts';
import { isWholeMp4, posterBaseName, VIDEO_EXT } from './video.ts';
import { listImages, mediaOf } from './views.ts';
import { runWorker, serial, type Priority } from './workerRunner.ts';

export interface ImageLibraryOptions {
  dataDir: string;
  /** Bundled demo images (server/demo/images). */
  demoImagesDir: string;
  /** server/media/worker.ts */
  workerPath: string;
  /** Where the pipeline output of the demo images is cached (none: no cache). */
  cacheDir?: string;
  /** The photos the site's own pages show (welcome, about, contact), read in the deletion's transaction: not deletable. */
  pagePhotos?: (db: Executor) => Promise<readonly string[]>;
  /** Longest a worker may take per image before it is stopped. */
  timeoutPerImageMs?: number;
}

type PipelineRefusal = Extract<PipelineOutcome, { ok: false }>['reason'];

export type StoreResult = { ok: true; name: string } | { ok: false; reason: PipelineRefusal };

export type StoreVideoResult =
  | { ok: true; name: string; poster: string }
  | { ok: false; reason: 'videoDamaged' }
  | { ok: false; reason: 'poster'; poster: PipelineRefusal };

export type RemoveResult =
  | { status: 'deleted'; video: boolean }
  | { status: 'missing' }
  | { status: 'page' }
  | { status: 'poster' }
  | { status: 'used'; projects: number; projectTypes: number };

type ImageRow = ImageTable;

export interface ImageLibrary {
  /** DATA_DIR/images */
  readonly dir: string;
  /** A new temporary folder inside `dir` (same file system: renames are atomic). */
  tempDir(): string;
  /**
   * Processes `input` (a file in a tempDir()) and stores it under a new name made from `fileName`.
   * `inTransaction` runs last in the transaction that writes its row (the journal's entry, issue
   * 28): when that transaction fails, the files put in place for it are removed.
   */
  store(input: string, workDir: string, fileName: string, inTransaction?: Stored): Promise<StoreResult>;
  /**
   * Stores the MP4 `video` (a file in workDir, already recognised by its content) as is, under a
   * new name made from `fileName`, with the still `poster` (a file in workDir) put through the
   * pipeline and stored as `<video stem>-affiche.<ext>`.
   */
  storeVideo(video: string, poster: string, workDir: string, fileName: string, inTransaction?: Stored): Promise<StoreVideoResult>;
  /**
   * Runs the pipeline on files that are not part of the library (the private photos of a quote
   * request, issue 17), in the same queue and worker: one outcome per job, output in each outDir.
   * `visitor`: behind every waiting run of the administrator (issue 34).
   */
  process(jobs: PipelineJob[], priority?: Priority): Promise<PipelineOutcome[]>;
  /**
   * Runs the demo images through the pipeline into `dir`; returns their rows. From the cache when
   * it has them, else their originals only (rows without widths, finished by finishDemoVariants).
   */
  importDemoImages(): Promise<ImageRow[]>;
  /**
   * Encodes the variants of the live demo images whose rows have none yet, puts their files in
   * place, then writes their widths (and their videos') into the rows. Returns how many it finished.
   */
  finishDemoVariants(): Promise<number>;
  /**
   * The link preview of the live library photo `name` (issue 34): its file, built from the photo's
   * 1600-px variant by the worker the first time (one at a time, behind the administrator's
   * uploads) and kept beside the variants; null for anything else (a variant, a video, a deleted
   * or unknown name, a photo whose variants are not encoded yet).
   */
  preview(name: string): Promise<string | null>;
  list(): Promise<ImageInfo[]>;
  /** Media of the given image names (those of the library only). */
  media(names: Iterable<string>): Promise<Map<string, Media>>;
  /** How a served file relates to the library: a live library file, a deleted one, or neither. */
  status(file: string): Promise<'library' | 'deleted' | 'other'>;
  /** Forgets the live files `status` remembers: another server process deleted an image. */
  forget(): void;
  /**
   * Deletes a live image that no project or project type uses: its row becomes a tombstone, then
   * its files go. A video goes with its poster (neither may be in use); a poster never goes alone.
   */
  remove(name: string, options?: RemoveOptions): Promise<RemoveResult>;
  /** Brings deleted rows back to life (a restore from the trash): their files are still there; false when one is no longer a tombstone. */
  revive(executor: Executor, names: string[]): Promise<boolean>;
  /** Erases the files of these deleted rows (the trash emptied): their rows stay as tombstones. */
  eraseFiles(executor: Executor, names: string[]): Promise<void>;
}

/** Run in an upload's transaction, its row written, before it commits: the new name. */
export type Stored = (trx: Executor, name: string) => Promise<void>;

export interface RemoveOptions {
  /** Run in the deletion's transaction with the rows going (the trash keeps them), before it commits: their names, and whether it is a video (with its poster). */
  inTransaction?: (trx: Executor, names: string[], video: boolean) => Promise<void>;
  /** The files stay until the trash lets them go (eraseFiles). */
  keepFiles?: boolean;
}

/** The files of these rows: each original, and an image's variants (a video's poster has its own row). */
/** Every file of these photos or videos: the original, its variants, its link preview (issue 34). */
const filesOf = (rows: ImageRow[]): string[] =>
  rows.flatMap((r) => [
    r.name,
    previewName(r.name),
    ...(r.poster ? [] : parseWidths(r.widths).flatMap((w) => [variantName(r.name, w, 'avif'), variantName(r.name, w, 'webp')])),
  ]);

export function createImageLibrary(db: Db, options: ImageLibraryOptions): ImageLibrary {
  const dir = join(options.dataDir, 'images');
  mkdirSync(dir, { recursive: true });
  // Temporary files and folders of a crash mid-upload, once an hour old: a younger one may be
  // another server process's at work on the same DATA_DIR (two processes starting together both
  // import the demo photos; removing the other's files made its start fail).
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith(TEMP_PREFIX) && isLeftover(join(dir, entry))) rmSync(join(dir, entry), { recursive: true, force: true });
  }
  const queue = serial();
  const building = new Map<string, Promise<string | null>>();
  const timeout = options.timeoutPerImageMs ?? 60_000;

  const live = createLiveFiles(db);
  const forget = live.forget;

  const tempDir = (): string => {
    const path = join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    mkdirSync(path);
    return path;
  };

  const demo = createDemoImport({
    db,
    dir,
    demoImagesDir: options.demoImagesDir,
    workerPath: options.workerPath,
    cacheDir: options.cacheDir,
    timeout,
    queue,
    tempDir,
  });

  /** Names that are taken: library rows (tombstones included) and files already there. */
  const takenNames = async (executor: Executor): Promise<Set<string>> => {
    const taken = new Set<string>();
    for (const name of await imageRows.allImageNames(executor)) taken.add(name.toLowerCase());
    for (const folder of [dir, options.demoImagesDir]) {
      try {
        for (const entry of readdirSync(folder)) taken.add(entry.toLowerCase());
      } catch {
        // no such folder
      }
    }
    return taken;
  };

  /**
   * Runs an upload's transaction, which puts its files in place under their new names and says so
   * (`placing`) before it writes their rows: when it fails, those files go (no row names them, no
   * page ever showed them), so a failed upload leaves nothing.
   */
  const installing = async <T>(transaction: (placing: (rows: ImageRow[]) => void) => Promise<T>): Promise<T> => {
    const placed: ImageRow[] = [];
    try {
      return await transaction((rows) => placed.push(...rows));
    } catch (error) {
      for (const file of filesOf(placed)) rmSync(join(dir, file), { force: true });
      throw error;
    }
  };

  const library: ImageLibrary = {
    dir,
    tempDir,

    store(input, workDir, fileName, inTransaction) {
      return queue(async () => {
        const [outcome] = await runWorker(options.workerPath, [{ input, outDir: workDir }], timeout);
        if (!outcome) throw new Error('image worker gave no answer');
        if (!outcome.ok) return outcome;
        // The name is chosen, the files put in place and the row written in one transaction:
        // another server process storing a photo of the same name waits, then sees this one taken.
        const name = await installing((placing) =>
          db.transaction().execute(async (trx) => {
            const free = freeName(await takenNames(trx), fileName, FORMATS[outcome.format].ext);
            const row = rowOf(free, outcome, Date.now());
            placing([row]);
            install(workDir, dir, free, outcome.widths, true);
            await imageRows.insertImages(trx, [row]);
            await inTransaction?.(trx, free);
            return free;
          }),
        );
        return { ok: true, name };
      });
    },

    process(jobs, priority = 'owner') {
      return queue(() => runWorker(options.workerPath, jobs, timeout), priority);
    },

    storeVideo(video, poster, workDir, fileName, inTransaction) {
      return queue(async () => {
        if (!(await isWholeMp4(video))) return { ok: false, reason: 'videoDamaged' };
        const posterDir = join(workDir, 'poster-out');
        mkdirSync(posterDir);
        const [outcome] = await runWorker(options.workerPath, [{ input: poster, outDir: posterDir }], timeout);
        if (!outcome) throw new Error('image worker gave no answer');
        if (!outcome.ok) return { ok: false, reason: 'poster', poster: outcome.reason };
        const size = (await stat(video)).size;
        // Names, files and rows in one transaction, as for a photo.
        return installing((placing) => db.transaction().execute(async (trx) => {
          const taken = await takenNames(trx);
          const name = freeName(taken, fileName, VIDEO_EXT);
          taken.add(name);
          const posterName = freeName(taken, posterBaseName(name), FORMATS[outcome.format].ext);
          const now = Date.now();
          const posterRow = rowOf(posterName, outcome, now);
          const videoRow = videoRowOf(name, size, posterRow, now);
          // Files first (the poster's, then the video), rows last, both in one transaction.
          placing([posterRow, videoRow]);
          install(posterDir, dir, posterName, outcome.widths, true);
          renameSync(video, join(dir, name));
          await imageRows.insertImages(trx, [posterRow, videoRow]);
          await inTransaction?.(trx, name);
          return { ok: true as const, name, poster: posterName };
        }));
      });
    },

    async preview(name) {
      if (parseVariantName(name)) return null;
      const [row] = await imageRows.imagesByName(db, [name]);
      if (!row || row.deleted_at !== null || !row.type.startsWith('image/')) return null;
      const widths = parseWidths(row.widths);
      if (widths.length === 0) return null;
      const source = widths.includes(PREVIEW_SOURCE_WIDTH) ? PREVIEW_SOURCE_WIDTH : Math.max(...widths);
      const path = join(dir, previewName(name));
      if (existsSync(path)) return path;
      // One build per name, however many ask for it at once; builds wait in the worker's queue.
      let pending = building.get(name);
      if (!pending) {
        pending = queue(async () => {
          if (existsSync(path)) return path;
          const work = tempDir();
          try {
            const [outcome] = await runWorker(options.workerPath, [{ input: join(dir, variantName(name, source, 'webp')), outDir: work, preview: OG_IMAGE }], timeout);
            if (!outcome?.ok) return null;
            renameSync(join(work, 'preview.jpg'), path);
            return path;
          } finally {
            rmSync(work, { recursive: true, force: true });
          }
        }, 'visitor').finally(() => building.delete(name));
        building.set(name, pending);
      }
      return pending;
    },

    ...demo,

    list: () => listImages(db, options.pagePhotos),
    media: (names) => mediaOf(db, names),

    status: live.status,

    forget,

    async revive(executor, names) {
      const rows = await imageRows.imagesByName(executor, names);
      if (rows.length !== names.length || rows.some((row) => row.deleted_at === null)) return false;
      await executor.updateTable('image').set({ deleted_at: null }).where('name', 'in', names).execute();
      forget();
      return true;
    },

    async eraseFiles(executor, names) {
      if (names.length === 0) return;
      const rows = (await imageRows.imagesByName(executor, names)).filter((row) => row.deleted_at !== null);
      for (const file of filesOf(rows)) rmSync(join(dir, file), { force: true });
    },

    async remove(name, removeOptions = {}) {
      forget();
      type Outcome = RemoveResult | { status: 'gone'; files: string[]; video: boolean };
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const usage = (names: string[]) => imageRows.imagesWithUsage(trx, names);
        const [row] = await usage([name]);
        if (!row) return { status: 'missing' };
        if ((await options.pagePhotos?.(trx))?.includes(name)) return { status: 'page' };
        if (await imageRows.isPosterOfVideo(trx, name)) return { status: 'poster' };
        // A video goes with its poster: neither may be in use (a poster's name may have been typed).
        const rows = row.poster ? [row, ...(await usage([row.poster]))] : [row];
        const projects = rows.reduce((sum, r) => sum + Number(r.projects ?? 0), 0);
        const projectTypes = rows.reduce((sum, r) => sum + Number(r.project_types ?? 0), 0);
        if (projects > 0 || projectTypes > 0) return { status: 'used', projects, projectTypes };
        // The rows stay as tombstones: the names are never given to other content.
        await imageRows.markDeleted(trx, rows.map((r) => r.name), Date.now());
        await removeOptions.inTransaction?.(trx, rows.map((r) => r.name), row.poster !== null);
        return { status: 'gone', files: filesOf(rows), video: row.poster !== null };
      });
      forget();
      if (outcome.status !== 'gone') return outcome;
      if (!removeOptions.keepFiles) for (const file of outcome.files) rmSync(join(dir, file), { force: true });
      return { status: 'deleted', video: outcome.video };
    },
  };
  return library;
}
