// Backups: one .tar.gz holding a consistent copy of the database (SQLite's online backup API,
// safe while the server runs and writes; on PostgreSQL a logical export of one snapshot,
// server/db/dump.ts) and the uploaded images, plus a manifest with the
// SHA-256 of every file. The archive is a POSIX tar with pax headers for long names (readable
// with `tar tzf`), written and read here in a few lines rather than with a dependency: only
// regular files, never a link. Both directions stream: memory stays flat whatever the size.
// `restore` unpacks into a temporary directory beside DATA_DIR, checks every file against the
// manifest (names, sizes, hashes) and the database's integrity (PostgreSQL: loads it into the
// empty database in one transaction), and only then moves it into place: a failed restore leaves
// DATA_DIR (and the database) as it was. No import.meta here: the tests load it.
import { createHash } from 'node:crypto';
import { constants, createReadStream, createWriteStream, existsSync, fstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, renameSync, rmdirSync, rmSync, statfsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { DATABASE_FILE, openDatabase } from '../db/database.ts';
import { dumpDatabase, DUMP_FILE, loadDatabase } from '../db/dump.ts';
import { messages } from '../domain/messages.ts';
import { SERVED_NAME } from '../media/rules.ts';

const t = messages.backup;

export const MANIFEST = 'manifest.json';
const IMAGES = 'images';
/** A manifest lists a few thousand files: more than this is not one of ours. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
const MAX_PAX_BYTES = 64 * 1024;

export interface Manifest {
  format: 'atelier-portfolio-backup';
  version: 1;
  createdAt: string;
  files: Record<string, { size: number; sha256: string }>;
}

// --- tar (POSIX ustar + pax extended headers), regular files only ----------------------------

function tarHeader(name: string, size: number, mtime: number, type: '0' | 'x' = '0'): Buffer {
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
  field(156, 1, type);
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

const padding = (size: number) => Buffer.alloc((512 - (size % 512)) % 512);

/** A pax record `"<len> path=<name>\n"`, where <len> counts the whole record, itself included. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return Buffer.from(`${length}${body}`);
}

/** The header(s) of one file: a name over ustar's 100 bytes goes into a pax header before it. */
function fileHeaders(name: string, size: number, mtime: number): Buffer[] {
  if (Buffer.byteLength(name) <= 100) return [tarHeader(name, size, mtime)];
  const pax = paxRecord('path', name);
  return [tarHeader(`PaxHeader/${name.slice(-80)}`, pax.length, mtime, 'x'), pax, padding(pax.length), tarHeader(name.slice(-100), size, mtime)];
}

/** Opens a regular file without following a link (O_NOFOLLOW), or throws. */
function openRegular(path: string): number {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  if (!fstatSync(fd).isFile()) throw new Error(t.notRegular(path));
  return fd;
}

async function* tarEntries(entries: Array<{ name: string; path?: string; data?: Buffer; sha256?: string }>): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    const data = entry.data;
    if (data) {
      yield* fileHeaders(entry.name, data.length, Date.now());
      yield data;
      yield padding(data.length);
    } else if (entry.path) {
      const fd = openRegular(entry.path);
      const info = fstatSync(fd);
      yield* fileHeaders(entry.name, info.size, info.mtimeMs);
      const hash = createHash('sha256');
      let written = 0;
      for await (const chunk of createReadStream('', { fd })) {
        written += (chunk as Buffer).length;
        hash.update(chunk as Buffer);
        yield chunk as Buffer;
      }
      if (written !== info.size || hash.digest('hex') !== entry.sha256) throw new Error(t.changed(entry.path));
      yield padding(info.size);
    }
  }
  yield Buffer.alloc(1024); // two empty blocks end the archive
}


/** Reads exact byte counts from a stream of chunks, holding no more than one chunk. */
function byteReader(source: AsyncIterable<Buffer>) {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  const fill = async (): Promise<boolean> => {
    const next = await iterator.next();
    if (next.done) return false;
    pending = pending.length > 0 ? Buffer.concat([pending, next.value]) : next.value;
    return true;
  };
  return {
    async exactly(n: number): Promise<Buffer> {
      while (pending.length < n) if (!(await fill())) throw new Error(t.truncated);
      const out = pending.subarray(0, n);
      pending = pending.subarray(n);
      return out;
    },
    async *pieces(n: number): AsyncGenerator<Buffer> {
      let left = n;
      while (left > 0) {
        if (pending.length === 0 && !(await fill())) throw new Error(t.truncated);
        const piece = pending.subarray(0, Math.min(left, pending.length));
        pending = pending.subarray(piece.length);
        left -= piece.length;
        yield piece;
      }
    },
    async close(): Promise<void> {
      await iterator.return?.();
    },
  };
}

