// The image library's calls: what an upload and a deletion come to, as the owner reads it.
import type { ImageUploadResult, MutationResult } from '../../contract/api.ts';
import { notFound } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import type { ImageLibrary } from './library.ts';
import type { Sniffed } from './video.ts';
import { putInTrash, type Who } from '../trash/trash.service.ts';
import type { JournalHook } from '../journal/journal.service.ts';

export interface ReceivedFile {
  path: string;
  /** The name the sender gave the file. */
  fileName: string;
  /** What its first bytes say: an MP4, a QuickTime movie, or anything else (the image pipeline decides). */
  kind: Sniffed;
}

export interface Received {
  file: ReceivedFile;
  /** The still sent beside a video, when there is one. */
  poster: ReceivedFile | null;
}

/**
 * Stores the received file: an MP4 with its poster, or an image (a poster beside it is ignored).
 * `journal` writes the call's entry in the transaction of the new row (issue 28).
 */
export async function storeUpload(images: ImageLibrary, { file, poster }: Received, workDir: string, journal: JournalHook): Promise<ImageUploadResult> {
  const refused = (Message: string) => ({ Result: false, Message, Name: '' });
  const uploaded = (Message: string, Name: string): ImageUploadResult => ({ Result: true, Message, Name });
  if (file.kind === 'quicktime') return refused(messages.video.quicktime);
  if (file.kind === 'mp4') {
    if (!poster) return refused(messages.video.posterRequired);
    const stored = await images.storeVideo(file.path, poster.path, workDir, file.fileName, (trx, name) => journal(trx, uploaded(messages.video.uploaded, name)));
    if (!stored.ok) return refused(stored.reason === 'videoDamaged' ? messages.video.damaged : messages.video.poster(messages.image[stored.poster]));
    return uploaded(messages.video.uploaded, stored.name);
  }
  const stored = await images.store(file.path, workDir, file.fileName, (trx, name) => journal(trx, uploaded(messages.image.uploaded, name)));
  if (!stored.ok) return refused(messages.image[stored.reason]);
  return uploaded(messages.image.uploaded, stored.name);
}

const deleted = (video: boolean): MutationResult => ok(video ? messages.video.deleted : messages.image.deleted);

/**
 * Moves the photo or video (with its poster) to the trash (issue 28): no longer served, its files
 * kept until the trash lets them go; `journal` writes the call's entry in the same transaction.
 */
export async function deleteImage(images: ImageLibrary, name: string, who: Who, journal: JournalHook): Promise<MutationResult> {
  const outcome = await images.remove(name, {
    keepFiles: true,
    async inTransaction(trx, names, video) {
      await putInTrash(trx, 'image', name, name, { rows: {}, images: names }, who);
      await journal(trx, deleted(video));
    },
  });
  if (outcome.status === 'missing') throw notFound(messages.image.notFound);
  if (outcome.status === 'page') return refuse(messages.image.pageImage);
  if (outcome.status === 'poster') return refuse(messages.video.posterOfVideo);
  if (outcome.status === 'used') return refuse(messages.image.inUse(outcome.projects, outcome.projectTypes));
  return deleted(outcome.video);
}
