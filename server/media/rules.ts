// What the server and its image worker agree on: the pixel limit, the variant widths and names,
// the accepted formats, how an upload's stored name is made, and the jobs and outcomes they
// exchange. No sharp here (the server process never loads it).
import { limits } from '../../contract/limits.ts';

/**
 * A file of the library as served and backed up: the contract's ImageName, of at most 100
 * characters (a variant, `<name>.1600.avif`, is longer than an ImageName).
 */
export const SERVED_NAME = new RegExp(`(?=^.{1,100}$)${limits.ImageName.pattern}`);
/** At most 50 megapixels (width × height, every frame of an animation counted). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Widths of the AVIF and WebP variants, never wider than the original. */
const STANDARD_WIDTHS = [320, 640, 800, 1024, 1600] as const;
/** Temporary files and folders start with it: a dot name, never served nor backed up. */
export const TEMP_PREFIX = '.tmp-';
/** Bump when the pipeline's output changes: the seeding cache is keyed by it. */
export const PIPELINE_VERSION = 'atelier-images-3';

/**
 * The variant widths of an image `width` px wide: each standard width, capped at the original
 * width, without duplicates (4000 → 320 640 800 1024 1600; 900 → 320 640 800 900; 200 → 200).
 */
export function variantWidths(width: number): number[] {
  return [...new Set(STANDARD_WIDTHS.map((w) => Math.min(w, width)))].sort((a, b) => a - b);
}

export const variantName = (name: string, width: number, format: 'avif' | 'webp'): string => `${name}.${width}.${format}`;

/** The link preview of a library photo (issue 34), kept beside its variants: `<Name>.og.jpg`. */
export const previewName = (name: string): string => `${name}.og.jpg`;
/** The variant a link preview is cut from: this width, or the largest when the photo is narrower. */
export const PREVIEW_SOURCE_WIDTH = 1600;

/** `<Name>.<width>.avif|webp` → its parts, else null. */
export function parseVariantName(file: string): { name: string; width: number; format: 'avif' | 'webp' } | null {
  const match = /^(.+)\.([1-9][0-9]{0,4})\.(avif|webp)$/.exec(file);
  if (!match) return null;
  return { name: match[1] as string, width: Number(match[2]), format: match[3] as 'avif' | 'webp' };
}

/** The formats accepted, as the worker reports them. */
export const FORMATS = {
  jpeg: { ext: 'jpg', type: 'image/jpeg' },
  png: { ext: 'png', type: 'image/png' },
  webp: { ext: 'webp', type: 'image/webp' },
  avif: { ext: 'avif', type: 'image/avif' },
  gif: { ext: 'gif', type: 'image/gif' },
} as const;
export type ImageFormat = keyof typeof FORMATS;

const MAX_NAME_LENGTH = limits.ImageName.maxLength;

const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae', ß: 'ss', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', þ: 'th', ð: 'd' };

/**
 * The slug of an uploaded file name, without extension: its last path segment, accents folded,
 * lower-case ASCII letters, digits and single hyphens (`Cuisine Érable (1).JPG` → `cuisine-erable-1`).
 * Empty when nothing usable is left.
 */
export function slugOf(fileName: string): string {
  const last = fileName.split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  const stem = dot > 0 ? last.slice(0, dot) : last;
  return stem
    .replace(/[œŒæÆßøØłŁđĐþð]/g, (c) => LIGATURES[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Candidate stored names for an upload, in order: `<slug>.<ext>`, then `<slug>-2.<ext>`, `-3`…,
 * each at most 50 characters (the slug is shortened to leave room for the suffix).
 */
export function* candidateNames(fileName: string, ext: string): Generator<string> {
  const slug = slugOf(fileName) || 'image';
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const room = MAX_NAME_LENGTH - suffix.length - ext.length - 1;
    const base = slug.slice(0, room).replace(/-+$/, '') || 'image';
    yield `${base}${suffix}.${ext}`;
  }
}

/** What the worker answers for one image. */
export type PipelineOutcome =
  | { ok: true; format: ImageFormat; width: number; height: number; widths: number[]; bytes: number }
  | { ok: false; reason: 'unsupported' | 'tooManyPixels' | 'damaged' };

/** One job for the worker: read `input`, write `original` and `<variantPrefix>.<w>.avif|webp` into `outDir`. */
export interface PipelineJob {
  input: string;
  outDir: string;
  /** false: the original only, no variants (the outcome's widths is empty): a demo photo at first start. */
  variants?: boolean;
  /** A link preview instead: `input` (a variant) cut to this size, written as `outDir/preview.jpg`. */
  preview?: { width: number; height: number };
}
