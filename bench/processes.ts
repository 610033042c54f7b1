// What the benchmarks need to run on PostgreSQL and on several server processes (issue 16):
// - DATABASE_URL=postgres://… npm run bench:… : the URL names a PostgreSQL server where the bench
//   may create a database; each run gets a throwaway one (created empty, dropped at the end), so a
//   bench never touches a real site's data;
// - several processes: real `npm start` servers on one database and one DATA_DIR, behind a small
//   round-robin TCP proxy on one port (each new connection goes to the next process), as a reverse
//   proxy in front of them would.
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npmStartCommand, startServer, type RunningServer } from '../e2e/support/server.ts';
import { createThrowawayDatabase } from '../e2e/support/throwawayDatabase.ts';

export interface BenchDatabase {
  /** DATABASE_URL of the throwaway database, or undefined on SQLite. */
  url: string | undefined;
  label: string;
  drop(): Promise<void>;
}

/** A throwaway database on the server of DATABASE_URL, or SQLite when it is unset. */
export async function benchDatabase(): Promise<BenchDatabase> {
  const server = process.env.DATABASE_URL;
  if (!server) return { url: undefined, label: 'SQLite', drop: async () => {} };
  const database = await createThrowawayDatabase(server, 'portfolio_bench_');
  return { ...database, label: 'PostgreSQL' };
}

export interface Processes {
  /** The one address the load goes to (the proxy's, or the only process's). */
  base: string;
  pids: number[];
  stop(): Promise<void>;
}

/** `count` servers as `npm start` runs them, on one DATA_DIR and `databaseUrl`; a proxy in front when more than one. */
export async function startProcesses(count: number, databaseUrl: string | undefined, env: Record<string, string>): Promise<Processes> {
  if (count > 1 && !databaseUrl) throw new Error('Several processes need PostgreSQL: DATABASE_URL=postgres://… (SQLite is one process by design)');
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-bench-'));
  const start = npmStartCommand();
  const servers: RunningServer[] = [];
  try {
    for (let i = 0; i < count; i++) {
      servers.push(
        await startServer(
          { ...start.env, ...env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
          { entry: 'server/main.ts', nodeOptions: start.options },
        ),
      );
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()));
    throw error;
  }
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (count === 1) return { base: servers[0]?.origin as string, pids: servers.map((s) => s.pid), stop: stopAll };

  const backends = servers.map((s) => new URL(s.origin));
  let next = 0;
  const proxy = createServer((client) => {
    const target = backends[next++ % backends.length] as URL;
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    pids: servers.map((s) => s.pid),
    async stop() {
      proxy.close();
      await stopAll();
    },
  };
}
