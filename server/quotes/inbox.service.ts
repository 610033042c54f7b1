// The administrator's inbox « Demandes »: the requests, read and handled marks, deletion.
import type { MutationResult, Quote, QuoteInbox, QuoteUpdate } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { ok } from '../domain/results.ts';
import type { JournalHook } from '../journal/journal.service.ts';
import type { Quotes } from './quote.service.ts';
import * as repo from './quote.repository.ts';

export const listQuotes = async (db: Db, quotes: Quotes): Promise<QuoteInbox> => ({
  Unread: await repo.countUnread(db),
  MailEnabled: quotes.mailEnabled,
  Quotes: await repo.listQuotes(db, quotes.mailEnabled),
});

export async function getQuote(db: Db, quotes: Quotes, id: number): Promise<Quote> {
  const quote = await repo.getQuote(db, id, quotes.mailEnabled);
  if (!quote) throw notFound(messages.quote.notFound);
  return quote;
}

export async function markQuote(db: Db, id: number, { Read, Handled }: QuoteUpdate, now: number): Promise<MutationResult> {
  if (!(await repo.markQuote(db, id, Read, Handled, now))) throw notFound(messages.quote.notFound);
  return ok(messages.quote.updated);
}

/** Deletes the request; `journal` writes the call's entry in the deletion's transaction (issue 28). */
export async function deleteQuote(quotes: Quotes, id: number, journal: JournalHook): Promise<MutationResult> {
  const answer = ok(messages.quote.deleted);
  if (!(await quotes.remove(id, (trx) => journal(trx, answer)))) throw notFound(messages.quote.notFound);
  return answer;
}

export async function quotePhoto(quotes: Quotes, id: number, number: number): Promise<{ path: string; type: string }> {
  const photo = await quotes.photo(id, number);
  if (!photo) throw notFound(messages.quote.photoNotFound);
  return photo;
}
