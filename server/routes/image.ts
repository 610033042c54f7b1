// Tag "image": the image library. The upload is the one multipart call of the contract: its
// body is streamed to a temporary file (at most 20 Mo, one file), then processed by the image
// worker (server/images/). The handler argument `imageUpload` is not filled: the file is read
// from the request itself.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError, ok, refuse, type TagModule } from '../operations.ts';
import { imageMessages, MAX_UPLOAD_BYTES } from '../images/rules.ts';

/** Room for the multipart envelope around the file (boundaries, part headers). */
const ENVELOPE = 64 * 1024;

const tooLarge = () => new ApiError(413, imageMessages.tooLarge, { connection: 'close' });

/**
 * The uploaded file, streamed into `workDir`, and its name as sent. The whole envelope is read to
 * its end: a body cut short or malformed anywhere is refused (400) even when the file arrived.
 */
async function receive(req: FastifyRequest, workDir: string): Promise<{ path: string; fileName: string }> {
  const path = join(workDir, 'upload');
  let fileName: string | null = null;
  try {
    const parts = req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 50 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue; // other fields are ignored
      if (part.fieldname !== 'file' || fileName !== null) {
        part.file.resume();
        continue;
      }
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw tooLarge();
      fileName = part.filename ?? '';
    }
  } catch (error) {
    throw readError(error);
  }
  if (fileName === null) throw new ApiError(400, imageMessages.noFile);
  return { path, fileName };
}

/** A failure while reading the multipart body: too large (413), else a malformed request (400). */
function readError(error: unknown): ApiError {
  const status = (error as { statusCode?: number }).statusCode;
  const code = (error as { code?: string }).code;
  if (error instanceof ApiError) return error;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  // Too many files, parts or fields.
  if (status === 413 || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ApiError(400, imageMessages.oneFile);
  }
  return new ApiError(400, imageMessages.noFile);
}

export const imageRoutes: TagModule<'getImages' | 'uploadImage' | 'deleteImage'> = {
  tag: 'image',
  handlers: {
    async getImages(_arg, { services: { images } }) {
      return images.list();
    },

    async uploadImage(_arg, { req, services: { images } }) {
      if (!req.isMultipart()) throw new ApiError(415, imageMessages.notMultipart);
      // Said too large by its own length: refused before a byte is read.
      if (Number(req.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES + ENVELOPE) throw tooLarge();
      const workDir = images.tempDir();
      try {
        const { path, fileName } = await receive(req, workDir);
        const stored = await images.store(path, workDir, fileName);
        if (!stored.ok) return { Result: false, Message: imageMessages[stored.reason], Name: '' };
        return { Result: true, Message: imageMessages.uploaded, Name: stored.name };
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },

    async deleteImage({ name }, { services: { images } }) {
      const outcome = await images.remove(name);
      if (outcome.status === 'missing') throw new ApiError(404, imageMessages.notFound);
      if (outcome.status === 'page') return refuse(imageMessages.pageImage);
      if (outcome.status === 'used') return refuse(imageMessages.inUse(outcome.projects, outcome.projectTypes));
      return ok(imageMessages.deleted);
    },
  },
};
