// npm run bench:load — 100 concurrent visitors browse for 30 s (the SPA page, its scripts and
// styles, the menu, the carousel, galleries, projects, their photos as a phone loads them) while an administrator signs in
// and writes once a second, in a thread of its own (updates a project, adds and deletes a category). Reports
// throughput, p50/p99 latency and errors; exits 1 on any error or a p99 above 100 ms. In twelve
// slices on the same server (4 × 30 s in all), without the page views' beacons and with them in
// the order ABBA ABBA ABBA, each visit a person of its own
// (a browser's user agent, its own address): counting views (issue 30) must keep the throughput
// (requests per second) and the visitors' p99 within 10 % of those without it.
// Then the hostile run (issue 19): a server with the production scrypt cost, where 32 loops sign
// in with a random e-mail from a random address (as if through a proxy: a botnet, so neither
// sign-in limit helps and only the hashing gate does) while the visitors browse; the visitors'
// p99 must stay under 100 ms and the server's peak memory (VmHWM) under 300 MB.
// The server runs as `npm start` runs it (its node options), in its own process(es): on SQLite in
// a throwaway DATA_DIR, or with DATABASE_URL=postgres://… on a throwaway database of that server
// (bench/processes.ts); with --processes N (PostgreSQL), N processes on one database and one
// DATA_DIR behind a round-robin proxy on one port, as behind a reverse proxy (issue 16).
// Only 127.0.0.1, throwaway DATA_DIRs and databases, bounded in time, stops by itself.
//   BENCH_SECONDS=10 BENCH_VISITORS=100 npm run bench:load
//   npm run bench:load -- --hostile      the hostile run alone (--no-hostile: without it)
//   DATABASE_URL=postgres://postgres@127.0.0.1:54329/postgres npm run bench:load -- --processes 2
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { benchDatabase, startProcesses, type Processes } from './processes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const VISITORS = Number(process.env.BENCH_VISITORS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const P99_BUDGET_MS = 100;
const MEMORY_BUDGET_MB = 300;
const ATTACK_LOOPS = Number(process.env.BENCH_ATTACK_LOOPS ?? 32);
const ADMIN_EMAIL = 'bench@exemple.ca';
const ADMIN_PASSWORD = 'motdepasse-bench';
const XSRF = 'bench-xsrf-token';

const processesArg = process.argv.indexOf('--processes');
const PROCESSES = processesArg > 0 ? Number(process.argv[processesArg + 1]) : 1;

