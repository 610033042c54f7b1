// npm run bench (and `node bench/firstStart.ts` alone) — the first `npm start` after a clone: the
// repository's files copied into a temporary folder as a clone has them, node_modules beside them
// without its cache (hard links, so nothing is downloaded and the real cache is untouched), dist/
// copied when it is built already (else the start builds it, and that counts), no data. Measures
// the time from `node server/start.ts` to the first answer of GET /api/menu (budget 15 s), checks
// that every variant the pages point at meanwhile exists, then how long the demo photos' variants
// take to appear, in the background.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort, npmStartCommand } from '../e2e/support/server.ts';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BUDGET_SECONDS = 15;

interface Media {
  Widths: number[];
  Poster?: string;
}
interface Listed {
  Image: string;
  Media?: Media;
}

const clone = mkdtempSync(join(tmpdir(), 'atelier-clone-'));
const files = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
for (const file of files) {
  if (!existsSync(join(root, file))) continue; // deleted, not committed yet
  mkdirSync(dirname(join(clone, file)), { recursive: true });
  cpSync(join(root, file), join(clone, file));
}
if (spawnSync('cp', ['-al', join(root, 'node_modules'), join(clone, 'node_modules')]).status !== 0) throw new Error('cp -al node_modules failed');
rmSync(join(clone, 'node_modules', '.cache'), { recursive: true, force: true });
const built = existsSync(join(root, 'dist', 'index.html'));
if (built) cpSync(join(root, 'dist'), join(clone, 'dist'), { recursive: true }); // after the sources: newer than them

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
let log = '';
const started = performance.now();
const start = npmStartCommand();
const child = spawn(process.execPath, [...start.options, 'server/start.ts'], {
  cwd: clone,
  env: { ...process.env, ...start.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(clone, 'data'), ADMIN_EMAIL: 'admin@atelier.test', ADMIN_PASSWORD: 'Bois-franc-2026' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
const seconds = () => (performance.now() - started) / 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let failed = false;
try {
  let firstAnswer = 0;
  while (!firstAnswer) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${log}`);
    if (seconds() > 300) throw new Error(`no answer after 300 s:\n${log}`);
    try {
      if ((await fetch(`${origin}/api/menu`)).ok) firstAnswer = seconds();
    } catch {
      // not listening yet
    }
    if (!firstAnswer) await sleep(100);
  }

  // Until the variants are ready, and once after: every file the pages point at answers 200.
  const missing = new Set<string>();
  const check = async (): Promise<boolean> => {
    const projects = (await (await fetch(`${origin}/api/project/all/`)).json()) as Listed[];
    const urls = new Set<string>();
    let complete = true;
    for (const { Image, Media } of projects) {
      const name = Media?.Poster ?? Image;
      urls.add(name);
      if (!Media || Media.Widths.length === 0) complete = false;
      for (const w of Media?.Widths ?? []) for (const format of ['avif', 'webp']) urls.add(`${name}.${w}.${format}`);
    }
    // Six at a time, as a browser does (the server caps the connections of one address at
    // MAX_CONNECTIONS_PER_ADDRESS, 100: several hundred at once were refused).
    const queue = [...urls];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
          const answer = await fetch(`${origin}/assets/images/${url}`, { method: 'HEAD' });
          if (answer.status !== 200) missing.add(`${url} (${answer.status})`);
        }
      }),
    );
    return complete;
  };
  let variantsReady = 0;
  while (!variantsReady) {
    if (await check()) variantsReady = seconds();
    else if (seconds() > 600) throw new Error('the variants were not ready after 600 s');
    else await sleep(1000);
  }

  const line = `First start after a clone${built ? ' (dist/ built)' : ' (building dist/)'}: ${firstAnswer.toFixed(1)} s to the first answer (budget ${BUDGET_SECONDS} s); the demo photos' AVIF and WebP variants ready after ${variantsReady.toFixed(1)} s, encoded in the background.`;
  console.log(line);
  if (missing.size > 0) {
    console.log(`Pages pointed at files that did not answer 200: ${[...missing].join(', ')}`);
    failed = true;
  }
  if (firstAnswer > BUDGET_SECONDS) failed = true;
} finally {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(clone, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
