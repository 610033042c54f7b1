// Backups: one .tar.gz holding a consistent copy of the database (SQLite's online backup API,
// safe while the server runs and writes) and the uploaded images, plus a manifest with the
// SHA-256 of every file. `restore` checks the manifest and puts everything back into an empty
// DATA_DIR. The archive is a plain POSIX tar (readable with `tar tzf`), written here in a few
// lines rather than with a dependency. No import.meta here: the tests load this module.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip, gunzipSync } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { DATABASE_FILE } from './db/database.ts';

export const MANIFEST = 'manifest.json';
const IMAGES = 'images';

export interface Manifest {
  format: 'atelier-portfolio-backup';
  version: 1;
  createdAt: string;
  files: Record<string, { size: number; sha256: string }>;
}

// --- tar (POSIX ustar), regular files only ---------------------------------------------------

function tarHeader(name: string, size: number, mtime: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`Nom trop long pour l'archive : ${name}`);
  const header = Buffer.alloc(512);
  const field = (offset: number, length: number, value: string) => header.write(value, offset, length, 'utf8');
  const octal = (offset: number, length: number, value: number) => field(offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
  field(0, 100, name);
  octal(100, 8, 0o644);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, Math.floor(mtime / 1000));
  field(148, 8, '        '); // checksum placeholder
  field(156, 1, '0');
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

const padding = (size: number) => Buffer.alloc((512 - (size % 512)) % 512);

async function* tarEntries(entries: Array<{ name: string; path?: string; data?: Buffer }>): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    const data = entry.data;
    if (data) {
      yield tarHeader(entry.name, data.length, Date.now());
      yield data;
      yield padding(data.length);
    } else if (entry.path) {
      const info = statSync(entry.path);
      yield tarHeader(entry.name, info.size, info.mtimeMs);
      let written = 0;
      for await (const chunk of createReadStream(entry.path)) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      if (written !== info.size) throw new Error(`${entry.path} a changé pendant la sauvegarde`);
      yield padding(info.size);
    }
  }
  yield Buffer.alloc(1024); // two empty blocks end the archive
}

function readTar(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const text = (start: number, length: number) => header.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '');
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number);
    if (parseInt(text(148, 8).trim(), 8) !== sum) throw new Error('Archive endommagée (somme de contrôle d’en-tête).');
    const name = text(0, 100);
    const size = parseInt(text(124, 12).trim(), 8);
    const type = text(156, 1);
    offset += 512;
    if (offset + size > archive.length) throw new Error('Archive tronquée.');
    if (type === '0' || type === '') files.set(name, archive.subarray(offset, offset + size));
    offset += size + ((512 - (size % 512)) % 512);
  }
  return files;
}

// --- backup and restore ----------------------------------------------------------------------

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const QUOTES = 'quotes';
/** A quote request's photo folder: the random name server/quotes/service.ts gives it. */
const QUOTE_FOLDER = /^[0-9a-f]{24}$/;
const isQuotePhoto = (name: string): boolean => {
  const [top, folder, file, ...rest] = name.split('/');
  return top === QUOTES && rest.length === 0 && QUOTE_FOLDER.test(folder ?? '') && SAFE_IMAGE.test(file ?? '');
};

/** A plain file name of the images folder (the same rule the server serves images by). */
const SAFE_IMAGE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * Writes `file` (a .tar.gz): the database copied through SQLite's online backup API (a
 * consistent snapshot even while the server writes), the uploaded images and a manifest.
 */
