// GET /assets/images/<name>: uploads in DATA_DIR/images first, then the bundled demo images.
// The name must be a plain file name: no way out of those folders.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';

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

export function registerImages(app: FastifyInstance, dirs: string[]): void {
  app.get('/assets/images/*', async (req, reply) => {
    const name = (req.params as Record<string, string | undefined>)['*'] ?? '';
    const type = TYPES[extname(name).toLowerCase()];
    if (!SAFE_NAME.test(name) || name.includes('..') || !type) return reply.code(404).send(notFound);
    const found = await locate(dirs, name);
    if (!found) return reply.code(404).send(notFound);
    const etag = `"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
    reply.header('ETag', etag);
    reply.header('Cache-Control', 'public, max-age=86400');
    reply.header('Content-Type', type);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.header('Content-Length', found.size);
    return reply.send(createReadStream(found.path));
  });
}
