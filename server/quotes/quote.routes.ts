// Tag "quote": the quote request form (issue 17) and the admin inbox « Demandes ». The request is
// multipart, read by receive.http.ts once quote.service.ts's limit lets it in; a plain form POST
// (no JavaScript, the browser asks for text/html) is answered by an HTML page instead of JSON.
// Both in the form's language (issue 27): its field Lang, or before it is read the language of
// the page the form was sent from (the Referer, which browsers send to the same site).
import { createReadStream } from 'node:fs';
import { langOfPath, type Lang } from '../../contract/paths.ts';
import { quoteAnswers } from '../domain/messages.en.ts';
import { refusalHeaders, STATUS_OF } from '../http/errors.ts';
import type { TagModule } from '../http/operations.ts';
import { readSite } from '../site/site.repository.ts';
import * as inbox from './inbox.service.ts';
import { quotePage } from './page.ts';
import { workChoices } from './quote.repository.ts';
import type { Submission } from './quote.service.ts';
import { receiveQuote } from './receive.http.ts';
import { visitOf } from '../stats/stats.routes.ts';

type QuoteOps = 'getQuoteForm' | 'sendQuote' | 'getQuotes' | 'getQuote' | 'updateQuote' | 'deleteQuote' | 'getQuotePhoto';

/** The language of the page a request was sent from (French when it is not known). */
function refererLang(referer: string | undefined): Lang {
  if (!referer || !URL.canParse(referer)) return 'fr';
  return langOfPath(new URL(referer).pathname);
}

export const quoteRoutes: TagModule<QuoteOps> = {
  tag: 'quote',
  handlers: {
    async getQuoteForm({ lang }, { services: { db, quotes, stats } }) {
      return { Token: quotes.formToken(), Works: await workChoices(db, lang ?? 'fr'), RetentionDays: quotes.retentionDays, StatsRetentionDays: stats.retentionDays };
    },

    async sendQuote(_arg, { req, reply, services: { db, quotes, stats } }) {
      const html = /text\/html/.test(req.headers.accept ?? '');
      const pageLang = refererLang(req.headers.referer);
      // The photos wait their turn in the image worker's queue, behind the administrator's uploads
      // (issue 34): a connection silent meanwhile is not idle. Its body keeps its own deadline
      // (server/http/connectionLimits.ts), and the keep-alive timeout applies again once answered.
      // (inject's socket has no timer).
      (req.raw.socket as { setTimeout?: (ms: number) => unknown } | undefined)?.setTimeout?.(0);
      const outcome: Submission = req.isMultipart()
        ? await quotes.submit(req.ip, (workDir, check) => receiveQuote(req, workDir, check), pageLang, () => {
            const visit = visitOf(req);
            return stats.journey(visit.address, visit.userAgent);
          })
        : { ok: false, kind: 'invalid', message: quoteAnswers[pageLang].malformed, field: '', lang: pageLang };
      const answer = outcome.ok
        ? { status: 200, Result: true, Message: quoteAnswers[outcome.lang].sent, Field: '' }
        : { status: outcome.kind === 'refused' ? 200 : STATUS_OF[outcome.kind], Result: false, Message: outcome.message, Field: outcome.field };
      if (!outcome.ok) reply.headers(refusalHeaders(outcome));
      reply.code(answer.status);
      if (html) {
        // The contract's JSON answer, as a page for a browser without JavaScript.
        return reply.type('text/html; charset=utf-8').send(quotePage(answer.Result, answer.Message, (await readSite(db)).BusinessName, outcome.lang)) as never;
      }
      return { Result: answer.Result, Message: answer.Message, Field: answer.Field };
    },

    getQuotes: async (_arg, { services: { db, quotes } }) => inbox.listQuotes(db, quotes),
    getQuote: async ({ id }, { services: { db, quotes } }) => inbox.getQuote(db, quotes, id),
    updateQuote: async ({ id, quoteUpdate }, { services: { db } }) => inbox.markQuote(db, id, quoteUpdate, Date.now()),
    deleteQuote: async ({ id }, { services: { quotes }, journal }) => inbox.deleteQuote(quotes, id, journal),

    async getQuotePhoto({ id, number }, { reply, services: { quotes } }) {
      const photo = await inbox.quotePhoto(quotes, id, number);
      // Private: never kept by a shared cache (API answers are no-store already).
      return reply.type(photo.type).header('content-disposition', 'inline').send(createReadStream(photo.path)) as never;
    },
  },
};
