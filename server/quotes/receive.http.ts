// Reading a quote request's multipart body: the text fields (kept as strings, at most 8 KiB each)
// and up to five photos in the part `Photos`, each streamed to a file of the work folder and
// stopped past 20 Mo. A file part without content (a form sent without choosing a photo) is
// ignored. The whole envelope is read: a body cut short is refused.
//
// Issue 34: the text fields come first (the form puts its photos last), and are checked — token
// included — when the first photo part begins (or at the end, without photos): a request refused
// by them is answered before a byte of a photo is written. A photo whose first bytes are no image
// format the pipeline takes stops the request there, before any worker time.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import { MAX_IMAGE_BYTES as MAX_UPLOAD_BYTES } from '../../contract/images.ts';
import { ENVELOPE } from '../media/upload.http.ts';
import { QuoteStopped, UnreadableQuote, type FieldsCheck, type ReceivedQuote } from './quote.service.ts';
import { looksLikeImage, MAX_PHOTOS, SNIFF_PHOTO_BYTES } from './rules.ts';

/** The longest body a request may have: five photos, the text fields and the envelope. */
export const MAX_QUOTE_BODY = MAX_PHOTOS * MAX_UPLOAD_BYTES + ENVELOPE;

export const photoTooLarge = () => new UnreadableQuote('photoTooLarge', 'too-large', { endsConnection: true });
const malformed = () => new UnreadableQuote('malformed', 'invalid');

/** A photo part whose first bytes are no image (number: its place among the photos, from 1). */
class NotAnImage extends Error {
  readonly number: number;
  constructor(number: number) {
    super('not an image');
    this.number = number;
  }
}

/** Counts the bytes, stops the stream past the photo limit, and stops it at once when its first bytes are no image. */
class Limit extends Transform {
  bytes = 0;
  private head: Buffer[] = [];
  private decided = false;
  private readonly number: number;
  constructor(number: number) {
    super();
    this.number = number;
  }
  private check(): Error | null {
    this.decided = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    return looksLikeImage(head) ? null : new NotAnImage(this.number);
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > MAX_UPLOAD_BYTES) return done(photoTooLarge());
    if (!this.decided) {
      this.head.push(chunk);
      if (this.bytes >= SNIFF_PHOTO_BYTES) {
        const refused = this.check();
        if (refused) return done(refused);
      }
    }
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    // An empty part is no photo (a form sent without one); a short one is checked as it is.
    done(!this.decided && this.bytes > 0 ? this.check() : null);
  }
}

/**
 * Reads the body into `workDir`; `check` is called once with the text fields, before the first
 * photo is written (or at the end): its refusal stops the reading.
 */
export async function receiveQuote(req: FastifyRequest, workDir: string, check: FieldsCheck): Promise<ReceivedQuote> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_QUOTE_BODY) throw photoTooLarge();
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const photos: string[] = [];
  let tooManyPhotos = false;
  let checked = false;
  const checkFields = async () => {
    checked = true;
    const refusal = await check(fields);
    if (refusal) throw new QuoteStopped(refusal);
  };
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
      if (!checked) await checkFields();
      const path = join(workDir, `in-${photos.length + 1}`);
      const limit = new Limit(photos.length + 1);
      await pipeline(part.file, limit, createWriteStream(path));
      if (limit.bytes > 0) photos.push(path);
    }
  } catch (error) {
    if (error instanceof NotAnImage) return { fields, photos, tooManyPhotos, notAnImage: error.number };
    if (error instanceof DomainError || error instanceof QuoteStopped) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
    throw malformed();
  }
  if (!checked) await checkFields();
  return { fields, photos, tooManyPhotos };
}
