// Where the public pages find their images. The API server keeps each photo of the image
// library under /assets/images/<name>, with AVIF and WebP variants of several widths beside it
// (/assets/images/<name>.<width>.avif|webp); a read answer's `Media` says which widths exist and
// the photo's own size. A name outside the library (a file copied by hand) has no Media: it is
// shown as is.
import type { Media } from '../api/api.enhanced';

/** URL of a stored image (or video), from its file name. */
export const imageUrl = (name: string) => `/assets/images/${encodeURIComponent(name)}`;

/** URL of one variant of a library image. */
export const variantUrl = (name: string, width: number, format: 'avif' | 'webp') =>
  `${imageUrl(name)}.${width}.${format}`;

/** `srcset` of one format: every variant width the server made. */
export const srcSet = (name: string, widths: readonly number[], format: 'avif' | 'webp') =>
  widths.map((width) => `${variantUrl(name, width, format)} ${width}w`).join(', ');

/** A video of the library (MP4): shown by its poster, a library image with its own variants. */
export const isVideo = (media: Media | undefined): media is Media & { Poster: string } =>
  media?.Type === 'video/mp4' && Boolean(media.Poster);

/** The one poster file a <video> shows before it plays: the WebP variant nearest 1024 px. */
export function posterUrl(media: Media & { Poster: string }): string {
  const widths = media.Widths;
  const width = widths.find((w) => w >= 1024) ?? widths[widths.length - 1];
  return width ? variantUrl(media.Poster, width, 'webp') : imageUrl(media.Poster);
}

/** The size assumed for a photo without Media (project photos are 4:3). */
export const photoSize = { width: 1200, height: 900 } as const;


/**
 * `sizes` of each place a photo appears (the rendered width at each viewport width), so the
 * browser picks the smallest variant that stays sharp. They follow src/styles/global.css.
 */
export const imageSizes = {
  /** Full-bleed (hero, popup). */
  full: '100vw',
  /** A card of the gallery grids (columns of at least 17rem in a page of at most 75rem). */
  card: '(min-width: 75rem) 23rem, (min-width: 38rem) 50vw, 100vw',
  /** The small cards of the sub-types (columns of at least 13rem). */
  smallCard: '(min-width: 75rem) 17rem, (min-width: 30rem) 50vw, 100vw',
  /** The project photo and the contact photo: 3/5 of the page from 56rem, the whole width below. */
  project: '(min-width: 75rem) 43rem, (min-width: 56rem) 58vw, 100vw',
  /** The carousel (at most 60rem wide) and the single welcome photo. */
  carousel: '(min-width: 60rem) 60rem, 100vw',
  /** The owner's portrait of the about page (at most 22rem on phones, 2/5 of the page from 56rem). */
  portrait: '(min-width: 75rem) 29rem, (min-width: 56rem) 38vw, 22rem',
} as const;
