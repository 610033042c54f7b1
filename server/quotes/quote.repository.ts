// The quote tables (quote, quote_photo, mail_outbox): every query of issue 17 in one place.
import type { Quote, QuoteMail, QuoteSummary } from '../../contract/api.ts';
import type { Lang } from '../../contract/paths.ts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MailOutboxTable, QuotePhotoTable, QuoteTable } from '../db/schema.ts';
import { parseJourney } from '../stats/visit.ts';
import { OTHER_WORK } from './rules.ts';

/** `journey`: the visit that led to it (issue 30), JSON. */
export type NewQuote = Omit<QuoteTable, 'id' | 'read_at' | 'handled_at' | 'journey'> & { journey?: string };
export type NewPhoto = Omit<QuotePhotoTable, 'quote_id'>;
export type OutboxRow = Pick<MailOutboxTable, 'attempts' | 'next_attempt_at' | 'last_error' | 'sent_at'>;

/** The delivery state of a request's e-mail, as the admin shows it. */
export function mailOf(row: OutboxRow | undefined, mailEnabled: boolean): QuoteMail {
  if (row?.sent_at != null) return { State: 'sent', Attempts: row.attempts, LastError: '', NextAttempt: 0 };
  if (!mailEnabled || !row) return { State: 'off', Attempts: row?.attempts ?? 0, LastError: row?.last_error ?? '', NextAttempt: 0 };
  return { State: row.attempts === 0 ? 'pending' : 'retrying', Attempts: row.attempts, LastError: row.last_error, NextAttempt: row.next_attempt_at };
}

/** Stores a request, its photos and its outbox row in one transaction; returns its id. */
export async function insertQuote(db: Db, quote: NewQuote, photos: NewPhoto[], messageId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('quote').values(quote).returning('id').executeTakeFirstOrThrow();
    if (photos.length > 0) await trx.insertInto('quote_photo').values(photos.map((p) => ({ ...p, quote_id: id }))).execute();
    await trx
      .insertInto('mail_outbox')
      .values({ quote_id: id, message_id: messageId, attempts: 0, next_attempt_at: quote.created_at, last_error: '', sent_at: null })
      .execute();
    return id;
  });
}

const outboxColumns = ['mail_outbox.attempts', 'mail_outbox.next_attempt_at', 'mail_outbox.last_error', 'mail_outbox.sent_at'] as const;

/** A request's row (with its outbox row's columns) as the fields a summary and a whole request share. */
type SharedRow = Pick<Selectable<QuoteTable>, 'id' | 'created_at' | 'name' | 'lang' | 'work' | 'city' | 'read_at' | 'handled_at'> & { [K in keyof OutboxRow]: OutboxRow[K] | null };
const shared = (r: SharedRow, mailEnabled: boolean) => ({
  Id: r.id,
  Created: r.created_at,
  Name: r.name,
  Lang: r.lang,
  Work: r.work,
  City: r.city,
  Read: r.read_at !== null,
  Handled: r.handled_at !== null,
  Mail: mailOf(r.attempts === null ? undefined : (r as OutboxRow), mailEnabled),
});

