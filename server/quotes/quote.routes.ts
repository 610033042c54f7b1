// Tag "quote": the quote request form (issue 17) and the admin inbox « Demandes ». The request is
// multipart and streamed by server/quotes/service.ts; a plain form POST (no JavaScript, the
// browser asks for text/html) is answered by a French HTML page instead of JSON.
import { createReadStream } from 'node:fs';
import { ApiError, ok, type TagModule } from '../http/operations.ts';
import { quotePage } from './page.ts';
import { countUnread, getQuote, listQuotes, markQuote, workChoices } from './quote.repository.ts';
import { readSite } from '../site/site.repository.ts';
import { messages } from '../domain/messages.ts';
import type { Submission } from './quote.service.ts';

type QuoteOps = 'getQuoteForm' | 'sendQuote' | 'getQuotes' | 'getQuote' | 'updateQuote' | 'deleteQuote' | 'getQuotePhoto';

export const quoteRoutes: TagModule<QuoteOps> = {
  tag: 'quote',
  handlers: {
    async getQuoteForm(_arg, { services: { db, quotes } }) {
      return { Token: quotes.formToken(), Works: await workChoices(db), RetentionDays: quotes.retentionDays };
    },

    async sendQuote(_arg, { req, reply, services: { db, quotes } }) {
      const html = /text\/html/.test(req.headers.accept ?? '');
      const outcome: Submission = req.isMultipart() ? await quotes.submit(req) : { ok: false, status: 400, message: messages.quote.malformed, field: '' };
      const answer = outcome.ok
        ? { status: 200, Result: true, Message: messages.quote.sent, Field: '' }
        : { status: outcome.status, Result: false, Message: outcome.message, Field: outcome.field };
      if (!outcome.ok && outcome.headers) reply.headers(outcome.headers);
      reply.code(answer.status);
      if (html) {
        // The contract's JSON answer, as a page for a browser without JavaScript.
        return reply.type('text/html; charset=utf-8').send(quotePage(answer.Result, answer.Message, (await readSite(db)).BusinessName)) as never;
      }
      return { Result: answer.Result, Message: answer.Message, Field: answer.Field };
    },

    async getQuotes(_arg, { services: { db, quotes } }) {
      return { Unread: await countUnread(db), MailEnabled: quotes.mailEnabled, Quotes: await listQuotes(db, quotes.mailEnabled) };
    },

    async getQuote({ id }, { services: { db, quotes } }) {
      const quote = await getQuote(db, id, quotes.mailEnabled);
      if (!quote) throw new ApiError(404, messages.quote.notFound);
      return quote;
    },

    async updateQuote({ id, quoteUpdate }, { services: { db } }) {
      if (!(await markQuote(db, id, quoteUpdate.Read, quoteUpdate.Handled, Date.now()))) throw new ApiError(404, messages.quote.notFound);
      return ok(messages.quote.updated);
    },

    async deleteQuote({ id }, { services: { quotes } }) {
      if (!(await quotes.remove(id))) throw new ApiError(404, messages.quote.notFound);
      return ok(messages.quote.deleted);
    },

    async getQuotePhoto({ id, number }, { reply, services: { quotes } }) {
      const photo = await quotes.photo(id, number);
      if (!photo) throw new ApiError(404, messages.quote.photoNotFound);
      // Private: never kept by a shared cache (API answers are no-store already).
      return reply.type(photo.type).header('content-disposition', 'inline').send(createReadStream(photo.path)) as never;
    },
  },
};
