// The image library's calls: what an upload and a deletion come to, as the owner reads it.
import type { ImageUploadResult, MutationResult } from '../../contract/api.ts';
import { notFound } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import type { ImageLibrary } from './library.ts';
import type { Sniffed } from './video.ts';
import { putInTrash, type Who } from '../trash/trash.service.ts';

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

/** Stores the received file: an MP4 with its poster, or an image (a poster beside it is ignored). */
export async function storeUpload(images: ImageLibrary, { file, poster }: Received, workDir: string): Promise<ImageUploadResult> {
  const refused = (Message: string) => ({ Result: false, Message, Name: '' });
  if (file.kind === 'quicktime') return refused(messages.video.quicktime);
  if (file.kind === 'mp4') {
    if (!poster) return refused(messages.video.posterRequired);
    const stored = await images.storeVideo(file.path, poster.path, workDir, file.fileName);
    if (!stored.ok) return refused(stored.reason === 'videoDamaged' ? messages.video.damaged : messages.video.poster(messages.image[stored.poster]));
    return { Result: true, Message: messages.video.uploaded, Name: stored.name };
  }
  const stored = await images.store(file.path, workDir, file.fileName);
  if (!stored.ok) return refused(messages.image[stored.reason]);
  return { Result: true, Message: messages.image.uploaded, Name: stored.name };
}

/** Moves the photo or video (with its poster) to the trash (issue 28): no longer served, its files kept until the trash lets them go. */
export async function deleteImage(images: ImageLibrary, name: string, who: Who): Promise<MutationResult> {
  const outcome = await images.remove(name, {
    keepFiles: true,
    inTransaction: (trx, names) => putInTrash(trx, 'image', name, name, { rows: {}, images: names }, who),
  });
  if (outcome.status === 'missing') throw notFound(messages.image.notFound);
  if (outcome.status === 'page') return refuse(messages.image.pageImage);
  if (outcome.status === 'poster') return refuse(messages.video.posterOfVideo);
  if (outcome.status === 'used') return refuse(messages.image.inUse(outcome.projects, outcome.projectTypes));
  return ok(outcome.video ? messages.video.deleted : messages.image.deleted);
}
