// npm run bench:api — loads three public calls, three server-rendered pages and one
// administrator call (GET /api/user/all/ with a bearer token: the access-token check, a database
// lookup on every such call) and, in the same run, a route answering a constant JSON of the same
// size from the same server (the ceiling: same hooks, no database, no serialization, no
// rendering). Public requests carry no cookie, as before: every answer hands out an XSRF cookie
// (and stays private), the ceiling's too. 50 connections, 10 s each, the call and its ceiling
// taking turns in slices of 2.5 s (compare() below). The server runs in a child
// process so the load generator does not share its event loop. With DATABASE_URL=postgres://…, on
// a throwaway database of that server (bench/processes.ts).
// With --processes N (PostgreSQL): the same calls through N `npm start` processes on one
// database behind the round-robin proxy of bench/processes.ts (no ceiling route there).
//   BENCH_SECONDS=3 npm run bench:api   (shorter run)
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchDatabase, startProcesses } from './processes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN_CALL = '/api/user/all/';
const ENDPOINTS = ['/api/randomprojects/7', '/api/projects/19', '/api/category/all/', '/welcome', '/project/1', '/typeslist/2', ADMIN_CALL];
const ADMIN = { email: 'bench@exemple.ca', password: 'motdepasse-bench' };
const XSRF = 'bench-xsrf-token';

async function serve(): Promise<void> {
  const { buildDemoApp } = await import('../server/demoApp.ts');
  // The ceiling, registered only here: a constant JSON body of the requested size.
  const bodies = new Map<number, string>();
  const { app, dataDir } = await buildDemoApp({
    root,
    label: 'portfolio-bench',
    passwordCost: { N: 1024, r: 8, p: 1 },
    admin: ADMIN,
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
    extend: (server) =>
      server.get<{ Params: { size: string } }>('/api/__bench/ceiling/:size', async (req, reply) => {
        const size = Math.min(Number(req.params.size) || 2, 1_000_000);
        let body = bodies.get(size);
        if (!body) {
          body = `["${'x'.repeat(Math.max(0, size - 4))}"]`;
          bodies.set(size, body);
        }
        return reply.type('application/json; charset=utf-8').send(body);
      }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ port });
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => rmSync(dataDir, { recursive: true, force: true }))
      .finally(() => process.exit(0));
  });
}

interface Row { name: string; rps: number; p99: number; bytes: number; errors: number }

async function load(url: string, name: string, bytes: number, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { name, rps: result.requests.average, p99: result.latency.p99, bytes, errors: result.errors + result.timeouts + result.non2xx };
}

/**
 * A call against its ceiling: SECONDS each, in slices that take turns in the order ABBA ABBA, so
 * that a change in the machine's speed during the run (it moves several times over within an
 * hour here) weighs on both alike. Throughput: each side's requests over its time; p99: the
 * median of its slices' p99s (one hiccup of the machine in one slice does not decide).
 */
const SLICES = 4;
async function compare(call: { url: string; name: string; headers: Record<string, string> }, ceiling: { url: string; name: string }, bytes: number): Promise<[Row, Row]> {
  const sides = [call, { ...ceiling, headers: {} }].map((side) => ({ ...side, slices: [] as autocannon.Result[] }));
  const order = Array.from({ length: SLICES }, (_, k) => (k % 2 === 0 ? [0, 1] : [1, 0])).flat();
  for (const i of order) {
    const side = sides[i]!;
    side.slices.push(await autocannon({ url: side.url, connections: CONNECTIONS, duration: SECONDS / SLICES, headers: side.headers }));
  }
  const [a, b] = sides.map(({ name, slices }): Row => {
    const p99s = slices.map((r) => r.latency.p99).sort((x, y) => x - y);
    return {
      name,
      rps: slices.reduce((sum, r) => sum + r.requests.total, 0) / slices.reduce((sum, r) => sum + r.duration, 0),
      p99: (p99s[SLICES / 2 - 1]! + p99s[SLICES / 2]!) / 2,
      bytes,
      errors: slices.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    };
  });
  return [a!, b!];
}

/** The administrator's bearer header. */
async function signIn(base: string): Promise<Record<string, string>> {
  const { createHash } = await import('node:crypto');
  const answer = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'application/json' },
    body: JSON.stringify({ Email: ADMIN.email, Pwd: createHash('md5').update(ADMIN.password).digest('hex') }),
  });
  return { authorization: `Bearer ${((await answer.json()) as { Token: string }).Token}` };
}

