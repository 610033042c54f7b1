// The library's files and rows: how a processed image or a video becomes its row, how files are
// put in place under their final names (never half-written there), and how a free name is chosen.
import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, openSync, readSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { patterns } from '../../contract/limits.ts';
import type { ImageTable } from '../db/schema.ts';
import { candidateNames, FORMATS, TEMP_PREFIX, variantName, type PipelineOutcome } from './rules.ts';
import { SNIFF_BYTES, VIDEO_TYPE } from './video.ts';

type Processed = Extract<PipelineOutcome, { ok: true }>;
type ImageRow = ImageTable;

export const parseWidths = (text: string): number[] => (JSON.parse(text) as number[]).filter((w) => Number.isInteger(w) && w > 0);

export const rowOf = (name: string, p: Processed, createdAt: number): ImageRow => ({
  name,
  type: FORMATS[p.format].type,
  width: p.width,
  height: p.height,
  bytes: p.bytes,
  widths: JSON.stringify(p.widths),
  created_at: createdAt,
  deleted_at: null,
  poster: null,
});

/** The row of a video: its own type and size, its poster's dimensions and variant widths. */
export const videoRowOf = (name: string, bytes: number, poster: ImageRow, createdAt: number): ImageRow => ({
  ...poster,
  name,
  type: VIDEO_TYPE,
  bytes,
  created_at: createdAt,
  poster: poster.name,
});

/** Copies `from` to `dir/name` through a temporary name: the final name only ever holds a whole file. */
export function copyInto(from: string, dir: string, name: string): void {
  const partial = join(dir, `${TEMP_PREFIX}${randomBytes(6).toString('hex')}-${name}`);
  copyFileSync(from, partial);
  renameSync(partial, join(dir, name));
}

/** Moves the worker output of `outDir` into `dir` under `name`: variants first, the original last. */
export function install(outDir: string, dir: string, name: string, widths: number[], move: boolean): void {
  const put = (from: string, to: string) => {
    if (move) {
      renameSync(join(outDir, from), join(dir, to));
    } else {
      copyInto(join(outDir, from), dir, to);
    }
  };
  for (const w of widths) {
    put(`${w}.avif`, variantName(name, w, 'avif'));
    put(`${w}.webp`, variantName(name, w, 'webp'));
  }
  put('original', name);
}

/** The first name of `candidateNames(fileName, ext)` that is not taken. */
export function freeName(taken: Set<string>, fileName: string, ext: string): string {
  for (const candidate of candidateNames(fileName, ext)) {
    if (!taken.has(candidate) && patterns.ImageName.test(candidate)) return candidate;
  }
  throw new Error('unreachable: candidateNames never ends');
}

/** The first SNIFF_BYTES bytes of a file. */
export function readHead(path: string): Buffer {
  const head = Buffer.alloc(SNIFF_BYTES);
  const fd = openSync(path, 'r');
  try {
    return head.subarray(0, readSync(fd, head, 0, SNIFF_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}