export async function backup(dataDir: string, file: string): Promise<Manifest> {
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new Error(`Aucune base de données dans ${dataDir}`);
  const work = mkdtempSync(join(tmpdir(), 'portfolio-backup-'));
  try {
    const copy = join(work, DATABASE_FILE);
    const db = new SQLite(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      // After the first step, copy all remaining pages in one step: a writer on another
      // connection restarts the backup, and one step is one consistent read of the database.
      await db.backup(copy, { progress: () => 1_000_000 });
    } finally {
      db.close();
    }
    const check = new SQLite(copy, { fileMustExist: true });
    try {
      // A copy with a WAL journal would need its -wal file: make it one self-contained file.
      check.pragma('journal_mode = DELETE');
      const integrity = check.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw new Error(`La copie de la base n'est pas intègre : ${String(integrity)}`);
    } finally {
      check.close();
    }

    const entries: Array<{ name: string; path: string }> = [{ name: DATABASE_FILE, path: copy }];
    const imagesDir = join(dataDir, IMAGES);
    if (existsSync(imagesDir)) {
      for (const name of readdirSync(imagesDir).sort()) {
        const path = join(imagesDir, name);
        if (SAFE_IMAGE.test(name) && statSync(path).isFile()) entries.push({ name: `${IMAGES}/${name}`, path });
      }
    }
    // The private photos of quote requests (issue 17): DATA_DIR/quotes/<folder>/<file>.
    const quotesDir = join(dataDir, QUOTES);
    if (existsSync(quotesDir)) {
      for (const folder of readdirSync(quotesDir).sort()) {
        if (!QUOTE_FOLDER.test(folder) || !statSync(join(quotesDir, folder)).isDirectory()) continue;
        for (const name of readdirSync(join(quotesDir, folder)).sort()) {
          const path = join(quotesDir, folder, name);
          if (SAFE_IMAGE.test(name) && statSync(path).isFile()) entries.push({ name: `${QUOTES}/${folder}/${name}`, path });
        }
      }
    }
    const manifest: Manifest = { format: 'atelier-portfolio-backup', version: 1, createdAt: new Date().toISOString(), files: {} };
    for (const entry of entries) manifest.files[entry.name] = { size: statSync(entry.path).size, sha256: await sha256OfFile(entry.path) };

    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    const all = [{ name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2)) }, ...entries];
    await pipeline(Readable.from(tarEntries(all)), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, file); // never leave a half-written archive under the final name
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Puts an archive written by backup() back into `dataDir`, which must be empty or missing. */
export function restore(file: string, dataDir: string): Manifest {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} n'est pas vide : la restauration se fait dans un DATA_DIR vide.`);
  }
  const files = readTar(gunzipSync(readFileSync(file)));
  const manifestData = files.get(MANIFEST);
  if (!manifestData) throw new Error('Archive sans manifest.json : ce n’est pas une sauvegarde du portfolio.');
  const manifest = JSON.parse(manifestData.toString('utf8')) as Manifest;
  if (manifest.format !== 'atelier-portfolio-backup' || manifest.version !== 1) throw new Error('Format de sauvegarde inconnu.');
  if (!manifest.files[DATABASE_FILE]) throw new Error('La sauvegarde ne contient pas de base de données.');
  // Check everything before writing anything.
  for (const [name, expected] of Object.entries(manifest.files)) {
    const data = files.get(name);
    const safe = name === DATABASE_FILE || (name.startsWith(`${IMAGES}/`) && SAFE_IMAGE.test(name.slice(IMAGES.length + 1))) || isQuotePhoto(name);
    if (!safe) throw new Error(`Nom de fichier refusé dans l'archive : ${name}`);
    if (!data || data.length !== expected.size || sha256(data) !== expected.sha256) throw new Error(`Fichier absent ou endommagé dans l'archive : ${name}`);
  }
  mkdirSync(join(dataDir, IMAGES), { recursive: true });
  for (const name of Object.keys(manifest.files)) {
    mkdirSync(dirname(join(dataDir, name)), { recursive: true });
    writeFileSync(join(dataDir, name), files.get(name) as Buffer, { mode: 0o600 });
  }
  const db = new SQLite(join(dataDir, DATABASE_FILE), { fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`La base restaurée n'est pas intègre : ${String(integrity)}`);
  } finally {
    db.close();
  }
  return manifest;
}
