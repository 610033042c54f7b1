// The real API server for client tests: started in its own Node process
// (apiServerProcess.mjs: buildApp on a fresh DATA_DIR, demo content, one administrator), on a loopback
// port. Tests drive the screens against it and then ask it what it holds.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import md5 from 'blueimp-md5';
import { advanceChildClock, setChildClock } from '../../server/test/testClock';
import { browserFetch } from './browserFetch';

export const ADMIN_EMAIL = 'admin@atelier.test';
export const ADMIN_PASSWORD = 'motdepasse123';

export interface Tokens {
  Token: string;
  RefreshToken: string;
}

export interface ApiServer {
  origin: string;
  /** A GET as anyone (or with a bearer token), answered as JSON. */
  get<T>(path: string, token?: string): Promise<T>;
  /** Signs in through the API (not through the screens), as any e-mail and plain password. */
  login(email?: string, password?: string): Promise<Tokens & { Result: boolean }>;
  /** A POST with the XSRF pair, for setting up a test. */
  post(path: string, body: unknown, bearer?: string): Promise<Response>;
  /** A PUT with the XSRF pair, for setting up a test. */
  put(path: string, body: unknown, bearer?: string): Promise<Response>;
  /** A DELETE with the XSRF pair, for setting up a test. */
  del(path: string, bearer?: string): Promise<Response>;
  /** Gives document.cookie its XSRF-TOKEN, as loading the page does in a browser. */
  primeXsrf(): Promise<void>;
  /** Moves the server's clock `ms` forward (e.g. past the quote form's 3 s) instead of waiting. */
  advanceClock(ms: number): Promise<void>;
  /** Sets the server's clock to a moment (ms since the epoch), e.g. that of a form's token, from which it runs on. */
  setClock(epochMs: number): Promise<void>;
  close(): Promise<void>;
}

/** The real API server, and its administrator's access token for a test's own calls. */
export async function startApiServerSignedIn(): Promise<{ server: ApiServer; token: string }> {
  const server = await startApiServer();
  return { server, token: (await server.login()).Token };
}

const script = resolve(process.cwd(), 'src/test/apiServerProcess.mjs');

export async function startApiServer(): Promise<ApiServer> {
  const child: ChildProcess = spawn(process.execPath, [script, ADMIN_EMAIL, ADMIN_PASSWORD], {
    // The IPC channel moves the server's clock (advanceClock).
    stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const origin = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`API server did not start:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{"origin"'));
      if (line) {
        clearTimeout(timer);
        done((JSON.parse(line) as { origin: string }).origin);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`API server exited (${code}):\n${output}`));
    });
  });

  const xsrf = 'tests-xsrf-value';
  const send = (method: 'POST' | 'PUT' | 'DELETE'): ApiServer['post'] => (path, body, bearer) =>
    fetch(`${origin}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Cookie: `XSRF-TOKEN=${xsrf}`,
        'X-XSRF-TOKEN': xsrf,
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const post = send('POST');

  return {
    origin,
    async get<T>(path: string, token?: string) {
      const answer = await fetch(`${origin}${path}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!answer.ok) throw new Error(`GET ${path}: ${answer.status}`);
      return (await answer.json()) as T;
    },
    post,
    put: send('PUT'),
    del: (path, bearer) => send('DELETE')(path, undefined, bearer),
    async login(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
      const answer = await post('/api/login/', { Email: email, Pwd: md5(password) });
      return (await answer.json()) as Tokens & { Result: boolean };
    },
    async primeXsrf() {
      await browserFetch()(`${origin}/api/menu`);
    },
    advanceClock: (ms) => advanceChildClock(child, ms),
    setClock: (epochMs) => setChildClock(child, epochMs),
    close: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.stdin?.end();
      }),
  };
}
