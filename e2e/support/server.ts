// Starts the production server as `npm start` does (build when stale, migrate, seed), on a free
// loopback port and a fresh DATA_DIR, and stops it afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { advanceChildClock } from '../../server/test/testClock.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export const ADMIN_EMAIL = 'admin@atelier.test';
export const ADMIN_PASSWORD = 'Bois-franc-2026';

export interface RunningServer {
  origin: string;
  pid: number;
  dataDir: string;
  output: () => string;
  /** Moves the server's clock `ms` forward instead of waiting (started with `clock: true` only). */
  advanceClock(ms: number): Promise<void>;
  stop(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The environment and node options `npm start` gives the server (package.json), so a bench measures the same process. */
export function npmStartCommand(): { env: Record<string, string>; options: string[] } {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const match = /^((?:[A-Z_]+=\S+ )*)node((?: --\S+)*) server\/start\.ts$/.exec(scripts.start ?? '');
  if (!match) throw new Error(`npm start is no longer "[VAR=value …] node [options] server/start.ts": ${scripts.start}`);
  const words = (text: string | undefined) => (text ?? '').split(' ').filter((word) => word !== '');
  const env = Object.fromEntries(words(match[1]).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  return { env, options: words(match[2]) };
}

export async function startServer(
  env: Record<string, string> = {},
  /**
   * What node runs: server/start.ts (build when stale, like `npm start`), or server/main.ts (no
   * build). `clock`: the same through server/test/clockedServer.ts, whose clock the test moves
   * (advanceClock) over an IPC channel; only for entry server/start.ts or server/main.ts.
   */
  { entry = 'server/start.ts', nodeOptions = [], clock = false }: { entry?: string; nodeOptions?: string[]; clock?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'atelier-e2e-'));
  const port = await freePort();
  let log = '';
  if (clock && entry !== 'server/start.ts' && entry !== 'server/main.ts') throw new Error(`no test clock for ${entry}`);
  const script = clock ? ['server/test/clockedServer.ts', ...(entry === 'server/start.ts' ? ['--build'] : [])] : [entry];
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, ...script], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...env,
    },
    stdio: clock ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 180_000; // a first build can take a while on 2 cores
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const answer = await fetch(`${origin}/api/menu`);
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    origin,
    pid: child.pid as number,
    dataDir,
    output: () => log,
    async advanceClock(ms) {
      if (!clock) throw new Error('startServer(…, { clock: true }) for a clock the test moves');
      await advanceChildClock(child, ms);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
