// Quote requests (issue 17): received, checked against the spam rules and the contract, photos
// processed by the image worker and kept privately, stored in one transaction with their outbox
// row before the answer; then mailed by the outbox; deleted after the retention period.
//
// Files: DATA_DIR/quotes/<folder>/photo-<n>.<ext> (upright, metadata-free) and photo-<n>.webp
// (a preview at most 1024 px wide, attached to the e-mail). DATA_DIR/quotes is outside the image
// library: nothing serves it but GET /api/quote/{Id}/photo/{Number}, to an administrator. The
// folder is renamed into place before its row is committed: a crash in between leaves a folder
// without a row, removed at the next start (so does a leftover work folder).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { Ajv, type ErrorObject } from 'ajv';
import { createTransport, type Transporter } from 'nodemailer';
import type { Changes } from '../db/changes.ts';
import type { Db } from '../db/database.ts';
import type { ImageLibrary } from '../media/library.ts';
import { FORMATS, type PipelineOutcome } from '../media/rules.ts';
import { messages } from '../domain/messages.ts';
import { createRateLimiter } from '../auth/rateLimiter.ts';
import { ApiError } from '../http/operations.ts';
import { composeMail, envelopeOf, newMessageId, type MailSettings } from './mail.ts';
import { readSite } from '../site/site.repository.ts';
import { receiveQuote } from './receive.http.ts';
import * as repo from './quote.repository.ts';
import { DEFAULT_QUOTE_LIMIT, DEFAULT_RETENTION_DAYS, formToken, MIN_FILL_MS, QUOTE_FIELDS, retryDelayMs, tokenAge, type QuoteField } from './rules.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const TEMP_PREFIX = '.tmp-';
/** Preview width: the largest variant at most this wide. */
const PREVIEW_WIDTH = 1024;

export interface QuotesOptions {
  db: Db;
  images: ImageLibrary;
  dataDir: string;
  /** Signs the form tokens. */
  key: Uint8Array;
  /** The contract's QuoteRequest schema (multipart): the fields are checked against it. */
  schema: object;
  /** Without it (no SMTP_URL), requests are only in the admin. */
  mail?: MailSettings;
  retentionDays?: number;
  limit?: { max: number; windowMs: number };
  now?: () => number;
  log: FastifyBaseLogger;
  /** Several server processes: only the outbox's lead sends (server/db/changes.ts). */
  changes?: Changes;
}

/**
 * What a submission came to: stored, or refused with a status and a French message (and its
 * field). As everywhere in the API, what the contract's schema refuses is a 400; the rules beyond
 * it (a token, one way to answer, a category, a photo's content, spam) are 200 with Result false.
 */
export type Submission = { ok: true; id: number } | { ok: false; status: number; message: string; field: string; headers?: Record<string, string> };

