// The demo images go through the same pipeline as uploads at seeding, keeping their names. Their
// output is kept in a content-addressed cache (key: SHA-256 of the pipeline version and the
// input), filled atomically (temporary folder + rename), so that seeding a fresh DATA_DIR — dozens
// of times in the tests — copies files instead of encoding 60 photos again.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { patterns } from '../../contract/limits.ts';
import { PIPELINE_VERSION, TEMP_PREFIX, type PipelineJob, type PipelineOutcome } from './rules.ts';
import { runWorker } from './workerRunner.ts';

const sha256 = (...parts: Array<string | Buffer>): string => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

/** What the worker answered for the image, in its cache folder. */
const RESULT = 'result.json';
const LOCK = '.lock';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the process `pid` (a number as text) still runs. */
function alive(pid: string): boolean {
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DemoCacheOptions {
  demoImagesDir: string;
  workerPath: string;
  cacheDir: string;
  timeoutPerImageMs?: number;
  /** Only these demo files (default: all). */
  only?: ReadonlySet<string>;
}

/** The demo images (server/demo/images) and their cache keys. */
export function demoInputs(demoImagesDir: string): Array<{ file: string; path: string; key: string }> {
  return readdirSync(demoImagesDir)
    .filter((file) => patterns.ImageName.test(file) && /\.(jpe?g|png|webp|avif|gif)$/i.test(file))
    .sort()
    .map((file) => {
      const path = join(demoImagesDir, file);
      return { file, path, key: sha256(PIPELINE_VERSION, '\0', readFileSync(path)) };
    });
}

/**
 * Runs `jobs` in two workers when the machine has two cores or more (AVIF encoding is mostly
 * single-threaded); one outcome per job, in order.
 */
export async function runWorkers(workerPath: string, jobs: PipelineJob[], timeoutPerImageMs?: number): Promise<PipelineOutcome[]> {
  if (jobs.length === 0) return [];
  const workers = Math.max(1, Math.min(2, availableParallelism(), jobs.length));
  const share = Math.ceil(jobs.length / workers);
  const slices = Array.from({ length: workers }, (_, w) => jobs.slice(w * share, (w + 1) * share));
  return (await Promise.all(slices.map((slice) => runWorker(workerPath, slice, timeoutPerImageMs)))).flat();
}

/**
 * Makes sure `cacheDir/<key>/` holds the pipeline output of every demo image (key: SHA-256 of
 * the pipeline version and the file's bytes), encoding only what is missing, in one worker.
 * Entries appear atomically (a temporary folder renamed); a lock folder keeps two processes
 * (parallel test workers) from encoding the same images at once. Returns the demo files and keys.
 */
export async function fillDemoCache(options: DemoCacheOptions): Promise<Array<{ file: string; path: string; key: string }>> {
  const inputs = demoInputs(options.demoImagesDir).filter((input) => options.only?.has(input.file) ?? true);
  const missing = () => inputs.filter((input) => !existsSync(join(options.cacheDir, input.key, RESULT)));
  if (missing().length === 0) return inputs;
  mkdirSync(options.cacheDir, { recursive: true });
  const lock = join(options.cacheDir, LOCK);
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      // Another process is encoding: wait for it, or take over a lock left by a dead process (a
      // server stopped while it encoded in the background): its pid is gone, it never wrote one
      // (10 s after taking it), or it is too old.
      try {
        const age = Date.now() - statSync(lock).mtimeMs;
        const owner = existsSync(join(lock, 'pid')) ? readFileSync(join(lock, 'pid'), 'utf8') : '';
        if (age > 10 * 60_000 || (owner ? !alive(owner) : age > 10_000)) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await sleep(250);
      if (missing().length === 0) return inputs;
    }
  }
  try {
    // Temporary folders of a holder that died: only the lock's holder makes them.
    for (const entry of readdirSync(options.cacheDir)) if (entry.startsWith(TEMP_PREFIX)) rmSync(join(options.cacheDir, entry), { recursive: true, force: true });
    const todo = missing();
    if (todo.length === 0) return inputs;
    const folders = todo.map(() => {
      const folder = join(options.cacheDir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
      mkdirSync(folder);
      return folder;
    });
    try {
      const jobs = todo.map((input, i) => ({ input: input.path, outDir: folders[i] as string }));
      const outcomes = await runWorkers(options.workerPath, jobs, options.timeoutPerImageMs);
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

/** The worker's outcome cached in `folder`; null when the pipeline refused the image. */
export function cachedOutcome(folder: string): Extract<PipelineOutcome, { ok: true }> | null {
  const result = join(folder, RESULT);
  return existsSync(result) ? (JSON.parse(readFileSync(result, 'utf8')) as Extract<PipelineOutcome, { ok: true }>) : null;
}