/** The servers of one run, on a throwaway database; stops both. */
async function servers(env: Record<string, string>): Promise<Processes & { label: string }> {
  const database = await benchDatabase();
  try {
    const started = await startProcesses(PROCESSES, database.url, { ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', ...env });
    const label = `${database.label}, ${PROCESSES} process${PROCESSES > 1 ? 'es behind a round-robin proxy' : ''}`;
    return { ...started, label, stop: () => started.stop().finally(() => database.drop()) };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

interface Project { Id: number; ProjectTypeId: number; Image: string }

type Step = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

/** A phone's browser: a person's view (the statistics count no bot, issue 30). */
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** The beacon a browser sends once a page is shown (issue 30; src/lib/viewSend.ts). */
const view = (page: string, referrer: string): Step => ({
  method: 'POST',
  path: '/api/stats/view',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ Path: page, Referrer: referrer }),
});

/**
 * What one visitor does, over and over: the pages of the site and the calls they make; with
 * `views`, each page's beacon too, the first with a search engine as referrer, as browsers send
 * them since issue 30.
 */
async function browsingPath(base: string, { views }: { views: boolean }): Promise<Step[]> {
  const projects = (await (await fetch(`${base}/api/project/all/`)).json()) as Project[];
  const get = (path: string): Step => ({ method: 'GET', path });
  const page = (path: string, referrer: string): Step[] => (views ? [get(path), view(path, referrer)] : [get(path)]);
  const path = [get('/api/menu'), get('/api/randomprojects/7'), get('/api/category/all/')];
  const index = join(root, 'dist', 'index.html');
  if (existsSync(index)) {
    // The server-rendered pages a visitor opens and the files they load.
    const html = readFileSync(index, 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
    const [first, ...more] = ['/welcome', '/typeslist/2', `/project/${projects[0]?.Id ?? 1}`];
    path.unshift(...page(first!, 'https://www.google.com/'), ...assets.map(get), ...more.flatMap((p) => page(p, '')));
  }
  for (const typeId of [2, 6, 11, 15]) path.push(get(`/api/projecttype/${typeId}`));
  for (const typeId of [1, 19, 20, 21]) path.push(get(`/api/projects/${typeId}`), get(`/api/subtype/${typeId}`));
  // Each project's photo as a phone's page loads it: its 800-px AVIF (not the 66-KB original no
  // page shows: autocannon copies every body into a string, and those copies took 43 % of the
  // bench's CPU, leaving it, not the server, the limit on these 2 cores).
  for (const p of projects.slice(0, 6)) path.push(get(`/api/project/${p.Id}`), get(`/assets/images/${p.Image}.800.avif`));
  return path;
}

/**
 * Each visit a person of its own: a browser's user agent and, through the server's trusted proxy
 * (TRUST_PROXY=127.0.0.1), an address of its own, set at the visit's first request.
 */
function asVisitors(requests: Step[]): autocannon.Request[] {
  let visits = 0;
  return requests.map((step, index) => ({
    ...step,
    setupRequest(request: autocannon.Request, context: { address?: string }) {
      if (index === 0 || !context.address) {
        visits++;
        context.address = `10.${(visits >> 16) & 255}.${(visits >> 8) & 255}.${visits & 255}`;
      }
      return { ...request, headers: { ...request.headers, 'user-agent': BROWSER, 'x-forwarded-for': context.address } };
    },
  }));
}

/** The writes' latencies; the sign-in's apart (a password check is slow on purpose: scrypt, at the lowest priority). */
interface AdminStats { writes: number; errors: string[]; latencies: number[]; signInMs: number }

/** Signs in, then writes once a second until `until`. */
async function administrator(base: string, until: number): Promise<AdminStats> {
  const stats: AdminStats = { writes: 0, errors: [], latencies: [], signInMs: 0 };
  const { createHash } = await import('node:crypto');
  const headers = (token?: string) => ({ cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });
  const send = async (method: string, path: string, body: unknown, token?: string) => {
    const started = performance.now();
    const res = await fetch(base + path, { method, headers: headers(token), body: JSON.stringify(body) });
    const json = (await res.json()) as Record<string, unknown>;
    stats.latencies.push(performance.now() - started);
    if (res.status !== 200 || json.Result !== true) stats.errors.push(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const signingIn = performance.now();
  const login = await send('POST', '/api/login/', { Email: ADMIN_EMAIL, Pwd: createHash('md5').update(ADMIN_PASSWORD).digest('hex') });
  stats.signInMs = performance.now() - signingIn;
  stats.latencies.pop();
  const token = String(login.Token);
  const project = (await (await fetch(`${base}/api/project/1`)).json()) as Project;
  for (let i = 0; Date.now() < until; i++) {
    const tick = Date.now();
    if (i % 3 === 0) {
      await send('PUT', '/api/project/1', { Id: 1, Name: `Banc de parc n° ${i}`, Description: 'Mis à jour pendant le test de charge.', ProjectTypeId: project.ProjectTypeId, Image: project.Image }, token);
    } else if (i % 3 === 1) {
      await send('POST', '/api/category/', { Id: 0, Name: `Charge ${i}` }, token);
    } else {
      const categories = (await (await fetch(`${base}/api/category/all/`)).json()) as Array<{ Id: number; Name: string }>;
      const mine = categories.find((c) => c.Name.startsWith('Charge '));
      if (mine) await send('DELETE', `/api/category/${mine.Id}`, undefined, token);
    }
    stats.writes++;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - tick))));
  }
  return stats;
}

/**
 * The administrator, in a thread of its own: its latencies are then the server's, not the wait
 * for this thread's event loop, which is busy with the visitors' 100 connections (in this thread
 * a write the server handled in 2-5 ms was counted 30-130 ms).
 */
function administratorThread(base: string, until: number): Promise<AdminStats> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { base, until } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

interface AttackStats { attempts: number; statuses: Record<number, number>; errors: number }

/** Sign-in loops with a random e-mail and a random address each time, until `until`. */
async function attackers(base: string, until: number): Promise<AttackStats> {
  const stats: AttackStats = { attempts: 0, statuses: {}, errors: 0 };
  const { createHash, randomUUID, randomInt } = await import('node:crypto');
  const loop = async () => {
    while (Date.now() < until) {
      const address = `198.${randomInt(18, 20)}.${randomInt(256)}.${randomInt(1, 255)}`;
      try {
        const res = await fetch(`${base}/api/login/`, {
          method: 'POST',
          headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ Email: `${randomUUID()}@exemple.ca`, Pwd: createHash('md5').update(randomUUID()).digest('hex') }),
        });
        await res.arrayBuffer();
        stats.statuses[res.status] = (stats.statuses[res.status] ?? 0) + 1;
        // A refused attacker comes back at once (ignores Retry-After), as a flood would.
      } catch {
        stats.errors++;
      }
      stats.attempts++;
    }
  };
  await Promise.all(Array.from({ length: ATTACK_LOOPS }, loop));
  return stats;
}

