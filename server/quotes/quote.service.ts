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
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import type { Changes } from '../db/changes.ts';
import type { Db } from '../db/database.ts';
import { DomainError, type RefusalKind } from '../domain/errors.ts';
import type { Log } from '../domain/log.ts';
import { messages } from '../domain/messages.ts';
import type { ImageLibrary } from '../media/library.ts';
import { FORMATS, type PipelineOutcome } from '../media/rules.ts';
import { createRateLimiter } from '../auth/rateLimiter.ts';
import { readSite } from '../site/site.repository.ts';
import { envelopeOf, newMessageId, type MailSettings } from './mail.ts';
import { createOutbox } from './outbox.ts';
import * as repo from './quote.repository.ts';
import { purgeQuotes, removeLeftovers, WORK_PREFIX } from './retention.ts';
import { DEFAULT_QUOTE_LIMIT, DEFAULT_RETENTION_DAYS, formToken, MIN_FILL_MS, QUOTE_FIELDS, tokenAge, type QuoteField } from './rules.ts';

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
  log: Log;
  /** Several server processes: only the outbox's lead sends (server/db/changes.ts). */
  changes?: Changes;
}

/**
 * What a submission came to: stored, or refused with a French message (and its field). As
 * everywhere in the API, what the contract's schema refuses is `invalid`; the rules beyond it (a
 * token, one way to answer, a category, a photo's content, spam) are `refused`: a successful call
 * whose Result is false.
 */
export type Submission =
  | { ok: true; id: number }
  | { ok: false; kind: RefusalKind | 'refused'; message: string; field: string; retryAfterSeconds?: number; endsConnection?: boolean };

/** A request's body as read (receive.http.ts): the text fields and the photos' files. */
export interface ReceivedQuote {
  fields: Record<string, string>;
  /** The photo files, in the order sent. */
  photos: string[];
  /** More photo parts than allowed were sent. */
  tooManyPhotos: boolean;
}

/** Reads the request's body into the work folder it is given (receive.http.ts). */
export type Receive = (workDir: string) => Promise<ReceivedQuote>;

export interface Quotes {
  readonly dir: string;
  readonly mailEnabled: boolean;
  readonly retentionDays: number;
  formToken(): string;
  /** `address`: the sender's, as the edge trusts it; `receive` reads the body once the limit allows it. */
  submit(address: string, receive: Receive): Promise<Submission>;
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
  const outbox = createOutbox({ db, dir, mail, now, log, changes: options.changes });

  const refused = (message: string, field = ''): Submission => ({ ok: false, kind: 'refused', message, field });
  const invalid = (message: string, field = ''): Submission => ({ ok: false, kind: 'invalid', message, field });

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
      if (!outcome.ok) return { refusal: refused(messages.quote.photo(i + 1, messages.image[outcome.reason]), 'Photos') };
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

  async function submit(key: string, receive: Receive): Promise<Submission> {
    const wait = await limiter.retryAfter(limit(key));
    if (wait > 0) return { ok: false, kind: 'too-many', message: messages.quote.tooMany(Math.ceil(wait / 60)), field: '', retryAfterSeconds: wait, endsConnection: true };
    const workDir = join(dir, `${WORK_PREFIX}${randomBytes(8).toString('hex')}`);
    mkdirSync(workDir);
    try {
      let received;
      try {
        received = await receive(workDir);
      } catch (error) {
        if (error instanceof DomainError) {
          const field = error.kind === 'too-large' ? 'Photos' : '';
          return { ok: false, kind: error.kind, message: error.message, field, endsConnection: error.endsConnection };
        }
        throw error;
      }
      const f = received.fields;
      // Spam first: a filled honeypot or a form sent too soon is refused, counted, never stored.
      if ((f.Website ?? '') !== '') {
        await limiter.record([key]);
        return refused(messages.quote.robot);
      }
      for (const name of Object.keys(f)) {
        if (!(QUOTE_FIELDS as readonly string[]).includes(name)) return invalid(messages.quote.malformed, name);
      }
      if (!validate(f)) {
        const error = validate.errors?.[0] as ErrorObject;
        const field = fieldOf(error);
        if (error.keyword === 'pattern' && ['Name', 'City', 'Message'].includes(field)) return invalid(messages.quote.forbiddenCharacter, field);
        return invalid(messages.quote.field[field as QuoteField] ?? messages.quote.malformed, field);
      }
      if (received.tooManyPhotos) return invalid(messages.quote.field.Photos, 'Photos');
      const fields = f as Record<QuoteField, string>;
      const age = tokenAge(options.key, fields.Token, now());
      if (age === null) return refused(messages.quote.field.Token, 'Token');
      if (age < MIN_FILL_MS) {
        await limiter.record([key]);
        return refused(messages.quote.tooFast);
      }
      const email = fields.Email.trim();
      const phone = fields.Phone.trim();
      if (email === '' && phone === '') return refused(messages.quote.contactRequired, 'Email');
      if (phone !== '' && (phone.replace(/[^0-9]/g, '').length < 10 || phone.replace(/[^0-9]/g, '').length > 15)) return refused(messages.quote.field.Phone, 'Phone');
      const works = await repo.workChoices(db);
      const work = (fields.Work ?? '').trim();
      if (work !== '' && !works.includes(work)) return refused(messages.quote.field.Work, 'Work');
      if (fields.Name.trim() === '') return refused(messages.quote.field.Name, 'Name');
      if (fields.Message.trim().length < 20) return refused(messages.quote.field.Message, 'Message');

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
      void outbox.deliver();
      return { ok: true, id };
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  }

  const purge = () => purgeQuotes(db, dir, retentionDays, now());
  // Start-up: leftovers of a crash go; then the retention, then the outbox.
  const ready = (async () => {
    await removeLeftovers(db, dir);
    await purge();
  })();
  const purgeTimer = setInterval(() => void purge().catch((error: unknown) => log.error({ err: error }, messages.log.quoteRetention)), 60 * 60 * 1000);
  purgeTimer.unref();
  void ready.then(() => outbox.deliver()).catch((error: unknown) => log.error({ err: error }, messages.log.quotesAtStart));

  return {
    dir,
    mailEnabled: outbox.enabled,
    retentionDays,
    formToken: () => formToken(options.key, now()),
    submit,
    deliver: () => outbox.deliver(),
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
      clearInterval(purgeTimer);
      await ready.catch(() => undefined);
      await outbox.close();
    },
  };
}
