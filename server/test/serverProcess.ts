// The real server (server/main.ts) in child processes, called over HTTP as the SPA does: the
// crash test and the several-processes test (server/test/processes.test.ts). Each runs through
// clockedServer.ts: the test moves the servers' clock (advanceClock) instead of waiting.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { md5hex } from '../auth/passwords.ts';
import { MIN_FILL_MS } from '../quotes/rules.ts';
import { serverEnv } from './database.ts';
import { repoRoot } from './helper.ts';
import { quoteForm } from './mailCatcher.ts';
import { advanceChildClock } from './testClock.ts';

export const XSRF = 'crash-test-xsrf';
export const EMAIL = 'crash@exemple.ca';
export const PASSWORD = 'motdepasse-crash';

export interface Server { child: ChildProcess; base: string; exited: Promise<number | null> }

/**
 * The test's clock, shared by its server processes: how far ahead of real time it is. A server
 * started later (a restart on the same DATA_DIR) starts at the same time, so time never goes back.
 */
let clockOffsetMs = 0;
const running = new Set<ChildProcess>();

/** Moves the clock of every running server (and of those started later) `ms` forward. */
export async function advanceClock(ms: number): Promise<void> {
  clockOffsetMs += ms;
  await Promise.all([...running].map((child) => advanceChildClock(child, ms)));
}

/** A server process on DATA_DIR (and its database in the PostgreSQL tests), listening on a free port. */
export async function start(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, [join(repoRoot, 'server', 'test', 'clockedServer.ts'), `--clock-offset=${clockOffsetMs}`], {
    // TRUST_PROXY: each quote request comes from its own X-Forwarded-For address (5 an hour each).
    env: { ...process.env, ...(await serverEnv(dataDir)), PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, SCRYPT_N: '1024', LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    running.delete(child);
    resolve(code);
  }));
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    // A guard, not a wait: a start usually takes 1-3 s, but a first start on an empty PostgreSQL
    // database (migrations, the demo seed) took more than 20 s on a loaded 2-core machine (the
    // crash test, once): the test's own timeout (120 s) bounds it.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return { child, base, exited };
}

export async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> & unknown[] }> {
  const res = await fetch(base + path, {
    method,
    headers: {
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & unknown[] };
}

/** A quote request as the SPA sends it, from its own address; true when acknowledged. */
export async function sendQuote(base: string, name: string, token: string, from: string): Promise<boolean> {
  const form = quoteForm({ Name: name, Email: 'client@exemple.ca', Phone: '', City: '', Work: 'Autre', Message: 'Une demande envoyée pendant le test de panne.', Consent: 'oui', Website: '', Token: token });
  const res = await fetch(`${base}/api/quote`, {
    method: 'POST',
    headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': form.contentType, 'x-forwarded-for': from },
    body: new Uint8Array(form.payload),
  });
  const json = (await res.json()) as { Result?: boolean };
  if (res.status !== 200 || json.Result !== true) throw new Error(JSON.stringify(json));
  return true;
}

/**
 * A form token old enough for the spam rule (MIN_FILL_MS): the servers' clock moves past it.
 * Tokens stay good across restarts (same key), once each.
 */
export async function quoteToken(base: string): Promise<string> {
  return (await quoteTokens(base, 1))[0] as string;
}

/** `count` form tokens, each good for one request (issue 34), old enough for the spam rule. */
export async function quoteTokens(base: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push(String((await call(base, 'GET', '/api/quote/form')).json.Token));
  await advanceClock(MIN_FILL_MS + 100);
  return tokens;
}

export async function login(base: string): Promise<string> {
  const res = await call(base, 'POST', '/api/login/', undefined, { Email: EMAIL, Pwd: md5hex(PASSWORD) });
  if (res.json.Result !== true) throw new Error(JSON.stringify(res.json));
  return String(res.json.Token);
}

