// npm run backup -- FILE     writes FILE (.tar.gz) from DATA_DIR (default ./data), server running or not
// npm run restore -- FILE    puts FILE back into DATA_DIR, which must be empty (server stopped),
//                            and into DATABASE_URL's database if set, which must be empty too
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backup, restore } from './backup.ts';
import { messages } from '../domain/messages.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const [command, file] = process.argv.slice(2);
const dataDir = resolve(process.env.DATA_DIR || resolve(repoRoot, 'data'));
// With DATABASE_URL (as the server): the PostgreSQL database; restore wants an empty one.
const databaseUrl = process.env.DATABASE_URL || undefined;

if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('Usage : npm run backup -- FICHIER.tar.gz   |   npm run restore -- FICHIER.tar.gz   (DATA_DIR=... pour un autre dossier)');
  process.exit(2);
}
// npm runs scripts from the package root: a relative FILE is relative to where npm was called.
const target = resolve(process.env.INIT_CWD ?? process.cwd(), file);
try {
  if (command === 'backup') {
    const manifest = await backup(dataDir, target, databaseUrl);
    console.log(messages.cli.backupWritten(target, Object.keys(manifest.files).length, dataDir));
  } else {
    const manifest = await restore(target, dataDir, databaseUrl);
    console.log(messages.cli.restored(dataDir, Object.keys(manifest.files).length, manifest.createdAt));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
