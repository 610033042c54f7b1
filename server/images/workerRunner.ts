// The image worker (worker.ts) runs in a child process, one at a time per library (a queue): two
// uploads at once never hold two photos in memory, and the server's memory stays flat (the
// worker's is given back when it exits).
import { spawn } from 'node:child_process';
import { WORKER_ENV, WORKER_NODE_OPTIONS, type PipelineJob, type PipelineOutcome } from './rules.ts';

export /** One queue per library: jobs run one after the other. */
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
    const child = spawn(process.execPath, [...WORKER_NODE_OPTIONS, workerPath], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...WORKER_ENV }, // see rules.ts
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
