// GET /assets/images/<name>: uploads in DATA_DIR/images first, then the bundled demo images.
// The name must be a plain file name: no way out of those folders.
//
// Files of the image library (originals and their variants <name>.<w>.avif|webp) are cached for a
// year as immutable: a library name is never given to other content (a deleted image keeps a
// tombstone, and its files answer 404 from then on). Other files — copied by hand into one of
// the folders, so replaceable the same way — keep a one-day cache with an ETag.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ImageLibrary } from '../images/library.ts';

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
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const notFound = { Result: false, Message: 'Image introuvable.' };

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

export function registerImages(app: FastifyInstance, dirs: string[], library: ImageLibrary): void {
  app.get('/assets/images/*', async (req, reply) => {
    const name = (req.params as Record<string, string | undefined>)['*'] ?? '';
    const type = TYPES[extname(name).toLowerCase()];
    if (!SAFE_NAME.test(name) || name.includes('..') || !type) return reply.code(404).send(notFound);
    const status = await library.status(name);
    if (status === 'deleted') return reply.code(404).send(notFound);
    const found = await locate(status === 'library' ? dirs.slice(0, 1) : dirs, name);
    if (!found) return reply.code(404).send(notFound);
    const etag = `"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
    reply.header('ETag', etag);
    reply.header('Cache-Control', status === 'library' ? IMMUTABLE : REPLACEABLE);
    reply.header('Content-Type', type);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.header('Content-Length', found.size);
    return reply.send(createReadStream(found.path));
  });
}
