// Videos of the library: MP4 files stored as they were sent (no re-encoding: the server
// carries no video tool), each with a poster, a still image that goes through the image pipeline.
//
// An MP4 is recognised by its content, not its name: an ISO base media file starts with an `ftyp`
// box (size, 'ftyp', major brand, minor version, compatible brands) whose major or one of whose
// compatible brands is of the MP4 family. QuickTime-only files ('qt  ' without any MP4 brand, as
// iPhones record .mov) are refused with their own message: browsers other than Safari do not
// promise to play them, and serving one as video/mp4 would be a lie. HEIF images (AVIF, HEIC) also
// start with an `ftyp` box: their brands are image brands and they go to the image pipeline.
// Once stored in full, the file's top-level boxes are walked: they must follow each other up to
// the end of the file exactly, with a `moov` (the index a player needs) — a truncated or damaged
// upload is refused instead of being served as a video no one can play.
import { open } from 'node:fs/promises';

export const VIDEO_TYPE = 'video/mp4';
export const VIDEO_EXT = 'mp4';

/** Brands of the MP4 family (ISO/IEC 14496-12 and -14, and what cameras and encoders write). */
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9',
  'mp41', 'mp42', 'mp71', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'msdh', 'msix', 'cmfc', 'cmf2',
  'f4v ', 'XAVC', 'MSNV', 'NDAS', 'mmp4',
]);
/** Brands of HEIF still images and image sequences: those files are images, not videos. */
const IMAGE_BRANDS = new Set(['mif1', 'mif2', 'miaf', 'msf1', 'avif', 'avis', 'avio', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'heif', 'jpeg', 'jpgs']);
const QUICKTIME = 'qt  ';

/** How many leading bytes `sniffFtyp` wants to see (more are fine, fewer may say 'unknown'). */
export const SNIFF_BYTES = 512;

export type Sniffed = 'mp4' | 'quicktime' | 'other';

/**
 * What the first bytes of a file say: an MP4, a QuickTime-only movie, or something else (an image,
 * or anything: the image pipeline decides). `head` should hold the first SNIFF_BYTES bytes (or the
 * whole file when shorter).
 */
export function sniffFtyp(head: Buffer): Sniffed {
  if (head.length < 16 || head.toString('latin1', 4, 8) !== 'ftyp') return 'other';
  const size = head.readUInt32BE(0);
  // A sane ftyp: major brand + minor version at least, brands in whole 4-byte words, not huge.
  if (size < 16 || size > 4096 || (size - 16) % 4 !== 0) return 'other';
  const end = Math.min(size, head.length);
  const brands = [head.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(head.toString('latin1', at, at + 4));
  if (brands.some((brand) => IMAGE_BRANDS.has(brand))) return 'other';
  if (brands.some((brand) => MP4_BRANDS.has(brand))) return 'mp4';
  if (brands.includes(QUICKTIME)) return 'quicktime';
  return 'other';
}

/**
 * Walks the top-level boxes of a stored file: true when it is a whole MP4 (ftyp first, boxes
 * chained to the end of the file exactly, a moov among them). Reads a few bytes per box only.
 */
export async function isWholeMp4(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(16);
    let at = 0;
    let first = true;
    let moov = false;
    while (at < size) {
      if (size - at < 8) return false;
      await file.read(header, 0, 16, at);
      let boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (first && type !== 'ftyp') return false;
      first = false;
      if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
      if (boxSize === 1) {
        if (size - at < 16) return false;
        const large = header.readBigUInt64BE(8);
        if (large > BigInt(Number.MAX_SAFE_INTEGER)) return false;
        boxSize = Number(large);
        if (boxSize < 16) return false;
      } else if (boxSize === 0) {
        boxSize = size - at; // the last box runs to the end of the file
      } else if (boxSize < 8) {
        return false;
      }
      if (type === 'moov') moov = true;
      at += boxSize;
    }
    return at === size && moov;
  } finally {
    await file.close();
  }
}

/** The poster's name is made from the video's: `<video stem>-affiche.<ext of the still>`. */
export const posterBaseName = (videoName: string): string => `${videoName.replace(/\.[^.]*$/, '')}-affiche`;

/** The demo videos' posters are beside them in server/demo/images, as JPEG. */
export const demoPosterName = (videoName: string): string => `${posterBaseName(videoName)}.jpg`;
