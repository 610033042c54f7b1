// The image library: DATA_DIR/images/<Name> (the upright, metadata-free original) beside its
// variants <Name>.<w>.avif and <Name>.<w>.webp, and one row per image in the `image` table.
//
// - Processing runs in a worker process, one at a time (workerRunner.ts).
// - Files are written into a temporary folder of DATA_DIR/images (a dot name, never served nor
//   backed up), then renamed into place, variants first and the original last, then the row is
//   inserted: a crash never leaves a half-written file under a final name, and a refusal leaves
//   nothing. Leftover temporary folders are removed at start-up.
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
import { closeSync, copyFileSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageInfo, Media } from '../../contract/api.ts';
import { patterns } from '../../contract/limits.ts';
import type { Db } from '../db/database.ts';
import type { ImageTable } from '../db/schema.ts';
import * as imageRows from './image.repository.ts';
import type { Executor } from '../db/executor.ts';
import { cachedOutcome, demoInputs, fillDemoCache, runWorkers } from './demoCache.ts';
import { candidateNames, FORMATS, parseVariantName, TEMP_PREFIX, variantName, type PipelineJob, type PipelineOutcome } from './rules.ts';
import { demoPosterName, isWholeMp4, posterBaseName, sniffFtyp, SNIFF_BYTES, VIDEO_EXT, VIDEO_TYPE } from './video.ts';
import { runWorker, serial } from './workerRunner.ts';

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

type Processed = Extract<PipelineOutcome, { ok: true }>;
type ImageRow = ImageTable;

export interface ImageLibrary {
  /** DATA_DIR/images */
  readonly dir: string;
  /** A new temporary folder inside `dir` (same file system: renames are atomic). */
  tempDir(): string;
  /** Processes `input` (a file in a tempDir()) and stores it under a new name made from `fileName`. */
  store(input: string, workDir: string, fileName: string): Promise<StoreResult>;
  /**
   * Stores the MP4 `video` (a file in workDir, already recognised by its content) as is, under a
   * new name made from `fileName`, with the still `poster` (a file in workDir) put through the
   * pipeline and stored as `<video stem>-affiche.<ext>`.
   */
  storeVideo(video: string, poster: string, workDir: string, fileName: string): Promise<StoreVideoResult>;
  /**
   * Runs the pipeline on files that are not part of the library (the private photos of a quote
   * request, issue 17), in the same queue and worker: one outcome per job, output in each outDir.
   */
  process(jobs: PipelineJob[]): Promise<PipelineOutcome[]>;
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
  remove(name: string): Promise<RemoveResult>;
}

const parseWidths = (text: string): number[] => (JSON.parse(text) as number[]).filter((w) => Number.isInteger(w) && w > 0);

const rowOf = (name: string, p: Processed, createdAt: number): ImageRow => ({
  name,
  type: FORMATS[p.format].type,
  width: p.width,
  height: p.height,
  bytes: p.bytes,
  widths: JSON.stringify(p.widths),
  created_at: createdAt,
  deleted_at: null,
  poster: null,
});

/** The row of a video: its own type and size, its poster's dimensions and variant widths. */
const videoRowOf = (name: string, bytes: number, poster: ImageRow, createdAt: number): ImageRow => ({
  ...poster,
  name,
  type: VIDEO_TYPE,
  bytes,
  created_at: createdAt,
  poster: poster.name,
});

/** Copies `from` to `dir/name` through a temporary name: the final name only ever holds a whole file. */
function copyInto(from: string, dir: string, name: string): void {
  const partial = join(dir, `${TEMP_PREFIX}${randomBytes(6).toString('hex')}-${name}`);
  copyFileSync(from, partial);
  renameSync(partial, join(dir, name));
}

/** Moves the worker output of `outDir` into `dir` under `name`: variants first, the original last. */
function install(outDir: string, dir: string, name: string, widths: number[], move: boolean): void {
  const put = (from: string, to: string) => {
    if (move) {
      renameSync(join(outDir, from), join(dir, to));
    } else {
      copyInto(join(outDir, from), dir, to);
    }
  };
  for (const w of widths) {
    put(`${w}.avif`, variantName(name, w, 'avif'));
    put(`${w}.webp`, variantName(name, w, 'webp'));
  }
  put('original', name);
}

/** The first name of `candidateNames(fileName, ext)` that is not taken. */
function freeName(taken: Set<string>, fileName: string, ext: string): string {
  for (const candidate of candidateNames(fileName, ext)) {
    if (!taken.has(candidate) && patterns.ImageName.test(candidate)) return candidate;
  }
  throw new Error('unreachable: candidateNames never ends');
}

