// npm run backup -- FILE     writes FILE (.tar.gz) from DATA_DIR (default ./data), server running or not
// npm run backup -- --keep 14 DIR
//                            writes DIR/portfolio-<date and time>.tar.gz, then deletes all but the
//                            14 newest portfolio-*.tar.gz of DIR (deploy/portfolio-backup.service, nightly)
// npm run restore -- FILE    puts FILE back into DATA_DIR, which must be empty (server stopped),
//                            and into DATABASE_URL's database if set, which must be empty too
// npm run restore -- DIR     the same with the newest portfolio-*.tar.gz of DIR (last night's)
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backup, restore } from './backup.ts';
import { messages } from '../domain/messages.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const command = args.shift();
const keepAt = args.indexOf('--keep');
const keep = keepAt >= 0 ? Number(args.splice(keepAt, 2)[1]) : undefined;
const [file] = args;
const dataDir = resolve(process.env.DATA_DIR || resolve(repoRoot, 'data'));
// With DATABASE_URL (as the server): the PostgreSQL database; restore wants an empty one.
const databaseUrl = process.env.DATABASE_URL || undefined;

if ((command !== 'backup' && command !== 'restore') || !file || args.length !== 1 || (keep !== undefined && (!Number.isSafeInteger(keep) || keep < 1 || command !== 'backup'))) {
  console.error(
    'Usage : npm run backup -- FICHIER.tar.gz | npm run backup -- --keep 14 DOSSIER   |   npm run restore -- FICHIER.tar.gz | npm run restore -- DOSSIER   (DATA_DIR=... pour un autre dossier)',
  );
  process.exit(2);
}

/** The backups a folder holds, oldest first (their names sort by date: portfolio-YYYY-MM-DDTHH-MM-SS). */
const backupsIn = (dir: string): string[] => readdirSync(dir).filter((name) => /^portfolio-[0-9T-]+\.tar\.gz$/.test(name)).sort();

// npm runs scripts from the package root: a relative FILE is relative to where npm was called.
const target = resolve(process.env.INIT_CWD ?? process.cwd(), file);
const isDir = existsSync(target) && statSync(target).isDirectory();
try {
  if (command === 'backup') {
    const archive = isDir || keep !== undefined ? join(target, `portfolio-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}.tar.gz`) : target;
    const manifest = await backup(dataDir, archive, databaseUrl);
    console.log(messages.cli.backupWritten(archive, Object.keys(manifest.files).length, dataDir));
    if (keep !== undefined) {
      const all = backupsIn(target);
      const old = all.slice(0, Math.max(0, all.length - keep));
      for (const name of old) rmSync(join(target, name));
      console.log(messages.cli.backupsKept(target, all.length - old.length, old.length));
    }
  } else {
    const newest = isDir ? backupsIn(target).at(-1) : undefined;
    if (isDir && !newest) throw new Error(messages.cli.noBackupIn(target));
    const archive = newest ? join(target, newest) : target;
    const manifest = await restore(archive, dataDir, databaseUrl);
    console.log(messages.cli.restored(dataDir, Object.keys(manifest.files).length, manifest.createdAt));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
