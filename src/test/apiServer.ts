// The real API server (server/main.ts) in a child process, on a free loopback port, with a
// throwaway DATA_DIR seeded with the demo content. Client tests talk to it over real HTTP.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface ApiServer {
  origin: string;
  close(): Promise<void>;
}

const repoRoot = resolve(__dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export async function startApiServer(timeoutMs = 20_000): Promise<ApiServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-client-test-'));
  const port = await freePort();
  let stderr = '';
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SCRYPT_N: '1024',
      ADMIN_EMAIL: 'admin@exemple.ca',
      ADMIN_PASSWORD: 'motdepasse-test',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const origin = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${origin}/api/menu`);
      if (response.ok) return { origin, close };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  await close();
  throw new Error(`The API server did not start on ${origin}.\n${stderr}`);
}
