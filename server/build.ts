// Builds the SPA and the server's render of it (npm run build) when dist/index.html or
// dist/server/render.cjs is missing or older than their sources. `npm start` runs it first; so do
// the server tests of the rendered pages (`node server/build.ts`). A build counts from when it
// ran, not from when webpack last changed its files.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Runs `npm run build` in `root` when the build is missing or stale; false when it failed. */
export function buildIfStale(root: string): boolean {
  const built = [join(root, 'dist', 'index.html'), join(root, 'dist', 'server', 'render.cjs')];
  const sources = Math.max(
    newestMtime(join(root, 'src')),
    newestMtime(join(root, 'public')),
    newestMtime(join(root, 'webpack.config.ts')),
  );
  if (built.every((file) => existsSync(file) && statSync(file).mtimeMs >= sources)) return true;
  console.log('dist/ absent ou plus ancien que les sources : npm run build');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) return false;
  // webpack leaves a file it would write unchanged as it was (old date included): a source edit
  // that changes no built file would otherwise make every later start build again.
  const now = new Date();
  for (const file of built) if (existsSync(file)) utimesSync(file, now, now);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!buildIfStale(fileURLToPath(new URL('..', import.meta.url)))) process.exit(1);
}
