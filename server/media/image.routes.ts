// Tag "image": the image library. The upload is the one multipart call of the contract: its
// body is streamed to temporary files (server/media/upload.ts: an image of at most 20 Mo, or an
// MP4 of at most 100 Mo with its poster), then an image goes to the image worker and a video is
// stored as is beside its poster (server/media/). The handler argument `imageUpload` is not
// filled: the files are read from the request itself.
import { rm } from 'node:fs/promises';
import { ApiError, ok, refuse, type TagModule } from '../http/operations.ts';
import { receiveUpload } from './upload.http.ts';
import { messages } from '../domain/messages.ts';

export const imageRoutes: TagModule<'getImages' | 'uploadImage' | 'deleteImage'> = {
  tag: 'image',
  handlers: {
    async getImages(_arg, { services: { images } }) {
      return images.list();
    },

    async uploadImage(_arg, { req, services: { images } }) {
      if (!req.isMultipart()) throw new ApiError(415, messages.image.notMultipart);
      const workDir = images.tempDir();
      try {
        const { file, poster } = await receiveUpload(req, workDir);
        const refused = (Message: string) => ({ Result: false, Message, Name: '' });
        if (file.kind === 'quicktime') return refused(messages.video.quicktime);
        if (file.kind === 'mp4') {
          if (!poster) return refused(messages.video.posterRequired);
          const stored = await images.storeVideo(file.path, poster.path, workDir, file.fileName);
          if (!stored.ok) return refused(stored.reason === 'videoDamaged' ? messages.video.damaged : messages.video.poster(messages.image[stored.poster]));
          return { Result: true, Message: messages.video.uploaded, Name: stored.name };
        }
        // An image: a poster sent beside it is ignored.
        const stored = await images.store(file.path, workDir, file.fileName);
        if (!stored.ok) return refused(messages.image[stored.reason]);
        return { Result: true, Message: messages.image.uploaded, Name: stored.name };
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },

    async deleteImage({ name }, { services: { images } }) {
      const outcome = await images.remove(name);
      if (outcome.status === 'missing') throw new ApiError(404, messages.image.notFound);
      if (outcome.status === 'page') return refuse(messages.image.pageImage);
      if (outcome.status === 'poster') return refuse(messages.video.posterOfVideo);
      if (outcome.status === 'used') return refuse(messages.image.inUse(outcome.projects, outcome.projectTypes));
      return ok(outcome.video ? messages.video.deleted : messages.image.deleted);
    },
  },
};
