// Quote requests are kept QUOTE_RETENTION_DAYS, then deleted with their photos (checked at start
// and every hour). At start, work folders and folders without a row that are an hour old go too:
// leftovers of a crash (another server process on the same DATA_DIR may be receiving a request
// right now: its work folder, or its folder just before its row is committed).
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { isLeftover } from '../domain/leftovers.ts';
import * as repo from './quote.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The name of a work folder (a request being received). */
export const WORK_PREFIX = '.tmp-';

/** Deletes the requests older than `retentionDays` and their folders; returns how many. */
export async function purgeQuotes(db: Db, dir: string, retentionDays: number, now: number): Promise<number> {
  const folders = await repo.deleteQuotes(db, { createdBefore: now - retentionDays * DAY_MS });
  for (const folder of folders) rmSync(join(dir, folder), { recursive: true, force: true });
  return folders.length;
}

/** Removes the leftovers of a crash from `dir`. */
export async function removeLeftovers(db: Db, dir: string): Promise<void> {
  const known = await repo.allFolders(db);
  for (const entry of readdirSync(dir)) {
    if (isLeftover(join(dir, entry)) && (entry.startsWith(WORK_PREFIX) || !known.has(entry))) rmSync(join(dir, entry), { recursive: true, force: true });
  }
}
