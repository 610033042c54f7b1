// Crash safety: the real server (server/main.ts) in a child process takes a stream of writes and
// is killed with SIGKILL in the middle, twice; restarted on the same DATA_DIR it opens, passes
// integrity_check, and holds every write that had been answered Result:true.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { md5hex } from '../auth/passwords.ts';
import { sql } from 'kysely';
import { build, repoRoot } from './helper.ts';

jest.setTimeout(60_000);

const XSRF = 'crash-test-xsrf';
const EMAIL = 'crash@exemple.ca';
const PASSWORD = 'motdepasse-crash';

interface Server { child: ChildProcess; base: string; exited: Promise<number | null> }

async function start(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, [join(repoRoot, 'server', 'main.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, SCRYPT_N: '1024', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
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

async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> & unknown[] }> {
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

async function login(base: string): Promise<string> {
  const res = await call(base, 'POST', '/api/login/', undefined, { Email: EMAIL, Pwd: md5hex(PASSWORD) });
  if (res.json.Result !== true) throw new Error(JSON.stringify(res.json));
  return String(res.json.Token);
}

/** Writes until the server dies; returns what was acknowledged (Result:true). */
async function writeUntilKilled(server: Server, round: number): Promise<{ names: string[]; lastUpdate: number; inFlightUpdate: number }> {
  const token = await login(server.base);
  const names: string[] = [];
  let lastUpdate = -1;
  let inFlightUpdate = -1;
  let dead = false;
  const adder = async (lane: number) => {
    for (let i = 0; !dead; i++) {
      const name = `Crash r${round} v${lane} n${i}`;
      try {
        const res = await call(server.base, 'POST', '/api/category/', token, { Id: 0, Name: name });
        if (res.status === 200 && res.json.Result === true) names.push(name);
        else throw new Error(JSON.stringify(res.json));
      } catch (error) {
        if (!dead) throw error;
      }
    }
  };
  // One writer updates the same row over and over: after the crash the row holds the last
  // acknowledged value, or the one that was in flight, never an older one.
  const updater = async () => {
    for (let i = 0; !dead; i++) {
      inFlightUpdate = i;
      try {
        const res = await call(server.base, 'PUT', '/api/project/1', token, { Id: 1, ProjectTypeId: 1, Name: `Projet r${round} u${i}`, Description: 'Mis à jour pendant le test de panne.', Image: 'x.jpg' });
        if (res.json.Result === true) lastUpdate = i;
      } catch (error) {
        if (!dead) throw error;
      }
    }
  };
  const writers = [adder(0), adder(1), adder(2), adder(3), updater()];
  // Kill in the middle of the stream, at a moment that varies from round to round.
  await new Promise((resolve) => setTimeout(resolve, 400 + round * 170));
  while (names.length < 50) await new Promise((resolve) => setTimeout(resolve, 10));
  dead = true;
  server.child.kill('SIGKILL');
  await server.exited;
  await Promise.all(writers);
  return { names, lastUpdate, inFlightUpdate };
}

test('SIGKILL during a stream of writes loses no acknowledged write and leaves an intact database', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-crash-'));
  const acknowledged: string[] = [];
  try {
    for (let round = 0; round < 2; round++) {
      const server = await start(dataDir);
      const { names, lastUpdate, inFlightUpdate } = await writeUntilKilled(server, round);
      acknowledged.push(...names);

      const again = await start(dataDir);
      try {
        const stored = new Set((await call(again.base, 'GET', '/api/category/all/')).json.map((c) => (c as { Name: string }).Name));
        const lost = acknowledged.filter((name) => !stored.has(name));
        expect(lost).toEqual([]);
        const project = (await call(again.base, 'GET', '/api/project/1')).json;
        expect([`Projet r${round} u${lastUpdate}`, `Projet r${round} u${inFlightUpdate}`]).toContain(project.Name);
        await login(again.base); // sessions work after the crash
      } finally {
        again.child.kill('SIGTERM');
        await again.exited;
      }
    }
    const db = new SQLite(join(dataDir, 'portfolio.sqlite'), { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
    } finally {
      db.close();
    }
    expect(acknowledged.length).toBeGreaterThan(100);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the server opens SQLite in WAL mode with synchronous = FULL (a commit is on disk before the answer)', async () => {
  const t = await build({ seed: false });
  try {
    expect((await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(t.db)).rows).toEqual([{ journal_mode: 'wal' }]);
    expect((await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(t.db)).rows).toEqual([{ synchronous: 2 }]);
  } finally {
    await t.close();
  }
});