/** Peak resident memory of a process (VmHWM), in MB. */
function peakMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

interface VisitorRun { requestsPerVisit: number; reqPerSec: number; p99: number; failures: string[] }

/**
 * Slices of the comparison: without the beacons (false) and with them (true), in the order
 * ABBA ABBA ABBA, so that a drift of the machine's speed weighs on both alike. Four runs of 30 s
 * (without, with, without, with) gave identical runs 15 % apart, more than the 10 % compared.
 */
const ORDER = [false, true, true, false, false, true, true, false, false, true, true, false];
const SLICE_SECONDS = Math.max(1, Math.round((4 * SECONDS) / ORDER.length));

/** The visitors without and with their views' beacons, slice by slice, while the administrator writes throughout. */
async function visitorsWhileWriting(base: string): Promise<{ without: VisitorRun; counted: VisitorRun }> {
  const requests = new Map<boolean, autocannon.Request[]>();
  for (const views of [false, true]) {
    requests.set(views, asVisitors(await browsingPath(base, { views })));
    // Warm-up (JIT, caches): 3 s, not reported.
    await autocannon({ url: base, connections: 20, duration: 3, requests: requests.get(views) });
  }
  const seconds = ORDER.length * SLICE_SECONDS;
  const admin = administratorThread(base, Date.now() + seconds * 1000);
  const slices: { views: boolean; result: autocannon.Result }[] = [];
  for (const views of ORDER) {
    slices.push({ views, result: await autocannon({ url: base, connections: VISITORS, duration: SLICE_SECONDS, requests: requests.get(views), timeout: 10 }) });
  }
  const writes = await admin;
  const summary = (views: boolean): VisitorRun => {
    const mine = slices.filter((slice) => slice.views === views).map((slice) => slice.result);
    const sum = (pick: (result: autocannon.Result) => number) => mine.reduce((total, result) => total + pick(result), 0);
    const reqPerSec = sum((r) => r.requests.total) / sum((r) => r.duration);
    const p99s = mine.map((r) => r.latency.p99);
    const p99 = sum((r) => r.latency.p99) / mine.length;
    const errors = sum((r) => r.errors + r.timeouts + r.non2xx);
    const codes = new Map<string, number>();
    for (const r of mine) for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) codes.set(code, (codes.get(code) ?? 0) + (stat as { count: number }).count);
    console.log(`\n${views ? 'With' : 'Without'} the views' beacons (${requests.get(views)?.length} requests per visit), ${mine.length} slices of ${SLICE_SECONDS} s`);
    console.log(`Visitors   ${sum((r) => r.requests.total)} requests, ${reqPerSec.toFixed(0)} req/s (slices ${mine.map((r) => r.requests.average.toFixed(0)).join(', ')})`);
    console.log(`           latency p99 ${p99.toFixed(0)} ms (slices ${p99s.join(', ')}), p50 ${mine.map((r) => r.latency.p50).join(', ')} ms, max ${Math.max(...mine.map((r) => r.latency.max))} ms`);
    console.log(`           status codes ${[...codes].map(([code, n]) => `${code}: ${n}`).join(', ')}; errors ${sum((r) => r.errors)}, timeouts ${sum((r) => r.timeouts)}, non-2xx ${sum((r) => r.non2xx)}`);
    const failures: string[] = [];
    if (errors > 0) failures.push(`${errors} visitor errors ${views ? 'with' : 'without'} the beacons`);
    if (p99 > P99_BUDGET_MS) failures.push(`visitor p99 ${p99.toFixed(0)} ms > ${P99_BUDGET_MS} ms ${views ? 'with' : 'without'} the beacons`);
    return { requestsPerVisit: requests.get(views)?.length ?? 0, reqPerSec, p99, failures };
  };
  const result = { without: summary(false), counted: summary(true) };
  console.log(`\nAdmin      ${writes.writes} writes, latency p50 ${percentile(writes.latencies, 50).toFixed(1)} ms, p99 ${percentile(writes.latencies, 99).toFixed(1)} ms, max ${Math.max(...writes.latencies).toFixed(1)} ms, errors ${writes.errors.length}; sign-in ${writes.signInMs.toFixed(0)} ms`);
  for (const error of writes.errors.slice(0, 5)) console.log(`           ${error}`);
  if (writes.errors.length > 0) result.without.failures.push(`${writes.errors.length} admin errors`);
  if (writes.writes < seconds - 2) result.without.failures.push(`only ${writes.writes} admin writes in ${seconds} s`);
  if (percentile(writes.latencies, 99) > P99_BUDGET_MS) result.without.failures.push(`admin p99 ${percentile(writes.latencies, 99).toFixed(0)} ms > ${P99_BUDGET_MS} ms`);
  return result;
}

