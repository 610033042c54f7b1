// Sending one file to the photo library (POST /api/image/), for every admin screen that uploads:
// the size limits checked first (the server checks them too), a video's poster made from its
// first frame, the bytes' progress reported as they leave.
import type { ImageInfo, ImageUpload, useUploadImageMutation } from '../../../api/adminApi';
import { onUploadProgress } from '../../../api/uploadTransport';
import { messages } from '../../../messages/withAdmin';
import { imageUrl, variantUrl } from '../../../components/images';
import { outcomeOf } from '../navigator/outcome';
// The server's upload limits (it refuses larger files itself), checked here to spare the wait.
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../../../../contract/images';
import { firstFrame } from './videoPoster';

const t = messages.admin.images;

export const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif,video/mp4';

/** Mo, as the messages say it (1 Mo = 1024 × 1024 bytes). */
export const mo = (bytes: number) => bytes / (1024 * 1024);

/** What the upload buttons say the library takes. */
export const formatsHint = t.formats(mo(MAX_IMAGE_BYTES), mo(MAX_VIDEO_BYTES));

const isMp4 = (file: File) => file.type === 'video/mp4' || /\.mp4$/i.test(file.name);

/** The smallest variant of a library image (of a video's poster), else the file itself. */
export const thumbnailUrl = (name: string, info?: Pick<ImageInfo, 'Widths' | 'Poster'>) => {
  const smallest = info?.Widths[0];
  const shown = info?.Poster || name;
  return smallest ? variantUrl(shown, smallest, 'webp') : imageUrl(shown);
};

/** The multipart body of POST /api/image/ (the generated type names its fields). */
function uploadBody(file: File, poster: Blob | null): ImageUpload {
  const form = new FormData();
  form.append('file', file, file.name);
  if (poster) form.append('poster', poster, `${file.name.replace(/\.[^.]*$/, '')}-affiche.jpg`);
  return form as unknown as ImageUpload;
}

export type Sent = { ok: true; name: string } | { ok: false; message: string };

/**
 * Sends `file`; `started` gets a preview URL (the photo, or the video's first frame) once the
 * bytes start to leave, `progress` how many have. The preview URL is revoked when it is done.
 */
export async function uploadFile(
  upload: ReturnType<typeof useUploadImageMutation>[0],
  file: File,
  { started, progress }: { started(preview: string): void; progress(sent: number, total: number): void },
): Promise<Sent> {
  const video = isMp4(file);
  if (file.size > (video ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES)) {
    return { ok: false, message: video ? t.tooBigVideo(mo(MAX_VIDEO_BYTES)) : t.tooBig(mo(MAX_IMAGE_BYTES)) };
  }
  // A video's poster: its first frame, made here (see videoPoster.ts).
  let poster: Blob | null = null;
  if (video) {
    try {
      poster = await firstFrame(file);
    } catch {
      return { ok: false, message: t.unreadableVideo };
    }
  }
  const preview = URL.createObjectURL(poster ?? file);
  started(preview);
  const stop = onUploadProgress(progress);
  try {
    const result = await upload({ imageUpload: uploadBody(file, poster) });
    if (result.data?.Result && result.data.Name) return { ok: true, name: result.data.Name };
    const outcome = result.data ? outcomeOf({ data: { Result: false, Message: result.data.Message } }) : outcomeOf({ error: result.error! });
    return { ok: false, message: outcome.ok ? '' : outcome.message };
  } finally {
    stop();
    URL.revokeObjectURL(preview);
  }
}
