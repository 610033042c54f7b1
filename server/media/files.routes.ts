// GET /assets/images/<name>: uploads in DATA_DIR/images first, then the bundled demo images.
// The name must be a plain file name: no way out of those folders.
//
// Files of the image library (originals and their variants <name>.<w>.avif|webp) are cached for a
// year as immutable: a library name is never given to other content (a deleted image keeps a
// tombstone, and its files answer 404 from then on). Other files — copied by hand into one of
// the folders, so replaceable the same way — keep a one-day cache with an ETag.
//
// Every file answers byte ranges (RFC 9110 §14), which video players need to seek (a phone asks
// for `bytes=0-1` first, then for the part it plays): `Accept-Ranges: bytes`; one range
// (`a-b`, `a-`, `-n`) → 206 with `Content-Range: bytes a-b/size`; a range past the end → 416 with
// `Content-Range: bytes */size`; several ranges, or a Range that does not parse, → the whole file
// (200), which the RFC allows; `If-Range` with the current ETag keeps the range, anything else
// (another ETag, a date) → the whole file. HEAD answers the same headers without the body.
//
// Served here, not by @fastify/static's reply.sendFile (tried for issue #18): its @fastify/send
// answers 416 to a suffix longer than the file (RFC 9110 §14.1.2: the whole file) and to a Range
// that does not parse (ignored here), loses its 416's Content-Range in the error handler, has
// only weak ETags, and keeps a range for any If-Range date unless it also sends Last-Modified;
// its 304 costs more CPU (measured). The names, folders and tombstones would stay here anyway.
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { noneMatch } from '../http/etag.ts';
import type { ImageLibrary } from './library.ts';
import { SERVED_NAME } from './rules.ts';
import { messages } from '../domain/messages.ts';

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
};

/** Same rule as the contract's ImageName (plus a length cap). */
const SAFE_NAME = SERVED_NAME;

const notFound = { Result: false, Message: messages.imageFile.notFound };

