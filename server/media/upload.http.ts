// Reading the upload's multipart body (POST /api/image/): the `file` part (an image, or an MP4
// video) and, for a video, the `poster` part (a still image), in either order, each streamed to
// its own file of the upload's temporary folder. Limits are checked while streaming, as soon as
// the content says what the file is: an MP4 may weigh 100 Mo, an image (and a poster) 20 Mo. The
// caller removes the folder whatever happens, so a refusal leaves nothing.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../../contract/images.ts';
import { messages } from '../domain/messages.ts';
import type { Received, ReceivedFile } from './image.service.ts';
import { sniffFtyp, SNIFF_BYTES, type Sniffed } from './video.ts';

/** Room for the multipart envelope around the files (boundaries, part headers). */
export const ENVELOPE = 64 * 1024;
/** The longest body an upload may have: a video, its poster and the envelope. */
const MAX_UPLOAD_BODY = MAX_VIDEO_BYTES + MAX_IMAGE_BYTES + ENVELOPE;

const imageTooLarge = () => new DomainError('too-large', messages.image.tooLarge, { endsConnection: true });
const videoTooLarge = () => new DomainError('too-large', messages.video.tooLarge, { endsConnection: true });

/**
 * Passes the bytes through, keeps the first SNIFF_BYTES to tell an MP4 from anything else, and
 * stops the stream as soon as it is over its limit: 100 Mo for an MP4, 20 Mo for anything else
 * (`video: false`: a poster is always an image).
 */
class Sniffer extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private bytes = 0;
  kind: Sniffed | null = null;
  private readonly video: boolean;

  constructor(video: boolean) {
    super();
    this.video = video;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.kind === null) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SNIFF_BYTES) this.decide();
    }
    done(this.over(), chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.kind === null) this.decide();
    done(this.over());
  }

  private decide(): void {
    const head = Buffer.concat(this.head).subarray(0, SNIFF_BYTES);
    this.kind = this.video ? sniffFtyp(head) : 'other';
    this.head = [];
  }

  private over(): DomainError | null {
    if (this.kind === 'mp4') return this.bytes > MAX_VIDEO_BYTES ? videoTooLarge() : null;
    // Undecided (fewer than SNIFF_BYTES so far) is far below any limit.
    return this.kind !== null && this.bytes > MAX_IMAGE_BYTES ? imageTooLarge() : null;
  }
}

/**
 * The uploaded file (and poster), streamed into `workDir`. The whole envelope is read to its end:
 * a body cut short or malformed anywhere is refused (400) even when the files arrived.
 */
export async function receiveUpload(req: FastifyRequest, workDir: string): Promise<Received> {
  // Said too large by its own length: refused before a byte is read.
  if (Number(req.headers['content-length'] ?? 0) > MAX_UPLOAD_BODY) throw videoTooLarge();
  let file: ReceivedFile | null = null;
  let poster: ReceivedFile | null = null;
  try {
    // One byte over the video limit passes the parser, so that the Sniffer says which limit it is.
    const parts = req.parts({ limits: { fileSize: MAX_VIDEO_BYTES + 1, files: 3, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 50 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue; // other fields are ignored
      const isFile = part.fieldname === 'file';
      if (!isFile && part.fieldname !== 'poster') {
        part.file.resume();
        continue;
      }
      if (isFile ? file : poster) throw new DomainError('invalid', isFile ? messages.image.oneFile : messages.video.onePoster, { endsConnection: true });
      const path = join(workDir, isFile ? 'upload' : 'poster');
      const sniffer = new Sniffer(isFile);
      await pipeline(part.file, sniffer, createWriteStream(path));
      const received = { path, fileName: part.filename ?? '', kind: sniffer.kind ?? 'other' };
      if (isFile) file = received;
      else poster = received;
    }
  } catch (error) {
    throw readError(error);
  }
  if (file === null) throw new DomainError('invalid', messages.image.noFile);
  return { file, poster };
}

/** A failure while reading the multipart body: too large (413), else a malformed request (400). */
function readError(error: unknown): DomainError {
  const status = (error as { statusCode?: number }).statusCode;
  const code = (error as { code?: string }).code;
  if (error instanceof DomainError) return error;
  // Only past the video limit (the Sniffer stops an image at its own): over 100 Mo.
  if (code === 'FST_REQ_FILE_TOO_LARGE') return videoTooLarge();
  // Too many files, parts or fields.
  if (status === 413 || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new DomainError('invalid', messages.image.oneFile);
  }
  return new DomainError('invalid', messages.image.noFile);
}