export interface Quotes {
  readonly dir: string;
  readonly mailEnabled: boolean;
  readonly retentionDays: number;
  formToken(): string;
  submit(req: FastifyRequest): Promise<Submission>;
  /** Sends what is due now (and schedules the next attempt). */
  deliver(): Promise<void>;
  /** Deletes the requests older than the retention period; returns how many. */
  purge(): Promise<number>;
  /** The file of photo `number` of request `id`, or null. */
  photo(id: number, number: number): Promise<{ path: string; type: string } | null>;
  remove(id: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The field an Ajv error is about. */
function fieldOf(error: ErrorObject): string {
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (missing) return missing;
  return error.instancePath.split('/')[1] ?? '';
}

/** Work folders and folders without a row older than this are leftovers of a crash. */
const LEFTOVER_AGE_MS = 60 * 60 * 1000;

export function createQuotes(options: QuotesOptions): Quotes {
  const { db, images, log } = options;
  const now = options.now ?? (() => Date.now());
  const dir = join(options.dataDir, 'quotes');
  mkdirSync(dir, { recursive: true });
  const retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const limiter = createRateLimiter(db, 'quote', options.limit?.windowMs ?? DEFAULT_QUOTE_LIMIT.windowMs, now);
  const limit = (key: string) => [{ key, max: options.limit?.max ?? DEFAULT_QUOTE_LIMIT.max }];
  // The photos are files, not strings: the text fields are checked without them.
  const textProperties = Object.fromEntries(Object.entries((options.schema as { properties: Record<string, unknown> }).properties).filter(([name]) => name !== 'Photos'));
  const validate = new Ajv({ allErrors: false, strict: false }).compile({ ...options.schema, properties: textProperties });
  const mail = options.mail;
  const transport: Transporter | null = mail
    ? createTransport({ url: mail.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 })
    : null;

  const refused = (status: number, message: string, field = '', headers?: Record<string, string>): Submission => ({ ok: false, status, message, field, headers });

  /** Runs the worker on the photos; the kept files go to `finalDir`. Null when all were accepted, else the refusal. */
  async function processPhotos(inputs: string[], workDir: string, finalDir: string): Promise<{ photos: repo.NewPhoto[] } | { refusal: Submission }> {
    const jobs = inputs.map((input, i) => {
      const outDir = join(workDir, `out-${i + 1}`);
      mkdirSync(outDir);
      return { input, outDir };
    });
    const outcomes: PipelineOutcome[] = jobs.length === 0 ? [] : await images.process(jobs);
    const photos: repo.NewPhoto[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      if (!outcome.ok) return { refusal: refused(200, messages.quote.photo(i + 1, messages.image[outcome.reason]), 'Photos') };
      const number = i + 1;
      const outDir = (jobs[i] as { outDir: string }).outDir;
      const width = [...outcome.widths].reverse().find((w) => w <= PREVIEW_WIDTH) ?? (outcome.widths[0] as number);
      const file = `photo-${number}.${FORMATS[outcome.format].ext}`;
      const preview = `photo-${number}.webp`;
      renameSync(join(outDir, 'original'), join(finalDir, file));
      renameSync(join(outDir, `${width}.webp`), join(finalDir, preview));
      photos.push({ number, file, preview, type: FORMATS[outcome.format].type, width: outcome.width, height: outcome.height });
    }
    return { photos };
  }

  async function submit(req: FastifyRequest): Promise<Submission> {
    const key = req.ip;
    const wait = await limiter.retryAfter(limit(key));
    if (wait > 0) return refused(429, messages.quote.tooMany(Math.ceil(wait / 60)), '', { 'retry-after': String(wait), connection: 'close' });
    const workDir = join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    mkdirSync(workDir);
    try {
      let received;
      try {
        received = await receiveQuote(req, workDir);
      } catch (error) {
        if (error instanceof ApiError) return refused(error.statusCode, error.message, error.statusCode === 413 ? 'Photos' : '', error.headers);
        throw error;
      }
      const f = received.fields;
      // Spam first: a filled honeypot or a form sent too soon is refused, counted, never stored.
      if ((f.Website ?? '') !== '') {
        await limiter.record([key]);
        return refused(200, messages.quote.robot);
      }
      for (const name of Object.keys(f)) {
        if (!(QUOTE_FIELDS as readonly string[]).includes(name)) return refused(400, messages.quote.malformed, name);
      }
      if (!validate(f)) {
        const error = validate.errors?.[0] as ErrorObject;
        const field = fieldOf(error);
        if (error.keyword === 'pattern' && ['Name', 'City', 'Message'].includes(field)) return refused(400, messages.quote.forbiddenCharacter, field);
        return refused(400, messages.quote.field[field as QuoteField] ?? messages.quote.malformed, field);
      }
      if (received.tooManyPhotos) return refused(400, messages.quote.field.Photos, 'Photos');
      const fields = f as Record<QuoteField, string>;
      const age = tokenAge(options.key, fields.Token, now());
      if (age === null) return refused(200, messages.quote.field.Token, 'Token');
      if (age < MIN_FILL_MS) {
        await limiter.record([key]);
        return refused(200, messages.quote.tooFast);
      }
      const email = fields.Email.trim();
      const phone = fields.Phone.trim();
      if (email === '' && phone === '') return refused(200, messages.quote.contactRequired, 'Email');
      if (phone !== '' && (phone.replace(/[^0-9]/g, '').length < 10 || phone.replace(/[^0-9]/g, '').length > 15)) return refused(200, messages.quote.field.Phone, 'Phone');
      const works = await repo.workChoices(db);
      const work = (fields.Work ?? '').trim();
      if (work !== '' && !works.includes(work)) return refused(200, messages.quote.field.Work, 'Work');
      if (fields.Name.trim() === '') return refused(200, messages.quote.field.Name, 'Name');
      if (fields.Message.trim().length < 20) return refused(200, messages.quote.field.Message, 'Message');

      const finalDir = join(workDir, 'final');
      mkdirSync(finalDir);
      const processed = await processPhotos(received.photos, workDir, finalDir);
      if ('refusal' in processed) return processed.refusal;

      const folder = randomBytes(12).toString('hex');
      const created = now();
      renameSync(finalDir, join(dir, folder));
      let id: number;
      try {
        id = await repo.insertQuote(
          db,
          { created_at: created, name: fields.Name.trim(), email, phone, city: (fields.City ?? '').trim(), work, message: fields.Message.trim(), folder },
          processed.photos,
          newMessageId(mail ? envelopeOf(mail, await readSite(db)).from : 'localhost', `${created}-${randomBytes(6).toString('hex')}`),
        );
      } catch (error) {
        rmSync(join(dir, folder), { recursive: true, force: true });
        throw error;
      }
      await limiter.record([key]); // the limiter counts accepted requests too
      void deliver();
      return { ok: true, id };
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  }

  // The outbox: one delivery run at a time; a run that is asked for while one goes on runs after it.
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  async function sendDue(): Promise<void> {
    if (!transport || !mail) return;
    if (options.changes && !(await options.changes.lead('outbox'))) return;
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

  async function purge(): Promise<number> {
    const folders = await repo.deleteQuotes(db, { createdBefore: now() - retentionDays * DAY_MS });
    for (const folder of folders) rmSync(join(dir, folder), { recursive: true, force: true });
    return folders.length;
  }

  // Start-up: leftover work folders and folders without a row go; then the retention, then the outbox.
  // Only what is an hour old: another server process on the same DATA_DIR may be receiving a
  // request right now (its work folder, or its folder just before its row is committed).
  const ready = (async () => {
    const known = await repo.allFolders(db);
    for (const entry of readdirSync(dir)) {
      const stale = Date.now() - statSync(join(dir, entry)).mtimeMs > LEFTOVER_AGE_MS;
      if (stale && (entry.startsWith(TEMP_PREFIX) || !known.has(entry))) rmSync(join(dir, entry), { recursive: true, force: true });
    }
    await purge();
  })();
  // Several processes: one sends the e-mails (the outbox's lead); it hears of the others' requests.
  options.changes?.onChange(() => void deliver());
  const purgeTimer = setInterval(() => void purge().catch((error: unknown) => log.error({ err: error }, messages.log.quoteRetention)), 60 * 60 * 1000);
  purgeTimer.unref();
  void ready.then(() => deliver()).catch((error: unknown) => log.error({ err: error }, messages.log.quotesAtStart));

  return {
    dir,
    mailEnabled: transport !== null,
    retentionDays,
    formToken: () => formToken(options.key, now()),
    submit,
    deliver,
    purge,
    async photo(id, number) {
      const quote = await repo.quoteRow(db, id);
      if (!quote) return null;
      const photo = (await repo.photosOf(db, id)).find((p) => p.number === number);
      if (!photo) return null;
      const path = join(dir, quote.folder, photo.file);
      return existsSync(path) ? { path, type: photo.type } : null;
    },
    async remove(id) {
      const folders = await repo.deleteQuotes(db, { id });
      for (const folder of folders) rmSync(join(dir, folder), { recursive: true, force: true });
      return folders.length > 0;
    },
    async close() {
      closed = true;
      clearInterval(purgeTimer);
      if (timer) clearTimeout(timer);
      await ready.catch(() => undefined);
      await running;
      transport?.close();
    },
  };
}