async function locate(dirs: string[], name: string): Promise<{ path: string; size: number; mtimeMs: number } | null> {
  for (const dir of dirs) {
    try {
      const root = await realpath(dir);
      const file = await realpath(join(root, name));
      // Also refuses a symbolic link that points outside the folder.
      if (!file.startsWith(root + sep)) continue;
      const info = await stat(file);
      if (info.isFile()) return { path: file, size: info.size, mtimeMs: info.mtimeMs };
    } catch {
      // missing folder or file: try the next one
    }
  }
  return null;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const REPLACEABLE = 'public, max-age=86400';

/**
 * Where the library's files are, once found: their content never changes under their name (a
 * deleted image answers 404 by its status, checked first), so the folders' links are resolved and
 * the file looked at once, not on every request (about a tenth of the server's CPU under load).
 * Other files, which may be replaced by hand, are looked for every time.
 */
const LOCATED_MAX = 10_000;

/**
 * The library's smaller files (up to 512 KB: the variants, most originals and posters) are also
 * kept in memory once served, up to 16 MB in all, the least recently served going first: their
 * content never changes under their name, and a request then opens, reads and closes no file and
 * builds no stream. Videos and larger originals are streamed from disk as before.
 */
const IN_MEMORY_FILE_MAX = 512 * 1024;
const IN_MEMORY_TOTAL = 16 * 1024 * 1024;

/** The least recently used first: a hit moves the file to the end. */
export function memoryOfFiles({ fileMax, total: totalMax } = { fileMax: IN_MEMORY_FILE_MAX, total: IN_MEMORY_TOTAL }) {
  const files = new Map<string, Buffer>();
  let total = 0;
  return {
    get(name: string): Buffer | undefined {
      const data = files.get(name);
      if (data) {
        files.delete(name);
        files.set(name, data);
      }
      return data;
    },
    set(name: string, data: Buffer): void {
      if (data.length > fileMax || files.has(name)) return;
      files.set(name, data);
      total += data.length;
      for (const [oldest, bytes] of files) {
        if (total <= totalMax) break;
        files.delete(oldest);
        total -= bytes.length;
      }
    },
    delete(name: string): void {
      const data = files.get(name);
      if (data) total -= data.length;
      files.delete(name);
    },
  };
}

export function registerImages(app: FastifyInstance, dirs: string[], library: ImageLibrary): void {
  const located = new Map<string, { path: string; size: number; mtimeMs: number }>();
  const locateLibraryFile = async (name: string) => {
    const known = located.get(name);
    if (known) return known;
    const found = await locate(dirs.slice(0, 1), name);
    if (found) {
      if (located.size >= LOCATED_MAX) located.clear();
      located.set(name, found);
    }
    return found;
  };

  const inMemory = memoryOfFiles();

  app.get('/assets/images/*', async (req, reply) => {
    const name = (req.params as Record<string, string | undefined>)['*'] ?? '';
    const type = TYPES[extname(name).toLowerCase()];
    if (!SAFE_NAME.test(name) || name.includes('..') || !type) return reply.code(404).send(notFound);
    const status = await library.status(name);
    if (status === 'deleted') {
      inMemory.delete(name);
      return reply.code(404).send(notFound);
    }
    const found = status === 'library' ? await locateLibraryFile(name) : await locate(dirs, name);
    const kept = status === 'library' ? inMemory.get(name) : undefined;
    // Opened now, so that a file deleted meanwhile (by another process, a moment before this one
    // heard of it) answers 404, not an error halfway through.
    const file = found && !kept ? await open(found.path).catch(() => null) : null;
    if (!found || (!file && !kept)) {
      located.delete(name);
      return reply.code(404).send(notFound);
    }
    const body = (options: { start: number; end: number }) =>
      kept ? kept.subarray(options.start, options.end + 1) : (file as FileHandle).createReadStream(options);
    const unused = () => void file?.close().catch(() => {});
    const etag = `"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
    reply.header('ETag', etag);
    reply.header('Cache-Control', status === 'library' ? IMMUTABLE : REPLACEABLE);
    reply.header('Content-Type', type);
    reply.header('Accept-Ranges', 'bytes');
    if (noneMatch(req.headers['if-none-match'], etag)) {
      unused();
      return reply.code(304).send();
    }
    const ifRange = req.headers['if-range'];
    const range = ifRange === undefined || ifRange === etag ? parseRange(req.headers.range, found.size) : null;
    if (range === 'unsatisfiable') {
      unused();
      reply.header('Content-Range', `bytes */${found.size}`);
      reply.type('application/json; charset=utf-8');
      return reply.code(416).send({ Result: false, Message: messages.imageFile.rangeNotSatisfiable });
    }
    if (range) {
      reply.code(206);
      reply.header('Content-Range', `bytes ${range.start}-${range.end}/${found.size}`);
      reply.header('Content-Length', range.end - range.start + 1);
      return reply.send(body({ start: range.start, end: range.end }));
    }
    if (file && status === 'library' && found.size <= IN_MEMORY_FILE_MAX) {
      // Read whole (the file was located and opened above), kept, then sent from memory.
      const data = await file.readFile().finally(unused);
      inMemory.set(name, data);
      return reply.header('Content-Length', data.length).send(data);
    }
    reply.header('Content-Length', found.size);
    // With its end given, as @fastify/send opens it, the stream stops after the last byte instead
    // of making one more, empty read: about half the server's CPU for a whole photo (measured).
    return reply.send(body({ start: 0, end: Math.max(0, found.size - 1) }));
  });
}

/** Digits only, and not so many that they lose precision (anything longer is past any file's end). */
const position = (text: string): number => (text.length > 15 ? Number.MAX_SAFE_INTEGER : Number(text));

/**
 * The one byte range of a `Range` header over a file of `size` bytes (end inclusive, clamped to
 * the file), 'unsatisfiable' when it starts past the end, or null to send the whole file: no
 * header, another unit, several ranges, or a header that does not parse (RFC 9110 §14.2: ignored).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^bytes=[ \t]*([0-9]*)-([0-9]*)[ \t]*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // The last n bytes.
    const length = position(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = position(first);
  if (last !== '' && position(last) < start) return null; // `5-2` does not parse
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(position(last), size - 1) };
}
