// The demo images of a fresh install go through the same pipeline as uploads, through a cache
// (demoCache.ts). When the cache does not have them yet (the first start after a clone), their
// originals are stored first (no variants, so their Media lists no width) and the server answers
// at once; finishDemoVariants() then encodes the variants in the background and, once their files
// are in place, writes their widths into the rows. Demo videos (server/demo/images/*.mp4) come
// with their poster `<stem>-affiche.jpg` beside them.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { patterns } from '../../contract/limits.ts';
import type { Db } from '../db/database.ts';
import type { ImageTable } from '../db/schema.ts';
import { cachedOutcome, demoInputs, fillDemoCache, runWorkers } from './demoCache.ts';
import * as imageRows from './image.repository.ts';
import { copyInto, install, readHead, rowOf, videoRowOf } from './storage.ts';
import { demoPosterName, isWholeMp4, sniffFtyp, VIDEO_EXT } from './video.ts';
import type { serial } from './workerRunner.ts';

type ImageRow = ImageTable;

export interface DemoImportContext {
  db: Db;
  /** DATA_DIR/images */
  dir: string;
  demoImagesDir: string;
  workerPath: string;
  cacheDir?: string;
  timeout: number;
  /** The library's one queue of worker runs. */
  queue: ReturnType<typeof serial>;
  tempDir(): string;
}

export function createDemoImport(ctx: DemoImportContext) {
  const { db, dir, queue, timeout, tempDir } = ctx;
  const options = ctx;
  return {
    async importDemoImages() {
      const now = Date.now();
      const rows: ImageRow[] = [];
      const cached = (key: string) => (options.cacheDir === undefined ? null : cachedOutcome(join(options.cacheDir, key)));
      const inputs = demoInputs(options.demoImagesDir);
      const quickInputs: typeof inputs = [];
      for (const input of inputs) {
        const outcome = cached(input.key);
        if (!outcome) {
          quickInputs.push(input);
          continue;
        }
        install(join(options.cacheDir as string, input.key), dir, input.file, outcome.widths, false);
        rows.push(rowOf(input.file, outcome, now));
      }
      // Not in the cache: the originals only, now; their variants come from finishDemoVariants().
      const quick = quickInputs.map((i) => ({ ...i, outDir: tempDir() }));
      try {
        const outcomes = await queue(() => runWorkers(options.workerPath, quick.map((q) => ({ input: q.path, outDir: q.outDir, variants: false })), timeout));
        quick.forEach((q, i) => {
          const outcome = outcomes[i];
          if (!outcome?.ok) return; // refused by the pipeline: served from the demo folder as before
          install(q.outDir, dir, q.file, [], true);
          rows.push(rowOf(q.file, outcome, now));
        });
        // Demo videos: stored as is, like an upload, with their poster (imported just above).
        for (const file of readdirSync(options.demoImagesDir).sort()) {
          if (!file.endsWith(`.${VIDEO_EXT}`) || !patterns.ImageName.test(file)) continue;
          const poster = rows.find((row) => row.name === demoPosterName(file));
          const path = join(options.demoImagesDir, file);
          if (!poster || sniffFtyp(readHead(path)) !== 'mp4' || !(await isWholeMp4(path))) continue; // served from the demo folder as before
          copyInto(path, dir, file);
          rows.push(videoRowOf(file, statSync(path).size, poster, now));
        }
        return rows;
      } finally {
        for (const q of quick) rmSync(q.outDir, { recursive: true, force: true });
      }
    },

    async finishDemoVariants() {
      const demoFiles = new Set(demoInputs(options.demoImagesDir).map((i) => i.file));
      const pending = (await imageRows.imagesWithoutVariants(db)).filter((name) => demoFiles.has(name));
      if (pending.length === 0) return 0;
      // Without a persistent cache, a throwaway one inside DATA_DIR/images (moved from, then removed).
      const cacheDir = options.cacheDir ?? tempDir();
      try {
        const inputs = await queue(() => fillDemoCache({ ...options, cacheDir, only: new Set(pending) }));
        const done: Array<{ name: string; widths: number[] }> = [];
        for (const input of inputs) {
          const folder = join(cacheDir, input.key);
          const outcome = cachedOutcome(folder);
          if (!outcome) continue;
          const { widths } = outcome;
          install(folder, dir, input.file, widths, options.cacheDir === undefined); // files first…
          done.push({ name: input.file, widths });
        }
        // …then the rows (a video's carries its poster's widths), all at once.
        await db.transaction().execute(async (trx) => {
          for (const { name, widths } of done) await imageRows.setWidths(trx, name, widths);
        });
        return done.length;
      } finally {
        if (options.cacheDir === undefined) rmSync(cacheDir, { recursive: true, force: true });
      }
    },

  };
}
