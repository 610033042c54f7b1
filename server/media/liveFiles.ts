// The live library files that GET /assets/... has seen: nearly every file a visitor loads, and
// only a deletion makes one anything else. Remembered until a deletion, here (dropped when it
// starts and when it is written, and a lookup that overlapped it is not kept) or in another
// process (`forget`, on its change notice); no query for them meanwhile.
import type { Db } from '../db/database.ts';
import * as imageRows from './image.repository.ts';
import { parseVariantName } from './rules.ts';
import { parseWidths } from './storage.ts';

const LIVE_FILES_MAX = 50_000;

export type FileStatus = 'library' | 'deleted' | 'other';

export interface LiveFiles {
  /** How a served file relates to the library: a live library file, a deleted one, or neither. */
  status(file: string): Promise<FileStatus>;
  /** Forgets what `status` remembers: an image is being deleted, here or in another process. */
  forget(): void;
}

export function createLiveFiles(db: Db): LiveFiles {
  const liveFiles = new Set<string>();
  let generation = 0;
  const forget = () => {
    generation++;
    liveFiles.clear();
  };
  const statusOf = async (file: string): Promise<FileStatus> => {
    const variant = parseVariantName(file);
    const names = variant ? [file, variant.name] : [file];
    const rows = await imageRows.imagesByName(db, names);
    const own = rows.find((row) => row.name === file);
    if (own) return own.deleted_at === null ? 'library' : 'deleted';
    const base = variant ? rows.find((row) => row.name === variant.name) : undefined;
    if (!base || !variant) return 'other';
    if (base.deleted_at !== null) return 'deleted';
    return parseWidths(base.widths).includes(variant.width) ? 'library' : 'other';
  };
  return {
    forget,
    async status(file) {
      if (liveFiles.has(file)) return 'library';
      const started = generation;
      const status = await statusOf(file);
      if (status === 'library' && started === generation && liveFiles.size < LIVE_FILES_MAX) liveFiles.add(file);
      return status;
    },
  };
}