/** --processes N: the calls through N processes behind the proxy; the target's p99 only (no ceiling). */
async function runProcesses(count: number): Promise<void> {
  const { buildIfStale } = await import('../server/build.ts');
  if (!buildIfStale(root)) throw new Error('npm run build failed');
  const database = await benchDatabase();
  try {
    const target = await startProcesses(count, database.url, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SCRYPT_N: '1024', LOG_LEVEL: 'silent' });
    try {
      console.log(`API bench: ${CONNECTIONS} connections, ${SECONDS} s per run, ${database.label}, ${count} processes behind a round-robin proxy (pids ${target.pids.join(', ')})\n`);
      const bearer = await signIn(target.base);
      let ok = true;
      for (const path of ENDPOINTS) {
        const headers = path === ADMIN_CALL ? bearer : {};
        const size = Buffer.byteLength(await (await fetch(target.base + path, { headers })).text());
        await load(target.base + path, 'warm-up', size, headers).catch(() => undefined);
        const row = await load(target.base + path, `GET ${path}`, size, headers);
        console.log(format(row));
        if (path !== ADMIN_CALL && (row.p99 > 20 || row.errors > 0)) ok = false;
      }
      console.log(`\nTarget (public calls and pages): p99 <= 20 ms -> ${ok ? 'met' : 'NOT met'}`);
      if (!ok) process.exitCode = 1;
    } finally {
      await target.stop();
    }
  } finally {
    await database.drop();
  }
}

async function run(): Promise<void> {
  // The pages are rendered by dist/server/render.cjs: build it first if needed.
  const { buildIfStale } = await import('../server/build.ts');
  if (!buildIfStale(root)) throw new Error('npm run build failed');
  const database = await benchDatabase();
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], {
    stdio: 'inherit',
    env: { ...process.env, ...(database.url ? { BENCH_DATABASE_URL: database.url } : {}) },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  console.log(`API bench: ${CONNECTIONS} connections, ${SECONDS} s per call and as much for its ceiling, in slices taking turns (ABBA ABBA), ${database.label}, server pid ${child.pid}\n`);
  const rows: Array<[Row, Row]> = [];
  try {
    const bearer = await signIn(base);
    for (const path of ENDPOINTS) {
      const headers = path === ADMIN_CALL ? bearer : {};
      const size = Buffer.byteLength(await (await fetch(base + path, { headers })).text());
      await load(base + path, 'warm-up', size, headers).catch(() => undefined); // JIT and caches, not reported
      const [endpoint, ceiling] = await compare({ url: base + path, name: `GET ${path}`, headers }, { url: `${base}/api/__bench/ceiling/${size}`, name: `  ceiling (constant ${size} B)` }, size);
      rows.push([endpoint, ceiling]);
      console.log(format(endpoint, ceiling));
      console.log(format(ceiling));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.disconnect();
    await exited;
    await database.drop();
  }
  // The budget is the public reads' and pages' (README): the administrator's call is measured for
  // the cost of its access-token check, beside them, with no budget of its own.
  const ok = rows.filter((_row, i) => ENDPOINTS[i] !== ADMIN_CALL).every(([e, c]) => e.p99 <= 20 && e.rps >= c.rps / 2 && e.errors === 0);
  console.log(`\nTarget (public calls and pages): p99 <= 20 ms and >= 50 % of the ceiling -> ${ok ? 'met' : 'NOT met'}`);
  if (!ok) process.exitCode = 1;
}

function format(row: Row, ceiling?: Row): string {
  const share = ceiling ? `  ${((100 * row.rps) / ceiling.rps).toFixed(0).padStart(3)} % of ceiling` : '';
  return `${row.name.padEnd(34)} ${row.rps.toFixed(0).padStart(7)} req/s   p99 ${String(row.p99).padStart(3)} ms   ${String(row.bytes).padStart(5)} B   errors ${row.errors}${share}`;
}

const processesArg = process.argv.indexOf('--processes');
if (process.argv.includes('--serve')) await serve();
else if (processesArg > 0) await runProcesses(Number(process.argv[processesArg + 1]));
else await run();
