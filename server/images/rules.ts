// The agreements of the image library shared by the server and its worker process: limits,
// variant widths, file names, French messages. No sharp here (the server process never loads it).

/** At most 20 Mo per upload. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** At most 50 megapixels (width × height, every frame of an animation counted). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Widths of the AVIF and WebP variants, never wider than the original. */
export const STANDARD_WIDTHS = [320, 640, 1024, 1600] as const;
/** Bump when the pipeline's output changes: the seeding cache is keyed by it. */
export const PIPELINE_VERSION = 'atelier-images-2';

/**
 * How the server starts its image worker (library.ts), chosen for the memory budget of issue 6
 * (server and worker together at most 300 MB; measured by `npm run bench:images`):
 * - MALLOC_ARENA_MAX=2: fewer glibc malloc arenas for libvips' threads, less memory left in them;
 * - MALLOC_MMAP_THRESHOLD_: a fixed threshold turns off glibc's sliding one, under which a buffer
 *   freed by one step (the decoded photo, the AVIF encoder's frame) stayed in the heap and the next
 *   step's came on top of it; every large buffer now goes back to the system when freed
 *   (worker peak 222 -> 208 MB);
 * - a 1 MB V8 young generation: the worker's JavaScript allocates next to nothing.
 */
export const WORKER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;
export const WORKER_NODE_OPTIONS = ['--max-semi-space-size=1'] as const;

/**
 * The variant widths of an image `width` px wide: each standard width, capped at the original
 * width, without duplicates (4000 → 320 640 1024 1600; 800 → 320 640 800; 200 → 200).
 */
export function variantWidths(width: number): number[] {
  return [...new Set(STANDARD_WIDTHS.map((w) => Math.min(w, width)))].sort((a, b) => a - b);
}

export const variantName = (name: string, width: number, format: 'avif' | 'webp'): string => `${name}.${width}.${format}`;

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

/** The contract's ImageName: at most 50 characters, a plain file name. */
export const MAX_NAME_LENGTH = 50;
export const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

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

/** The first three are the issue's own words, which the client shows (and its tests expect) as is. */
export const imageMessages = {
  tooLarge: 'Image trop volumineuse (20 Mo maximum)',
  unsupported: "Format d'image non pris en charge",
  tooManyPixels: 'Image trop grande (50 mégapixels maximum)',
  damaged: 'Image endommagée ou illisible : exportez-la de nouveau et réessayez.',
  noFile: "Aucune image reçue : envoyez le fichier dans le champ « file » d'un formulaire multipart/form-data.",
  oneFile: "Envoyez une seule image à la fois, dans le champ « file ».",
  notMultipart: "Envoyez l'image en multipart/form-data, dans le champ « file ».",
  // No file name in these: the answer's Name carries it, and a name is the sender's text.
  uploaded: 'Image enregistrée, avec ses variantes AVIF et WebP.',
  deleted: 'Image effacée, avec ses variantes.',
  notFound: "Image introuvable : elle a peut-être été effacée entre-temps.",
  pageImage: "Cette image est celle d'une page du site (accueil, à propos ou contact) : elle ne peut pas être effacée.",
  inUse: (projects: number, types: number) => {
    const parts: string[] = [];
    if (projects > 0) parts.push(`${projects} projet${projects > 1 ? 's' : ''}`);
    if (types > 0) parts.push(`${types} type${types > 1 ? 's' : ''} de projet`);
    return `Image utilisée par ${parts.join(' et ')} : choisissez-leur une autre image avant de l'effacer.`;
  },
} as const;

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
}
