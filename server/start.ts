// `npm start`: builds the SPA when dist/index.html is missing or older than its sources, then
// starts the server (server/main.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const index = join(root, 'dist', 'index.html');
const sources = Math.max(
  newestMtime(join(root, 'src')),
  newestMtime(join(root, 'public')),
  newestMtime(join(root, 'webpack.config.ts')),
);
if (!existsSync(index) || statSync(index).mtimeMs < sources) {
  console.log('dist/ absent ou plus ancien que les sources : npm run build');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('La construction du site a échoué (npm run build).');
    process.exit(build.status ?? 1);
  }
}

const { main } = await import('./main.ts');
await main();
