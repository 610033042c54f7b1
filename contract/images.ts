// What the client and the server agree on about the image library beyond openapi.yaml's schemas:
// the upload limits and the photos of the public pages.
import type { Media } from './api.ts';

/** At most 20 Mo per image upload (and per video poster). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** At most 100 Mo per video. */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

/**
 * The photos of the welcome, about and contact pages: demo images that went through the image
 * pipeline at seeding (widths 320, 640, 1024 and 1600, never wider than the original).
 */
export const pageImages = {
  welcome: { name: 'accueil.jpg', media: { Type: 'image/jpeg', Width: 1920, Height: 1080, Widths: [320, 640, 1024, 1600] } },
  workshop: { name: 'atelier.jpg', media: { Type: 'image/jpeg', Width: 1600, Height: 1000, Widths: [320, 640, 1024, 1600] } },
  owner: { name: 'proprietaire.jpg', media: { Type: 'image/jpeg', Width: 900, Height: 1200, Widths: [320, 640, 900] } },
} as const satisfies Record<string, { name: string; media: Media }>;