/** The first SNIFF_BYTES bytes of a file. */
function readHead(path: string): Buffer {
  const head = Buffer.alloc(SNIFF_BYTES);
  const fd = openSync(path, 'r');
  try {
    return head.subarray(0, readSync(fd, head, 0, SNIFF_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

const LIVE_FILES_MAX = 50_000;

export function createImageLibrary(db: Db, options: ImageLibraryOptions): ImageLibrary {
  const dir = join(options.dataDir, 'images');
  mkdirSync(dir, { recursive: true });
  // Temporary folders of a previous run (a crash mid-upload).
  for (const entry of readdirSync(dir)) if (entry.startsWith(TEMP_PREFIX)) rmSync(join(dir, entry), { recursive: true, force: true });
  const queue = serial();
  const timeout = options.timeoutPerImageMs ?? 60_000;

  // The live library files `status` has seen: nearly every file a visitor loads, and only a
  // deletion makes one anything else. Remembered until a deletion, here (dropped when it starts
  // and when it is written, and a lookup that overlapped it is not kept) or in another process
  // (`forget`, on its change notice); no query for them meanwhile.
  const liveFiles = new Set<string>();
  let generation = 0;
  const forget = () => {
    generation++;
    liveFiles.clear();
  };
  const statusOf = async (file: string): Promise<'library' | 'deleted' | 'other'> => {
    const variant = parseVariantName(file);
    const names = variant ? [file, variant.name] : [file];
    const rows = await imageRows.imagesByName(db, names);
    const own = rows.find((row) => row.name === file);
    if (own) return own.deleted_at === null ? 'library' : 'deleted';
    const base = variant ? rows.find((row) => row.name === variant.name) : undefined;
    if (!base || !variant) return 'other';
    if (base.deleted_at !== null) return 'deleted';
    return parseWidths(base.widths).includes(variant.width) ? 'library' : 'other';
  };

  const tempDir = (): string => {
    const path = join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    mkdirSync(path);
    return path;
  };

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

  const library: ImageLibrary = {
    dir,
    tempDir,

    store(input, workDir, fileName) {
      return queue(async () => {
        const [outcome] = await runWorker(options.workerPath, [{ input, outDir: workDir }], timeout);
        if (!outcome) throw new Error('image worker gave no answer');
        if (!outcome.ok) return outcome;
        // The name is chosen, the files put in place and the row written in one transaction:
        // another server process storing a photo of the same name waits, then sees this one taken.
        const name = await db.transaction().execute(async (trx) => {
          const free = freeName(await takenNames(trx), fileName, FORMATS[outcome.format].ext);
          install(workDir, dir, free, outcome.widths, true);
          await imageRows.insertImages(trx, [rowOf(free, outcome, Date.now())]);
          return free;
        });
        return { ok: true, name };
      });
    },

    process(jobs) {
      return queue(() => runWorker(options.workerPath, jobs, timeout));
    },

    storeVideo(video, poster, workDir, fileName) {
      return queue(async () => {
        if (!(await isWholeMp4(video))) return { ok: false, reason: 'videoDamaged' };
        const posterDir = join(workDir, 'poster-out');
        mkdirSync(posterDir);
        const [outcome] = await runWorker(options.workerPath, [{ input: poster, outDir: posterDir }], timeout);
        if (!outcome) throw new Error('image worker gave no answer');
        if (!outcome.ok) return { ok: false, reason: 'poster', poster: outcome.reason };
        const size = (await stat(video)).size;
        // Names, files and rows in one transaction, as for a photo.
        return db.transaction().execute(async (trx) => {
          const taken = await takenNames(trx);
          const name = freeName(taken, fileName, VIDEO_EXT);
          taken.add(name);
          const posterName = freeName(taken, posterBaseName(name), FORMATS[outcome.format].ext);
          const now = Date.now();
          const posterRow = rowOf(posterName, outcome, now);
          const videoRow = videoRowOf(name, size, posterRow, now);
          // Files first (the poster's, then the video), rows last, both in one transaction.
          install(posterDir, dir, posterName, outcome.widths, true);
          renameSync(video, join(dir, name));
          await imageRows.insertImages(trx, [posterRow, videoRow]);
          return { ok: true as const, name, poster: posterName };
        });
      });
    },

    async importDemoImages() {
      const now = Date.now();
      const rows: ImageRow[] = [];
      const cached = (key: string) => (options.cacheDir === undefined ? null : cachedOutcome(join(options.cacheDir, key)));
      const inputs = demoInputs(options.demoImagesDir);
      const quickInputs: typeof inputs = [];
      for (const input of inputs) {
        const outcome = cached(input.key);
        if (!outcome) {
          quickInputs.push(input);
          continue;
        }
        install(join(options.cacheDir as string, input.key), dir, input.file, outcome.widths, false);
        rows.push(rowOf(input.file, outcome, now));
      }
      // Not in the cache: the originals only, now; their variants come from finishDemoVariants().
      const quick = quickInputs.map((i) => ({ ...i, outDir: tempDir() }));
      try {
        const outcomes = await queue(() => runWorkers(options.workerPath, quick.map((q) => ({ input: q.path, outDir: q.outDir, variants: false })), timeout));
        quick.forEach((q, i) => {
          const outcome = outcomes[i];
          if (!outcome?.ok) return; // refused by the pipeline: served from the demo folder as before
          install(q.outDir, dir, q.file, [], true);
          rows.push(rowOf(q.file, outcome, now));
        });
        // Demo videos: stored as is, like an upload, with their poster (imported just above).
        for (const file of readdirSync(options.demoImagesDir).sort()) {
          if (!file.endsWith(`.${VIDEO_EXT}`) || !patterns.ImageName.test(file)) continue;
          const poster = rows.find((row) => row.name === demoPosterName(file));
          const path = join(options.demoImagesDir, file);
          if (!poster || sniffFtyp(readHead(path)) !== 'mp4' || !(await isWholeMp4(path))) continue; // served from the demo folder as before
          copyInto(path, dir, file);
          rows.push(videoRowOf(file, statSync(path).size, poster, now));
        }
        return rows;
      } finally {
        for (const q of quick) rmSync(q.outDir, { recursive: true, force: true });
      }
    },

    async finishDemoVariants() {
      const demoFiles = new Set(demoInputs(options.demoImagesDir).map((i) => i.file));
      const pending = (await imageRows.imagesWithoutVariants(db)).filter((name) => demoFiles.has(name));
      if (pending.length === 0) return 0;
      // Without a persistent cache, a throwaway one inside DATA_DIR/images (moved from, then removed).
      const cacheDir = options.cacheDir ?? tempDir();
      try {
        const inputs = await queue(() => fillDemoCache({ ...options, cacheDir, only: new Set(pending) }));
        const done: Array<{ name: string; widths: number[] }> = [];
        for (const input of inputs) {
          const folder = join(cacheDir, input.key);
          const outcome = cachedOutcome(folder);
          if (!outcome) continue;
          const { widths } = outcome;
          install(folder, dir, input.file, widths, options.cacheDir === undefined); // files first…
          done.push({ name: input.file, widths });
        }
        // …then the rows (a video's carries its poster's widths), all at once.
        await db.transaction().execute(async (trx) => {
          for (const { name, widths } of done) await imageRows.setWidths(trx, name, widths);
        });
        return done.length;
      } finally {
        if (options.cacheDir === undefined) rmSync(cacheDir, { recursive: true, force: true });
      }
    },

    async list() {
      const [rows, pages] = await Promise.all([imageRows.listImagesWithUsage(db), options.pagePhotos?.(db) ?? []]);
      return rows.map((row) => ({
        Name: row.name,
        Type: row.type,
        Width: row.width,
        Height: row.height,
        Bytes: row.bytes,
        Widths: parseWidths(row.widths),
        ...(row.poster ? { Poster: row.poster } : {}),
        Projects: Number(row.projects ?? 0),
        ProjectTypes: Number(row.project_types ?? 0),
        Pages: pages.filter((name) => name === row.name).length,
      }));
    },

    async media(names) {
      const unique = [...new Set(names)].filter((name) => name !== '');
      const media = new Map<string, Media>();
      if (unique.length === 0) return media;
      const rows = await imageRows.liveImages(db, unique);
      for (const row of rows) {
        media.set(row.name, {
          Type: row.type,
          Width: row.width,
          Height: row.height,
          Widths: parseWidths(row.widths),
          ...(row.poster ? { Poster: row.poster } : {}),
        });
      }
      return media;
    },

    async status(file) {
      if (liveFiles.has(file)) return 'library';
      const started = generation;
      const status = await statusOf(file);
      if (status === 'library' && started === generation && liveFiles.size < LIVE_FILES_MAX) liveFiles.add(file);
      return status;
    },

    forget,

    async remove(name) {
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
        const files = rows.flatMap((r) => [
          r.name,
          ...(r.poster ? [] : parseWidths(r.widths).flatMap((w) => [variantName(r.name, w, 'avif'), variantName(r.name, w, 'webp')])),
        ]);
        return { status: 'gone', files, video: row.poster !== null };
      });
      forget();
      if (outcome.status !== 'gone') return outcome;
      for (const file of outcome.files) rmSync(join(dir, file), { force: true });
      return { status: 'deleted', video: outcome.video };
    },
  };
  return library;
}