export async function listQuotes(db: Db, mailEnabled: boolean): Promise<QuoteSummary[]> {
  const rows = await db
    .selectFrom('quote')
    .leftJoin('mail_outbox', 'mail_outbox.quote_id', 'quote.id')
    .select(['quote.id', 'quote.created_at', 'quote.name', 'quote.lang', 'quote.work', 'quote.city', 'quote.read_at', 'quote.handled_at', ...outboxColumns])
    .select((eb) => eb.selectFrom('quote_photo').whereRef('quote_photo.quote_id', '=', 'quote.id').select(eb.fn.countAll<number>().as('n')).as('photos'))
    .orderBy('quote.created_at', 'desc')
    .orderBy('quote.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...shared(r, mailEnabled), Photos: Number(r.photos ?? 0) }));
}

export async function getQuote(db: Db, id: number, mailEnabled: boolean): Promise<Quote | null> {
  const row = await db
    .selectFrom('quote')
    .leftJoin('mail_outbox', 'mail_outbox.quote_id', 'quote.id')
    .selectAll('quote')
    .select([...outboxColumns])
    .where('quote.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const photos = await photosOf(db, id);
  return {
    ...shared(row, mailEnabled),
    Email: row.email,
    Phone: row.phone,
    Message: row.message,
    Photos: photos.map((p) => ({ Number: p.number, Type: p.type, Width: p.width, Height: p.height })),
    Journey: parseJourney(row.journey),
  };
}

export const photosOf = (db: Db, quoteId: number): Promise<QuotePhotoTable[]> =>
  db.selectFrom('quote_photo').selectAll().where('quote_id', '=', quoteId).orderBy('number').execute();

export type QuoteRow = Selectable<QuoteTable>;

export async function quoteRow(db: Db, id: number): Promise<QuoteRow | undefined> {
  return db.selectFrom('quote').selectAll().where('id', '=', id).executeTakeFirst();
}

/** « Type de travaux » in the form's language: the categories' names (English: the French one when not translated), then « Autre » / Other. */
export async function workChoices(db: Db, lang: Lang): Promise<string[]> {
  const name = lang === 'en' ? sql<string>`CASE WHEN name_en = '' THEN name ELSE name_en END` : sql<string>`name`;
  const rows = await db.selectFrom('category').select(name.as('work')).orderBy('work').execute();
  return [...rows.map((r) => r.work), OTHER_WORK[lang]];
}

export async function countUnread(db: Db): Promise<number> {
  const row = await db.selectFrom('quote').select((eb) => eb.fn.countAll<number>().as('n')).where('read_at', 'is', null).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Read and handled as asked; the first time each became true is kept. False when there is no such request. */
export async function markQuote(db: Db, id: number, read: boolean, handled: boolean, now: number): Promise<boolean> {
  const row = await quoteRow(db, id);
  if (!row) return false;
  await db
    .updateTable('quote')
    .set({ read_at: read ? (row.read_at ?? now) : null, handled_at: handled ? (row.handled_at ?? now) : null })
    .where('id', '=', id)
    .execute();
  return true;
}

/**
 * Deletes the requests (their photos and outbox rows by cascade); returns their photo folders.
 * `inTransaction` runs last in the same transaction when a request was deleted.
 */
export async function deleteQuotes(db: Db, where: { id: number } | { createdBefore: number }, inTransaction?: (trx: Db) => Promise<void>): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('quote').select('folder');
    query = 'id' in where ? query.where('id', '=', where.id) : query.where('created_at', '<', where.createdBefore);
    const folders = (await query.execute()).map((r) => r.folder);
    if (folders.length > 0) {
      await trx.deleteFrom('quote').where('folder', 'in', folders).execute();
      await inTransaction?.(trx);
    }
    return folders;
  });
}

export const allFolders = async (db: Db): Promise<Set<string>> =>
  new Set((await db.selectFrom('quote').select('folder').execute()).map((r) => r.folder));

/** The outbox rows due now (not sent, next attempt passed), oldest first. */
export const dueMails = (db: Db, now: number) =>
  db
    .selectFrom('mail_outbox')
    .innerJoin('quote', 'quote.id', 'mail_outbox.quote_id')
    .select(['mail_outbox.id as outboxId', 'mail_outbox.message_id', 'mail_outbox.attempts', 'quote.id as quoteId'])
    .where('mail_outbox.sent_at', 'is', null)
    .where('mail_outbox.next_attempt_at', '<=', now)
    .orderBy('mail_outbox.id')
    .limit(20)
    .execute();

/** The soonest next attempt of an unsent e-mail, or null when every one is sent. */
export async function nextDue(db: Db): Promise<number | null> {
  const row = await db.selectFrom('mail_outbox').select((eb) => eb.fn.min('next_attempt_at').as('at')).where('sent_at', 'is', null).executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

export const markSent = (db: Db, outboxId: number, now: number) =>
  db.updateTable('mail_outbox').set((eb) => ({ sent_at: now, attempts: eb('attempts', '+', 1), last_error: '' })).where('id', '=', outboxId).execute();

export const markFailed = (db: Db, outboxId: number, attempts: number, error: string, nextAttemptAt: number) =>
  db.updateTable('mail_outbox').set({ attempts, last_error: error.slice(0, 500), next_attempt_at: nextAttemptAt }).where('id', '=', outboxId).execute();
