// Temporary files of a request cut short by a crash (an upload, a quote request being received):
// removed at start-up once an hour old. A younger one may be another server process's at work on
// the same DATA_DIR; a request lasts minutes at most.
import { statSync } from 'node:fs';

const LEFTOVER_AGE_MS = 60 * 60 * 1000;

/** Whether the file or folder at `path` is an hour old (false when it is gone meanwhile). */
export function isLeftover(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > LEFTOVER_AGE_MS;
  } catch {
    return false;
  }
}
