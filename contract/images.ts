// What the client and the server agree on about the image library beyond openapi.yaml's schemas:
// the upload limits.

/** At most 20 Mo per image upload (and per video poster). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** At most 100 Mo per video. */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
