// What the client and the server agree on about the image library beyond openapi.yaml's schemas:
// the upload limits and the size of a link preview's photo.

/** At most 20 Mo per image upload (and per video poster). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** At most 100 Mo per video. */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

/** The size of a link preview's photo: the server cuts /assets/og/<name>.jpg to it, the pages' og:image:width/height say it. */
export const OG_IMAGE = { width: 1200, height: 630 } as const;

/** Where the link-preview JPEG of a library photo is served (server/site/seo.routes.ts). */
export const OG_IMAGE_PREFIX = '/assets/og/';
/** The link-preview JPEG of the library photo `name`. */
export const ogImagePath = (name: string): string => `${OG_IMAGE_PREFIX}${encodeURIComponent(name)}.jpg`;
