// The image worker (worker.ts) runs in a child process, one at a time per library (a queue): two
// uploads at once never hold two photos in memory, and the server's memory stays flat (the
// worker's is given back when it exits).
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PipelineJob, PipelineOutcome } from './rules.ts';

/**
 * How the server starts its image worker, chosen for the memory budget: server
 * and worker together at most 300 MB (measured by `npm run bench:images`):
 * - MALLOC_ARENA_MAX=2: fewer glibc malloc arenas for libvips' threads, less memory left in them;
 * - MALLOC_MMAP_THRESHOLD_: a fixed threshold turns off glibc's sliding one, under which a buffer
 *   freed by one step (the decoded photo, the AVIF encoder's frame) stayed in the heap and the next
 *   step's came on top of it; every large buffer now goes back to the system when freed
 *   (worker peak 222 -> 208 MB);
 * - a 1 MB V8 young generation: the worker's JavaScript allocates next to nothing.
 */
const WORKER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;
/**
 * Node's compile cache for the worker's modules (its TypeScript stripped and compiled once, not at
 * every start): a worker starts in about 280 ms instead of 375 (measured on the 2-core machine),
 * for every upload. In the temporary folder (private and writable under deploy/'s systemd unit);
 * a NODE_COMPILE_CACHE already set is kept.
 */
const COMPILE_CACHE = process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), 'node-compile-cache');
const WORKER_NODE_OPTIONS = ['--max-semi-space-size=1'] as const;

/** Who a worker run is for: the administrator's uploads go before visitors' photos (issue 34). */
export type Priority = 'owner' | 'visitor';

/**
 * One queue per library: runs go one after the other; when one ends, the next is the oldest
 * waiting run of the administrator (`owner`, the default), else the oldest of visitors.
 */
export function serial() {
  const waiting: Record<Priority, Array<() => void>> = { owner: [], visitor: [] };
  let busy = false;
  const next = () => {
    const start = waiting.owner.shift() ?? waiting.visitor.shift();
    busy = start !== undefined;
    start?.();
  };
  return <T>(task: () => Promise<T>, priority: Priority = 'owner'): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting[priority].push(() => {
        let run: Promise<T>;
        try {
          run = task();
        } catch (error) {
          run = Promise.reject(error as Error);
        }
        void run.then(resolve, reject).finally(next);
      });
      if (!busy) next();
    });
}

/** Runs the worker process on `jobs`; one outcome per job, in order. */
export function runWorker(workerPath: string, jobs: PipelineJob[], timeoutPerImageMs = 60_000): Promise<PipelineOutcome[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...WORKER_NODE_OPTIONS, workerPath], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...WORKER_ENV, NODE_COMPILE_CACHE: COMPILE_CACHE },
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