type Reader = ReturnType<typeof byteReader>;

/** The next regular file of the archive (its pax `path` applied), or null at its end. */
async function nextEntry(reader: Reader): Promise<{ name: string; size: number } | null> {
  let paxPath: string | null = null;
  for (;;) {
    const header = await reader.exactly(512);
    if (header.every((b) => b === 0)) return null;
    const text = (start: number, length: number) => header.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '');
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number);
    if (parseInt(text(148, 8).trim(), 8) !== sum) throw new Error(t.headerChecksum);
    const size = parseInt(text(124, 12).trim(), 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new Error(t.headerSize);
    const type = text(156, 1);
    if (type === 'x') {
      if (size > MAX_PAX_BYTES) throw new Error(t.paxTooLarge);
      const records = (await reader.exactly(size)).toString('utf8');
      await reader.exactly((512 - (size % 512)) % 512);
      paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records)?.[1] ?? paxPath;
      continue;
    }
    // Links, directories, devices: never in our backups, never written.
    if (type !== '0' && type !== '') throw new Error(t.entryType(JSON.stringify(type)));
    return { name: paxPath ?? text(0, 100), size };
  }
}

// --- backup and restore ----------------------------------------------------------------------

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream('', { fd: openRegular(path) })) hash.update(chunk as Buffer);
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
const SAFE_IMAGE = SERVED_NAME;

const safeName = (name: string) =>
  name === DATABASE_FILE || name === DUMP_FILE || (name.startsWith(`${IMAGES}/`) && SAFE_IMAGE.test(name.slice(IMAGES.length + 1))) || isQuotePhoto(name);

/** A consistent copy of DATA_DIR's SQLite file in `work`, checked. */
async function copySqlite(dataDir: string, work: string): Promise<{ name: string; path: string }> {
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new Error(t.noDatabase(dataDir));
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
    if (integrity !== 'ok') throw new Error(t.copyNotIntact(String(integrity)));
  } finally {
    check.close();
  }
  return { name: DATABASE_FILE, path: copy };
}

/**
 * Writes `file` (a .tar.gz): the database copied through SQLite's online backup API (a
 * consistent snapshot even while the server writes), or exported from PostgreSQL when
 * `databaseUrl` is given, the uploaded images and a manifest.
 * Links in the images folder are skipped, never followed.
 */
