// The quote e-mails' outbox: a request is stored with its outbox row before it is acknowledged
// (quote.service.ts), then mailed here at least once, with retries spaced out on failure. One
// delivery run at a time; with several server processes, only the outbox's lead sends
// (server/db/changes.ts), and it hears of the others' requests.
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { Changes } from '../db/changes.ts';
import type { Db } from '../db/database.ts';
import type { Log } from '../domain/log.ts';
import { messages } from '../domain/messages.ts';
import { readSite } from '../site/site.repository.ts';
import { composeMail, envelopeOf, type MailSettings } from './mail.ts';
import * as repo from './quote.repository.ts';
import { retryDelayMs } from './rules.ts';

export interface OutboxOptions {
  db: Db;
  /** DATA_DIR/quotes: each request's photo folder. */
  dir: string;
  /** Without it (no SMTP_URL), requests are only in the admin and nothing is sent. */
  mail?: MailSettings;
  now: () => number;
  log: Log;
  changes?: Changes;
}

export interface Outbox {
  readonly enabled: boolean;
  /** Sends what is due now (and schedules the next attempt). */
  deliver(): Promise<void>;
  close(): Promise<void>;
}

export function createOutbox({ db, dir, mail, now, log, changes }: OutboxOptions): Outbox {
  const transport: Transporter | null = mail
    ? createTransport({ url: mail.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 })
    : null;
  // A run that is asked for while one goes on runs after it.
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  async function sendDue(): Promise<void> {
    if (!transport || !mail) return;
    if (changes && !(await changes.lead('outbox'))) return;
    for (;;) {
      const due = await repo.dueMails(db, now());
      // The quotes address of the settings as they are now (the owner may have changed it).
      const envelope = due.length > 0 ? envelopeOf(mail, await readSite(db)) : null;
      for (const item of due) {
        if (closed) return;
        const quote = await repo.quoteRow(db, item.quoteId);
        if (!quote) continue;
        const photos = await repo.photosOf(db, item.quoteId);
        try {
          await transport.sendMail(composeMail(quote, photos, join(dir, quote.folder), envelope as NonNullable<typeof envelope>, item.message_id));
          await repo.markSent(db, item.outboxId, now());
        } catch (error) {
          const attempts = item.attempts + 1;
          const reason = error instanceof Error ? error.message : String(error);
          log.warn({ quote: item.quoteId, attempts, err: reason }, messages.log.quoteMailFailed);
          await repo.markFailed(db, item.outboxId, attempts, reason, now() + retryDelayMs(attempts));
        }
      }
      if (due.length < 20 && !again) return;
      again = false;
    }
  }

  async function schedule(): Promise<void> {
    if (closed || !transport) return;
    const at = await repo.nextDue(db);
    if (timer) clearTimeout(timer);
    timer = null;
    if (at === null) return;
    timer = setTimeout(() => void deliver(), Math.min(Math.max(0, at - now()), 60 * 60 * 1000) + 50);
    timer.unref();
  }

  function deliver(): Promise<void> {
    if (!transport || closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = sendDue()
      .catch((error: unknown) => log.error({ err: error }, messages.log.outbox))
      .then(() => schedule())
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  }

  changes?.onChange(() => void deliver());

  return {
    enabled: transport !== null,
    deliver,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
      transport?.close();
    },
  };
}
