// The image library: DATA_DIR/images/<Name> (the upright, metadata-free original) beside its
// variants <Name>.<w>.avif and <Name>.<w>.webp, and one row per image in the `image` table.
//
// - Processing runs in a worker process (worker.ts), one at a time (a queue): two uploads at once
//   never hold two photos in memory, and the server's memory stays flat (the worker's is given
//   back when it exits).
// - Files are written into a temporary folder of DATA_DIR/images (a dot name, never served nor
//   backed up), then renamed into place, variants first and the original last, then the row is
//   inserted: a crash never leaves a half-written file under a final name, and a refusal leaves
//   nothing. Leftover temporary folders are removed at start-up.
// - Names are never reused: deleting an image keeps its row as a tombstone (deleted_at), so a
//   later upload of a file with the same name gets `-2`; URLs of the library can therefore be
//   cached for a year as immutable.
// - The demo images go through the same pipeline at seeding, keeping their names. Their output is
//   kept in a content-addressed cache (key: SHA-256 of the pipeline version and the input), filled
//   atomically (temporary folder + rename), so that seeding a fresh DATA_DIR — dozens of times in
//   the tests — copies files instead of encoding 60 photos again.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { ImageInfo, Media } from '../../src/api/generated.ts';
import type { Db } from '../db/database.ts';
import type { ImageTable } from '../db/schema.ts';
import {
  candidateNames,
  FORMATS,
  IMAGE_NAME,
  parseVariantName,
  PIPELINE_VERSION,
  variantName,
  type PipelineJob,
  type PipelineOutcome,
} from './rules.ts';

export interface ImageLibraryOptions {
  dataDir: string;
  /** Bundled demo images (server/demo/images). */
  demoImagesDir: string;
  /** server/images/worker.ts */
  workerPath: string;
  /** Where the pipeline output of the demo images is cached (none: no cache). */
  cacheDir?: string;
  /** Images the site's own pages show (welcome, about, contact): never deleted. */
  pageImages?: readonly string[];
  /** Longest a worker may take per image before it is stopped. */
  timeoutPerImageMs?: number;
}

export type StoreResult = { ok: true; name: string } | { ok: false; reason: Extract<PipelineOutcome, { ok: false }>['reason'] };

export type RemoveResult =
  | { status: 'deleted' }
  | { status: 'missing' }
  | { status: 'page' }
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
  /** Runs the demo images through the pipeline (or the cache) into `dir`; returns their rows. */
  importDemoImages(): Promise<ImageRow[]>;
  list(): Promise<ImageInfo[]>;
  /** Media of the given image names (those of the library only). */
  media(names: Iterable<string>): Promise<Map<string, Media>>;
  /** How a served file relates to the library: a live library file, a deleted one, or neither. */
  status(file: string): Promise<'library' | 'deleted' | 'other'>;
  /**
   * Deletes a live image that no project or project type uses: its row becomes a tombstone, then
   * its files go.
   */
  remove(name: string): Promise<RemoveResult>;
}

const TEMP_PREFIX = '.tmp-';

/** One queue per library: jobs run one after the other. */
function serial() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** Runs the worker process on `jobs`; one outcome per job, in order. */
export function runWorker(workerPath: string, jobs: PipelineJob[], timeoutPerImageMs = 60_000): Promise<PipelineOutcome[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [workerPath], {
      stdio: ['pipe', 'pipe', 'pipe'],
      // Fewer malloc arenas: less memory left fragmented by libvips' threads.
      env: { ...process.env, MALLOC_ARENA_MAX: '2' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutPerImageMs * Math.max(1, jobs.length));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const lines = out.split('\n').filter((line) => line.trim() !== '');
      if (code !== 0 || lines.length !== jobs.length) {
        reject(new Error(`image worker failed (code ${code}, signal ${signal}): ${err.slice(0, 2000)}`));
        return;
      }
      resolve(lines.map((line) => JSON.parse(line) as PipelineOutcome));
    });
    child.stdin.end(JSON.stringify(jobs));
  });
}

const sha256 = (...parts: Array<string | Buffer>): string => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

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
});

/** Moves the worker output of `outDir` into `dir` under `name`: variants first, the original last. */
function install(outDir: string, dir: string, name: string, widths: number[], move: boolean): void {
  const put = (from: string, to: string) => {
    if (move) {
      renameSync(join(outDir, from), join(dir, to));
    } else {
      // Copy beside the target, then rename: the final name only ever holds a whole file.
      const partial = join(dir, `${TEMP_PREFIX}${randomBytes(6).toString('hex')}-${to}`);
      copyFileSync(join(outDir, from), partial);
      renameSync(partial, join(dir, to));
    }
  };
  for (const w of widths) {
    put(`${w}.avif`, variantName(name, w, 'avif'));
    put(`${w}.webp`, variantName(name, w, 'webp'));
  }
  put('original', name);
}