async function run(): Promise<void> {
  // The sign-in cost of the tests' fast runs: the administrator signs in once; the hostile run uses
  // the production cost. Each visit is a person of its own, through 127.0.0.1 as trusted proxy.
  const target = await servers({ SCRYPT_N: '16384', TRUST_PROXY: '127.0.0.1' });
  const killer = setTimeout(() => void target.stop(), (4 * SECONDS + 180) * 1000);
  try {
    console.log(`Load: ${VISITORS} visitors for ${ORDER.length} slices of ${SLICE_SECONDS} s, an administrator writing every second (${target.label}; server pid ${target.pids.join(', ')})`);
    // Issue 30: counting views must keep the visitors' p99 and throughput within 10 % of what they
    // were without it. The same server, the same visits, without the beacons and with them, slice
    // by slice (ORDER): requests per second over all the slices of each, p99 their slices' mean.
    const { without, counted } = await visitorsWhileWriting(target.base);
    const failures = [...without.failures, ...counted.failures];
    // Throughput as this bench has always given it, requests per second (a visit with its beacons
    // is three requests longer: visits per second are given too, not budgeted).
    const throughput = counted.reqPerSec / without.reqPerSec;
    const visits = counted.reqPerSec / counted.requestsPerVisit / (without.reqPerSec / without.requestsPerVisit);
    // p99 in whole milliseconds: 10 %, but at least the 1 ms of its rounding.
    const p99Allowed = Math.max(without.p99 * 1.1, without.p99 + 1);
    console.log(
      `\nCounting views (issue 30: within 10 %): ${without.reqPerSec.toFixed(0)} → ${counted.reqPerSec.toFixed(0)} req/s (${(100 * throughput).toFixed(0)} %), ` +
        `visitors' p99 ${without.p99.toFixed(0)} → ${counted.p99.toFixed(0)} ms; visits per second ${(100 * visits).toFixed(0)} % of those without it`,
    );
    if (throughput < 0.9) failures.push(`throughput with views ${(100 * throughput).toFixed(0)} % of that without (< 90 %)`);
    if (counted.p99 > p99Allowed) failures.push(`visitors' p99 with views ${counted.p99.toFixed(0)} ms > ${p99Allowed.toFixed(0)} ms (10 % over ${without.p99.toFixed(0)} ms)`);
    console.log(failures.length === 0 ? `\nPASS: no error, p99 <= ${P99_BUDGET_MS} ms, counting within 10 %` : `\nFAIL: ${failures.join('; ')}`);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    clearTimeout(killer);
    await target.stop();
  }
  if (!process.argv.includes('--no-hostile')) await hostileRun();
}

