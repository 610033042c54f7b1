// Tag "image": the image library. The upload is the one multipart call of the contract: its
// body is streamed to temporary files (upload.http.ts: an image of at most 20 Mo, or an MP4 of at
// most 100 Mo with its poster), then an image goes to the image worker and a video is stored as
// is beside its poster (library.ts). The handler argument `imageUpload` is not filled: the files
// are read from the request itself.
import { rm } from 'node:fs/promises';
import { DomainError } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import type { TagModule } from '../http/operations.ts';
import * as service from './image.service.ts';
import { receiveUpload } from './upload.http.ts';
import { actorOf } from '../auth/actor.ts';

export const imageRoutes: TagModule<'getImages' | 'uploadImage' | 'deleteImage'> = {
  tag: 'image',
  handlers: {
    getImages: async (_arg, { services: { images } }) => images.list(),

    async uploadImage(_arg, { req, services: { images }, journal }) {
      if (!req.isMultipart()) throw new DomainError('unsupported', messages.image.notMultipart);
      const workDir = images.tempDir();
      try {
        return await service.storeUpload(images, await receiveUpload(req, workDir), workDir, journal);
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },

    deleteImage: async ({ name }, { services: { db, images, now }, userId, journal }) =>
      service.deleteImage(images, name, await actorOf(db, userId, now()), journal),
  },
};
