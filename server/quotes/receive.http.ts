// Reading a quote request's multipart body: the text fields (kept as strings, at most 8 KiB each)
// and up to five photos in the part `Photos`, each streamed to a file of the work folder and
// stopped past 20 Mo. A file part without content (a form sent without choosing a photo) is
// ignored. The whole envelope is read: a body cut short is refused.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import { MAX_IMAGE_BYTES as MAX_UPLOAD_BYTES } from '../../contract/images.ts';
import { ENVELOPE } from '../media/upload.http.ts';
import { UnreadableQuote, type ReceivedQuote } from './quote.service.ts';
import { MAX_PHOTOS } from './rules.ts';

/** The longest body a request may have: five photos, the text fields and the envelope. */
export const MAX_QUOTE_BODY = MAX_PHOTOS * MAX_UPLOAD_BYTES + ENVELOPE;


export const photoTooLarge = () => new UnreadableQuote('photoTooLarge', 'too-large', { endsConnection: true });
const malformed = () => new UnreadableQuote('malformed', 'invalid');

/** Counts the bytes and stops the stream past the photo limit. */
class Limit extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(this.bytes > MAX_UPLOAD_BYTES ? photoTooLarge() : null, chunk);
  }
}

export async function receiveQuote(req: FastifyRequest, workDir: string): Promise<ReceivedQuote> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_QUOTE_BODY) throw photoTooLarge();
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const photos: string[] = [];
  let tooManyPhotos = false;
  try {
    const parts = req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: MAX_PHOTOS + 5, fields: 20, parts: 30, fieldSize: 8192, headerPairs: 50 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated || part.valueTruncated) throw malformed();
        // A field sent twice keeps its first value; a file's name never becomes a field.
        if (!(part.fieldname in fields)) fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== 'Photos' || photos.length >= MAX_PHOTOS) {
        if (part.fieldname === 'Photos') tooManyPhotos = true;
        part.file.resume();
        continue;
      }
      const path = join(workDir, `in-${photos.length + 1}`);
      const limit = new Limit();
      await pipeline(part.file, limit, createWriteStream(path));
      if (limit.bytes > 0) photos.push(path);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
    throw malformed();
  }
  return { fields, photos, tooManyPhotos };
}