/**
 * The server exactly as `npm start` runs it (its node options and environment, the production
 * scrypt cost), told that 127.0.0.1 is its proxy: the attackers' X-Forwarded-For addresses count.
 */
async function hostileRun(): Promise<void> {
  const server = await servers({ TRUST_PROXY: '127.0.0.1' });
  try {
    const base = server.base;
    const requests = await browsingPath(base, { views: false });
    await autocannon({ url: base, connections: 20, duration: 3, requests });
    const before = Math.max(...server.pids.map(peakMb));
    console.log(`\nHostile: ${VISITORS} visitors for ${SECONDS} s while ${ATTACK_LOOPS} loops sign in with random e-mails from random addresses (npm start's server, production scrypt, ${server.label}, pid ${server.pids.join(', ')}; peak ${before.toFixed(0)} MB before, its start-up included)`);
    const until = Date.now() + SECONDS * 1000;
    const [result, attack] = await Promise.all([
      autocannon({ url: base, connections: VISITORS, duration: SECONDS, requests, timeout: 10 }),
      attackers(base, until),
    ]);
    const peak = Math.max(...server.pids.map(peakMb));
    const visitorErrors = result.errors + result.timeouts + result.non2xx;
    const statuses = Object.entries(attack.statuses).map(([code, n]) => `${code}: ${n}`).join(', ');
    console.log(`Visitors   ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, errors ${visitorErrors}`);
    console.log(`Attackers  ${attack.attempts} sign-in attempts (${statuses}; network errors ${attack.errors})`);
    console.log(`Server     peak memory (VmHWM) ${peak.toFixed(0)} MB${server.pids.length > 1 ? ' (the larger process)' : ''}`);
    console.log('           (issue 19, before the gate: GET /welcome took 24 s, the server reached 638 MB)');
    const failures: string[] = [];
    if (visitorErrors > 0) failures.push(`${visitorErrors} visitor errors`);
    if (result.latency.p99 > P99_BUDGET_MS) failures.push(`visitor p99 ${result.latency.p99} ms > ${P99_BUDGET_MS} ms`);
    if (peak > MEMORY_BUDGET_MB) failures.push(`server peak ${peak.toFixed(0)} MB > ${MEMORY_BUDGET_MB} MB`);
    console.log(failures.length === 0 ? `\nPASS: visitors p99 <= ${P99_BUDGET_MS} ms, server <= ${MEMORY_BUDGET_MB} MB under the sign-in flood` : `\nFAIL: ${failures.join('; ')}`);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

if (!isMainThread) {
  const { base, until } = workerData as { base: string; until: number };
  parentPort?.postMessage(await administrator(base, until));
} else if (process.argv.includes('--hostile')) await hostileRun();
else await run();
