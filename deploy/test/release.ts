// The server's folders as the README lays them out, in a throwaway folder: APP_DIR with the Git
// clone (repo/, its remote a local repository holding this working tree as its first commit),
// releases/<commit>/ (this tree's node_modules and dist/, hard-linked, as update.sh would) and
// current → it; /etc/portfolio.env's stand-in; the units' other folders.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { root } from '../../e2e/support/server.ts';
import type { Mapping } from './systemd.ts';

export interface Site {
  dir: string;
  appDir: string;
  origin: string;
  envFile: string;
  dataDir: string;
  backupDir: string;
  binDir: string;
  runDir: string;
  map: Mapping;
  firstCommit: string;
  /** A commit on the remote's main: `change` edits its working tree. */
  commit(message: string, change: (tree: string) => void): string;
  /** deploy/update.sh of the running release, with these settings; its exit code and output. */
  update(ports: number[]): Promise<{ code: number | null; output: string }>;
  remove(): void;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Essai', '-c', 'user.email=essai@exemple.invalid', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' }).trim();

export function makeSite(env: Record<string, string>): Site {
  const dir = mkdtempSync(join(tmpdir(), 'portfolio-site-'));
  const origin = join(dir, 'origin');
  const appDir = join(dir, 'srv-portfolio');
  const envFile = join(dir, 'portfolio.env');
  const dataDir = join(dir, 'var-lib-portfolio');
  const cacheDir = join(dir, 'var-cache-portfolio');
  const backupDir = join(dir, 'var-backups-portfolio');
  const binDir = join(dir, 'bin');
  const runDir = join(dir, 'run');
  for (const folder of [origin, join(appDir, 'releases'), dataDir, cacheDir, backupDir, binDir, runDir]) mkdirSync(folder, { recursive: true });
  // The demo photos' cache of this tree: seeding a fresh site takes 0.1 s instead of 35.
  symlinkSync(join(root, 'node_modules', '.cache', 'atelier-images'), join(cacheDir, 'images'));

  // This working tree (what `git status` would commit) as the remote's first commit.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root });
  execFileSync('tar', ['-c', '--null', '-T', '-', '-f', join(dir, 'tree.tar')], { cwd: root, input: files });
  execFileSync('tar', ['-x', '-f', join(dir, 'tree.tar')], { cwd: origin });
  rmSync(join(dir, 'tree.tar'));
  git(origin, 'init', '-q');
  git(origin, 'add', '-A');
  git(origin, 'commit', '-q', '-m', 'version en ligne');
  const firstCommit = git(origin, 'rev-parse', 'HEAD');
  git(dir, 'clone', '-q', origin, join(appDir, 'repo'));
  const release = join(appDir, 'releases', firstCommit);
  mkdirSync(release);
  execFileSync('sh', ['-c', `git -C repo archive ${firstCommit} | tar -x -C '${release}'`], { cwd: appDir });
  execFileSync('cp', ['-al', join(root, 'node_modules'), join(root, 'dist'), release]);
  symlinkSync(join('releases', firstCommit), join(appDir, 'current'));

  writeFileSync(envFile, `# /etc/portfolio.env of the test\nDATA_DIR=${dataDir}\n${Object.entries(env).map(([k, v]) => `${k}=${v}`).join('\n')}\n`);
  const map: Mapping = { '/srv/portfolio': appDir, '/etc/portfolio.env': envFile, '/var/lib/portfolio': dataDir, '/var/cache/portfolio': cacheDir, '/var/backups/portfolio': backupDir };

  return {
    dir, appDir, origin, envFile, dataDir, backupDir, binDir, runDir, map, firstCommit,
    commit(message, change) {
      change(origin);
      git(origin, 'add', '-A');
      git(origin, 'commit', '-q', '-m', message);
      return git(origin, 'rev-parse', 'HEAD');
    },
    update(ports) {
      return new Promise((resolve) => {
        let output = '';
        const child = spawn(join(appDir, 'current', 'deploy', 'update.sh'), [], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
          ...process.env,
          // The stand-in systemctl first (systemd is not PID 1 here), then this Node.
          PATH: `${binDir}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
          APP_DIR: appDir,
          ENV_FILE: envFile,
          APP_USER: userInfo().username,
          PORTS: ports.join(' '),
          },
        });
        child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) => resolve({ code, output }));
      });
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Appends a line to a file of the remote's tree. */
export const appendLine = (file: string, line: string) => (tree: string) => appendFileSync(join(tree, file), `${line}\n`);