const RESULT = 'result.json';
const LOCK = '.lock';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DemoCacheOptions {
  demoImagesDir: string;
  workerPath: string;
  cacheDir: string;
  timeoutPerImageMs?: number;
}

/**
 * Makes sure `cacheDir/<key>/` holds the pipeline output of every demo image (key: SHA-256 of
 * the pipeline version and the file's bytes), encoding only what is missing, in one worker.
 * Entries appear atomically (a temporary folder renamed); a lock folder keeps two processes
 * (parallel test workers) from encoding the same images at once. Returns the demo files and keys.
 */
export async function fillDemoCache(options: DemoCacheOptions): Promise<Array<{ file: string; path: string; key: string }>> {
  const inputs = readdirSync(options.demoImagesDir)
    .filter((file) => IMAGE_NAME.test(file) && /\.(jpe?g|png|webp|avif|gif)$/i.test(file))
    .sort()
    .map((file) => {
      const path = join(options.demoImagesDir, file);
      return { file, path, key: sha256(PIPELINE_VERSION, '\0', readFileSync(path)) };
    });
  const missing = () => inputs.filter((input) => !existsSync(join(options.cacheDir, input.key, RESULT)));
  if (missing().length === 0) return inputs;
  mkdirSync(options.cacheDir, { recursive: true });
  const lock = join(options.cacheDir, LOCK);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another process is encoding: wait for it (or take over a lock left by a dead process).
      try {
        if (Date.now() - statSync(lock).mtimeMs > 10 * 60_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await sleep(250);
      if (missing().length === 0) return inputs;
    }
  }
  try {
    const todo = missing();
    if (todo.length === 0) return inputs;
    const folders = todo.map(() => {
      const folder = join(options.cacheDir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
      mkdirSync(folder);
      return folder;
    });
    try {
      // Two workers share the list when the machine has two cores or more (AVIF encoding is
      // mostly single-threaded).
      const jobs = todo.map((input, i) => ({ input: input.path, outDir: folders[i] as string }));
      const workers = Math.max(1, Math.min(2, availableParallelism(), jobs.length));
      const share = Math.ceil(jobs.length / workers);
      const slices = Array.from({ length: workers }, (_, w) => jobs.slice(w * share, (w + 1) * share));
      const outcomes = (await Promise.all(slices.map((slice) => runWorker(options.workerPath, slice, options.timeoutPerImageMs)))).flat();
      todo.forEach((input, i) => {
        const outcome = outcomes[i];
        const folder = folders[i] as string;
        if (!outcome?.ok) return;
        writeFileSync(join(folder, RESULT), JSON.stringify(outcome));
        try {
          renameSync(folder, join(options.cacheDir, input.key)); // all of it or nothing
        } catch {
          // already there (filled by a process that did not take the lock): theirs is as good
        }
      });
    } finally {
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    }
    return inputs;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function createImageLibrary(db: Db, options: ImageLibraryOptions): ImageLibrary {
  const dir = join(options.dataDir, 'images');
  mkdirSync(dir, { recursive: true });
  // Temporary folders of a previous run (a crash mid-upload).
  for (const entry of readdirSync(dir)) if (entry.startsWith(TEMP_PREFIX)) rmSync(join(dir, entry), { recursive: true, force: true });
  const queue = serial();
  const timeout = options.timeoutPerImageMs ?? 60_000;

  const tempDir = (): string => {
    const path = join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    mkdirSync(path);
    return path;
  };

  /** Names that are taken: library rows (tombstones included) and files already there. */
  const takenNames = async (): Promise<Set<string>> => {
    const taken = new Set<string>();
    for (const row of await db.selectFrom('image').select('name').execute()) taken.add(row.name.toLowerCase());
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
        const taken = await takenNames();
        let name = '';
        for (const candidate of candidateNames(fileName, FORMATS[outcome.format].ext)) {
          if (!taken.has(candidate) && IMAGE_NAME.test(candidate)) {
            name = candidate;
            break;
          }
        }
        install(workDir, dir, name, outcome.widths, true);
        await db.insertInto('image').values(rowOf(name, outcome, Date.now())).execute();
        return { ok: true, name };
      });
    },

    async importDemoImages() {
      // Without a persistent cache, a throwaway one inside DATA_DIR/images (moved from, then removed).
      const cacheDir = options.cacheDir ?? tempDir();
      try {
        const inputs = await queue(() => fillDemoCache({ ...options, cacheDir }));
        const now = Date.now();
        const rows: ImageRow[] = [];
        for (const input of inputs) {
          const folder = join(cacheDir, input.key);
          if (!existsSync(join(folder, RESULT))) continue; // refused by the pipeline: served from the demo folder as before
          const outcome = JSON.parse(readFileSync(join(folder, RESULT), 'utf8')) as Processed;
          install(folder, dir, input.file, outcome.widths, options.cacheDir === undefined);
          rows.push(rowOf(input.file, outcome, now));
        }
        return rows;
      } finally {
        if (options.cacheDir === undefined) rmSync(cacheDir, { recursive: true, force: true });
      }
    },

    async list() {
      const rows = await db
        .selectFrom('image')
        .selectAll('image')
        .select((eb) => [
          eb.selectFrom('project').select(eb.fn.countAll<number>().as('n')).whereRef('project.image', '=', 'image.name').as('projects'),
          eb.selectFrom('project_type').select(eb.fn.countAll<number>().as('n')).whereRef('project_type.image', '=', 'image.name').as('project_types'),
        ])
        .where('deleted_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy(sql`rowid`, 'desc')
        .execute();
      return rows.map((row) => ({
        Name: row.name,
        Type: row.type,
        Width: row.width,
        Height: row.height,
        Bytes: row.bytes,
        Widths: parseWidths(row.widths),
        Projects: Number(row.projects ?? 0),
        ProjectTypes: Number(row.project_types ?? 0),
      }));
    },

    async media(names) {
      const unique = [...new Set(names)].filter((name) => name !== '');
      const media = new Map<string, Media>();
      if (unique.length === 0) return media;
      const rows = await db
        .selectFrom('image')
        .select(['name', 'type', 'width', 'height', 'widths'])
        .where('name', 'in', unique)
        .where('deleted_at', 'is', null)
        .execute();
      for (const row of rows) media.set(row.name, { Type: row.type, Width: row.width, Height: row.height, Widths: parseWidths(row.widths) });
      return media;
    },

    async status(file) {
      const variant = parseVariantName(file);
      const names = variant ? [file, variant.name] : [file];
      const rows = await db.selectFrom('image').select(['name', 'deleted_at', 'widths']).where('name', 'in', names).execute();
      const own = rows.find((row) => row.name === file);
      if (own) return own.deleted_at === null ? 'library' : 'deleted';
      const base = variant ? rows.find((row) => row.name === variant.name) : undefined;
      if (!base || !variant) return 'other';
      if (base.deleted_at !== null) return 'deleted';
      return parseWidths(base.widths).includes(variant.width) ? 'library' : 'other';
    },

    async remove(name) {
      const outcome = await db.transaction().execute(async (trx): Promise<RemoveResult & { widths?: number[] }> => {
        const row = await trx
          .selectFrom('image')
          .select('widths')
          .select((eb) => [
            eb.selectFrom('project').select(eb.fn.countAll<number>().as('n')).whereRef('project.image', '=', 'image.name').as('projects'),
            eb.selectFrom('project_type').select(eb.fn.countAll<number>().as('n')).whereRef('project_type.image', '=', 'image.name').as('project_types'),
          ])
          .where('name', '=', name)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!row) return { status: 'missing' };
        if (options.pageImages?.includes(name)) return { status: 'page' };
        const projects = Number(row.projects ?? 0);
        const projectTypes = Number(row.project_types ?? 0);
        if (projects > 0 || projectTypes > 0) return { status: 'used', projects, projectTypes };
        // The row stays as a tombstone: the name is never given to another image.
        await trx.updateTable('image').set({ deleted_at: Date.now() }).where('name', '=', name).execute();
        return { status: 'deleted', widths: parseWidths(row.widths) };
      });
      if (outcome.status === 'deleted') {
        const files = [name, ...(outcome.widths ?? []).flatMap((w) => [variantName(name, w, 'avif'), variantName(name, w, 'webp')])];
        for (const file of files) rmSync(join(dir, file), { force: true });
      }
      if (outcome.status === 'used') return { status: 'used', projects: outcome.projects, projectTypes: outcome.projectTypes };
      return { status: outcome.status };
    },
  };
  return library;
}
