// The journal (issue 28): who did what through the API, and its outcome, newest first, 50 a page.
import type { JournalPage } from '../../contract/api.ts';
import type { Executor } from '../db/executor.ts';
import { DomainError } from '../domain/errors.ts';
import * as journal from './journal.repository.ts';

export const PAGE_SIZE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

export type { JournalInsert } from './journal.repository.ts';
export const writeEntry = journal.insertEntry;

/** What a call answers, as far as its journal entry goes: done or refused, with its message (an upload's new name). */
export interface Answer {
  Result: boolean;
  Message?: string;
  Name?: string;
}

/**
 * Writes the call's journal entry in the transaction of its change, given the answer it is about
 * to send (issue 28). For the calls whose slow work (a password's hash, an image's processing and
 * files) runs before their transaction, outside it, so the edge cannot hold that transaction
 * (server/http/journaling.ts); their service calls it last, before the commit. It throws when the
 * entry cannot be written: the change is rolled back with it, and does not happen.
 */
export type JournalHook = (trx: Executor, answer: Answer) => Promise<void>;

/** The hook of the calls whose entry the edge writes itself (or that have none). */
export const noJournalHook: JournalHook = async () => {};

/** A day (YYYY-MM-DD, UTC, checked by the contract) as its first moment, or (`end`) the moment after it. */
function momentOf(value: string | undefined, end: boolean): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new DomainError('invalid', `La date « ${value} » n'est pas valide : utilisez AAAA-MM-JJ.`);
  return end ? ms + DAY_MS : ms;
}

export interface JournalQuery {
  by?: string | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
}

export async function readJournal(db: Executor, q: JournalQuery): Promise<JournalPage> {
  const filter = { by: q.by, kind: q.kind, from: momentOf(q.from, false), to: momentOf(q.to, true) };
  const total = await journal.countEntries(db, filter);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(q.page ?? 1, pages);
  const rows = await journal.pageOfEntries(db, filter, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  return {
    Entries: rows.map((row) => ({
      At: new Date(row.at).toISOString(),
      By: row.by,
      Action: row.action,
      Kind: row.kind,
      RecordId: row.record_id,
      Name: row.name,
      Outcome: row.outcome,
      Message: row.message,
    })),
    Page: page,
    Pages: pages,
    Total: total,
  };
}

/** Deletes the entries older than `retentionDays`; returns how many. */
export const purgeJournal = (db: Executor, retentionDays: number, now: number): Promise<number> => journal.deleteBefore(db, now - retentionDays * DAY_MS);