export async function backup(dataDir: string, file: string, databaseUrl?: string): Promise<Manifest> {
  const work = mkdtempSync(join(tmpdir(), 'portfolio-backup-'));
  try {
    const entries: Array<{ name: string; path: string; sha256?: string }> = [];
    if (databaseUrl) {
      await dumpDatabase(databaseUrl, join(work, DUMP_FILE));
      entries.push({ name: DUMP_FILE, path: join(work, DUMP_FILE) });
    } else {
      entries.push(await copySqlite(dataDir, work));
    }
    const imagesDir = join(dataDir, IMAGES);
    if (existsSync(imagesDir)) {
      // withFileTypes reports a link as a link (lstat): only regular files are kept.
      for (const dirent of readdirSync(imagesDir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        if (SAFE_IMAGE.test(dirent.name) && dirent.isFile()) entries.push({ name: `${IMAGES}/${dirent.name}`, path: join(imagesDir, dirent.name) });
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
    for (const entry of entries) {
      entry.sha256 = await sha256OfFile(entry.path);
      manifest.files[entry.name] = { size: statSync(entry.path).size, sha256: entry.sha256 };
    }

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

/** Unpacks and checks `file` into the empty directory `into`; throws at the first problem. */
async function unpack(file: string, into: string, onPostgres: boolean): Promise<Manifest> {
  const reader = byteReader(createReadStream(file).pipe(createGunzip()));
  try {
    const first = await nextEntry(reader);
    if (!first || first.name !== MANIFEST) throw new Error(t.noManifest);
    if (first.size > MAX_MANIFEST_BYTES) throw new Error(t.manifestTooLarge);
    const manifestData = await reader.exactly(first.size);
    await reader.exactly((512 - (first.size % 512)) % 512);
    let manifest: Manifest;
    try {
      manifest = JSON.parse(manifestData.toString('utf8')) as Manifest;
    } catch {
      throw new Error(t.manifestUnreadable);
    }
    if (manifest.format !== 'atelier-portfolio-backup' || manifest.version !== 1) throw new Error(t.unknownFormat);
    if (!manifest.files[DATABASE_FILE] && !manifest.files[DUMP_FILE]) throw new Error(t.databaseMissing);
    // A backup goes back onto the kind of database it was made from.
    if (manifest.files[DUMP_FILE] && !onPostgres) throw new Error(t.needsPostgres);
    if (manifest.files[DATABASE_FILE] && onPostgres) throw new Error(t.needsSqlite);
    let total = 0;
    for (const [name, expected] of Object.entries(manifest.files)) {
      if (!safeName(name)) throw new Error(t.nameRefused(name));
      if (!Number.isSafeInteger(expected.size) || expected.size < 0) throw new Error(t.sizeInvalid(name));
      total += expected.size;
    }
    // A bomb announces what it will unpack: more than the disk can take is refused up front.
    const disk = statfsSync(into);
    if (total > disk.bavail * disk.bsize) throw new Error(t.tooLargeForDisk(total));

    mkdirSync(join(into, IMAGES), { mode: 0o700 });
    const seen = new Set<string>();
    for (let entry = await nextEntry(reader); entry; entry = await nextEntry(reader)) {
      const expected = manifest.files[entry.name];
      // Nothing beyond what the manifest announces is unpacked, not one byte more.
      if (!expected || seen.has(entry.name)) throw new Error(t.unexpected(entry.name));
      if (entry.size !== expected.size) throw new Error(t.damaged(entry.name));
      seen.add(entry.name);
      mkdirSync(dirname(join(into, entry.name)), { recursive: true, mode: 0o700 }); // a quote request's folder
      const hash = createHash('sha256');
      const pieces = reader.pieces(entry.size);
      await pipeline(
        (async function* () {
          for await (const piece of pieces) {
            hash.update(piece);
            yield piece;
          }
        })(),
        createWriteStream(join(into, entry.name), { flags: 'wx', mode: 0o600 }),
      );
      await reader.exactly((512 - (entry.size % 512)) % 512);
      if (hash.digest('hex') !== expected.sha256) throw new Error(t.damaged(entry.name));
    }
    const missing = Object.keys(manifest.files).find((name) => !seen.has(name));
    if (missing !== undefined) throw new Error(t.damaged(missing));
    if (onPostgres) return manifest; // its rows are checked as they are loaded (restore)
    const db = new SQLite(join(into, DATABASE_FILE), { fileMustExist: true });
    try {
      const integrity = db.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw new Error(t.restoredNotIntact(String(integrity)));
    } catch (error) {
      throw new Error(t.restoredNotIntact(error instanceof Error ? error.message : String(error)), { cause: error });
    } finally {
      db.close();
    }
    return manifest;
  } finally {
    await reader.close();
  }
}

/**
 * Puts an archive written by backup() back into `dataDir`, which must be empty or missing:
 * unpacked and checked beside it, then moved into place in one rename. On PostgreSQL
 * (`databaseUrl`, an empty database) the rows are loaded in one transaction first.
 */
export async function restore(file: string, dataDir: string, databaseUrl?: string): Promise<Manifest> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(t.notEmpty(dataDir));
  }
  mkdirSync(dirname(dataDir), { recursive: true });
  // Beside DATA_DIR, on the same file system, so that the final move is one rename.
  const work = mkdtempSync(join(dirname(dataDir), `.${basename(dataDir)}.restauration-`));
  try {
    const manifest = await unpack(file, work, databaseUrl !== undefined);
    if (databaseUrl) {
      const db = await openDatabase({ dataDir: work, databaseUrl });
      try {
        await loadDatabase(db, join(work, DUMP_FILE));
      } finally {
        await db.destroy();
      }
      rmSync(join(work, DUMP_FILE));
    }
    if (existsSync(dataDir)) rmdirSync(dataDir); // empty, checked above
    renameSync(work, dataDir);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
