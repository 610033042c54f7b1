// The image pipeline, run by the worker process (server/media/worker.ts), never by the server
// itself: format recognised by content, size checked from the header before any decoding, the
// picture turned upright from its EXIF orientation and re-encoded without metadata (sharp writes
// none unless asked: no EXIF, no GPS, no XMP, no IPTC; colours converted to sRGB), then AVIF and
// WebP variants at the widths of rules.ts.
//
// Output, in job.outDir: `original` (the upright image in its own format), `<w>.avif`, `<w>.webp`
// (no variants when the job says `variants: false`).
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS, variantWidths, type ImageFormat, type PipelineJob, type PipelineOutcome } from './rules.ts';

/**
 * Speed and quality: AVIF effort 2 (of 9) makes a 1600-px variant in about half a second here
 * where the default effort 4 takes ten times as long for a file barely smaller; quality 50 is
 * sharp's default. WebP effort 2 (of 6; sharp's default is 4): a 1600-px variant of the bench's
 * 4000×3000 photo in 0.20 s instead of 0.63, of a demo photo 0.05 s instead of 0.16, for a file
 * 3 % smaller to 9 % larger, loaded only by browsers without AVIF (Safari before 16.4…). An
 * upload is done 0.45 s sooner (bench:images, 2.99 → 2.55 s on the 2-core machine).
 */
const AVIF = { quality: 50, effort: 2 } as const;
const WEBP = { quality: 75, effort: 2 } as const;

/**
 * sharp settings for a small server: one image at a time, no operation cache kept in memory, one
 * libvips thread (the AVIF encoder keeps buffers per thread: a second one cost 10 MB at the
 * worker's peak for about 0.1 s less on a 4000×3000 photo).
 */
export function configureSharp(): void {
  sharp.cache(false);
  sharp.concurrency(1);
}

function formatOf(meta: Metadata): ImageFormat | null {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return meta.format;
    case 'heif':
      // HEIF holds AVIF (AV1) and HEIC (HEVC): only AVIF is accepted.
      return meta.compression === 'av1' ? 'avif' : null;
    default:
      return null;
  }
}

function encodeOriginal(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 90 });
    case 'png':
      return image.png({ compressionLevel: 6 });
    case 'webp':
      return image.webp({ quality: 90 });
    case 'avif':
      return image.avif({ quality: 70, effort: 2 });
    case 'gif':
      return image.gif();
  }
}

export async function processImage(job: PipelineJob): Promise<PipelineOutcome> {
  let meta: Metadata;
  try {
    // Reads the header only (no pixel limit here: the declared size is checked below).
    meta = await sharp(job.input, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'unsupported' }; // not an image sharp knows (text, empty file…)
  }
  const format = formatOf(meta);
  if (!format) return { ok: false, reason: 'unsupported' };
  if (!meta.width || !meta.height) return { ok: false, reason: 'damaged' };
  const animated = (meta.pages ?? 1) > 1 && (format === 'gif' || format === 'webp');
  const frameHeight = meta.pageHeight ?? meta.height;
  // A decompression bomb is refused here, from the declared size, before anything is decoded
  // (every frame of an animation counts).
  if (meta.width * frameHeight * (animated ? (meta.pages ?? 1) : 1) > MAX_INPUT_PIXELS) return { ok: false, reason: 'tooManyPixels' };

  try {
    // The same limit again inside sharp, in case the header lied.
    const input = { limitInputPixels: MAX_INPUT_PIXELS, animated };
    const original = join(job.outDir, 'original');
    // Animations (GIF, WebP) carry no EXIF orientation: only still images are turned.
    const upright = animated ? sharp(job.input, input) : sharp(job.input, input).rotate();
    const info = await encodeOriginal(upright, format).toFile(original);
    const width = info.width;
    const height = animated ? (info.pageHeight ?? info.height) : info.height;
    if (job.variants === false) return { ok: true, format, width, height, widths: [], bytes: (await stat(original)).size };

    // One decode at the largest variant width (JPEG shrink-on-load makes it cheap), then every
    // variant from that buffer. Variants are still images: the first frame of an animation.
    const widths = variantWidths(width);
    const largest = widths[widths.length - 1] as number;
    const base = await sharp(job.input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: largest })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
    for (const w of [...widths].reverse()) {
      const resized = () => sharp(base.data, raw).resize({ width: w });
      await resized().avif(AVIF).toFile(join(job.outDir, `${w}.avif`));
      await resized().webp(WEBP).toFile(join(job.outDir, `${w}.webp`));
    }
    const bytes = (await stat(original)).size;
    return { ok: true, format, width, height, widths, bytes };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { ok: false, reason: 'tooManyPixels' };
    return { ok: false, reason: 'damaged' };
  }
}

/**
 * A link preview (issue 34): the variant `job.input` (already upright, at most 1600 px wide) cut
 * to `job.preview`'s size around what draws the eye, as a JPEG, into `outDir/preview.jpg`.
 */
export async function previewImage(job: PipelineJob & { preview: { width: number; height: number } }): Promise<PipelineOutcome> {
  try {
    const info = await sharp(job.input, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(job.preview.width, job.preview.height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#faf7f2' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toFile(join(job.outDir, 'preview.jpg'));
    return { ok: true, format: 'jpeg', width: info.width, height: info.height, widths: [], bytes: info.size };
  } catch {
    return { ok: false, reason: 'damaged' };
  }
}
