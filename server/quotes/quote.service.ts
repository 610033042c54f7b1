// Quote requests (issue 17): received, checked against the spam rules and the contract, photos
// processed by the image worker and kept privately, stored in one transaction with their outbox
// row before the answer; then mailed by the outbox; deleted after the retention period.
//
// Files: DATA_DIR/quotes/<folder>/photo-<n>.<ext> (upright, metadata-free) and photo-<n>.webp
// (a preview at most 1024 px wide, attached to the e-mail). DATA_DIR/quotes is outside the image
// library: nothing serves it but GET /api/quote/{Id}/photo/{Number}, to an administrator. The
// folder is renamed into place before its row is committed: a crash in between leaves a folder
// without a row, removed at the next start (so does a leftover work folder). Every answer is in
// the language of the form (its field Lang, absent: French; before the form is read, the page it
// was sent from).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import type { Lang } from '../../contract/paths.ts';
import type { Changes } from '../db/changes.ts';
import type { Db } from '../db/database.ts';
import { DomainError, type RefusalKind, type RefusalOptions } from '../domain/errors.ts';
import type { Log } from '../domain/log.ts';
import { messages } from '../domain/messages.ts';
import { quoteAnswers } from '../domain/messages.en.ts';
import type { ImageLibrary } from '../media/library.ts';
import { FORMATS } from '../media/rules.ts';
import { readSite } from '../site/site.repository.ts';
import { envelopeOf, newMessageId, type MailSettings } from './mail.ts';
import { createOutbox } from './outbox.ts';
import * as repo from './quote.repository.ts';
import { createFormTokens } from './formTokens.ts';
import { createQuoteLimiter } from './quoteLimit.ts';
import { purgeQuotes, removeLeftovers, WORK_PREFIX } from './retention.ts';
import { DEFAULT_QUOTE_LIMIT, DEFAULT_RETENTION_DAYS, formToken, MIN_FILL_MS, QUOTE_FIELDS, readToken, TOKEN_LIFETIME_MS, type QuoteField } from './rules.ts';

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
  /** Per address and window: requests kept (`max`) and received (`attempts`, by default twice `max`, at least 10). */
  limit?: { max: number; attempts?: number; windowMs: number };
  now?: () => number;
  log: Log;
  /** Several server processes: only the outbox's lead sends (server/db/changes.ts). */
  changes?: Changes;
}

/**
 * What a submission came to, in the language of its answer: stored, or refused with a message
 * (and its field). As everywhere in the API, what the contract's schema refuses is `invalid`; the
 * rules beyond it (a token, one way to answer, a category, a photo's content, spam) are
 * `refused`: a successful call whose Result is false.
 */
export type Submission =
  | { ok: true; id: number; lang: Lang }
  | { ok: false; kind: RefusalKind | 'refused'; message: string; field: string; lang: Lang; retryAfterSeconds?: number; endsConnection?: boolean };

/** A request's body as read (receive.http.ts): the text fields and the photos' files. */
export interface ReceivedQuote {
  fields: Record<string, string>;
  /** The photo files, in the order sent. */
  photos: string[];
  /** More photo parts than allowed were sent. */
  tooManyPhotos: boolean;
  /** The number of a photo part whose first bytes are no image: the reading stopped there. */
  notAnImage?: number;
}

type Refusal = Extract<Submission, { ok: false }>;

/** Checks the text fields (token included) before any photo is written: a refusal, or null. */
export type FieldsCheck = (fields: Record<string, string>) => Promise<Refusal | null>;

/** Thrown by the body's reader when the fields' check refused the request: the rest is not read. */
export class QuoteStopped extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

/**
 * A body that cannot be read as a quote request (receive.http.ts throws it): `text` names its
 * sentence among the quote texts, so that the answer is said in the form's language.
 */
export class UnreadableQuote extends DomainError {
  readonly text: 'photoTooLarge' | 'malformed';
  constructor(text: 'photoTooLarge' | 'malformed', kind: 'too-large' | 'invalid', options: RefusalOptions = {}) {
    super(kind, messages.quote[text], options);
    this.text = text;
  }
}

/** Reads the request's body into the work folder it is given, the fields checked by `check` before any photo (receive.http.ts). */
export type Receive = (workDir: string, check: FieldsCheck) => Promise<ReceivedQuote>;

export interface Quotes {
  readonly dir: string;
  readonly mailEnabled: boolean;
  readonly retentionDays: number;
  formToken(): string;
  /**
   * `address`: the sender's, as the edge trusts it; `receive` reads the body once the limit allows
   * it; `pageLang`: the language of the page the form was sent from, for the answers given before
   * the form's own Lang is read; `journey`: the visit that led to it (issue 30), read just before
   * the request is stored (a failure there stores [] and never loses the request).
   */
  submit(address: string, receive: Receive, pageLang: Lang, journey?: () => Promise<string[]>): Promise<Submission>;
  /** Sends what is due now (and schedules the next attempt). */
  deliver(): Promise<void>;
  /** Deletes the requests older than the retention period; returns how many. */
  purge(): Promise<number>;
  /** The file of photo `number` of request `id`, or null. */
  photo(id: number, number: number): Promise<{ path: string; type: string } | null>;
  /**
   * Deletes request `id` (false when there is none): its rows, then, once that is committed, its
   * photos. `inTransaction` runs in the deletion's transaction (the journal's entry, issue 28).
   */
  remove(id: number, inTransaction?: (trx: Db) => Promise<void>): Promise<boolean>;
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
  const max = options.limit?.max ?? DEFAULT_QUOTE_LIMIT.max;
  const limiter = createQuoteLimiter(
    db,
    { max, attempts: options.limit?.attempts ?? (options.limit ? Math.max(2 * max, DEFAULT_QUOTE_LIMIT.attempts) : DEFAULT_QUOTE_LIMIT.attempts), windowMs: options.limit?.windowMs ?? DEFAULT_QUOTE_LIMIT.windowMs },
    now,
  );
  const tokens = createFormTokens(db);
  // The photos are files, not strings: the text fields are checked without them.
  const textProperties = Object.fromEntries(Object.entries((options.schema as { properties: Record<string, unknown> }).properties).filter(([name]) => name !== 'Photos'));
  const validate = new Ajv({ allErrors: false, strict: false }).compile({ ...options.schema, properties: textProperties });
  const mail = options.mail;
  const outbox = createOutbox({ db, dir, mail, now, log, changes: options.changes });

  /** Runs the worker on the photos; the kept files go to `finalDir`. Their rows when all were accepted, else the first refusal's sentence. */
  async function processPhotos(inputs: string[], workDir: string, finalDir: string, lang: Lang): Promise<{ photos: repo.NewPhoto[] } | { refusal: string }> {
    const t = quoteAnswers[lang];
    const jobs = inputs.map((input, i) => {
      const outDir = join(workDir, `out-${i + 1}`);
      mkdirSync(outDir);
      return { input, outDir };
    });
    const photos: repo.NewPhoto[] = [];
    // One photo per worker run, behind the administrator's uploads (visitor priority): the owner
    // waits at most one photo; the first refused photo stops the request, the next are never processed.
    for (const [i, job] of jobs.entries()) {
      const [outcome] = await images.process([job], 'visitor');
      if (!outcome) throw new Error('image worker gave no answer');
      if (!outcome.ok) return { refusal: t.photo(i + 1, t.photoReason[outcome.reason]) };
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

  async function submit(key: string, receive: Receive, pageLang: Lang, journeyOf?: () => Promise<string[]>): Promise<Submission> {
    // The answer's language: the page's until the form says its own.
    let lang = pageLang;
    const refusal = (kind: RefusalKind | 'refused', message: string, field = ''): Refusal => ({ ok: false, kind, message, field, lang });
    // Taken before the body is read: checked and counted in one step (quoteLimit.ts).
    const admitted = await limiter.admit(key);
    if ('retryAfterSeconds' in admitted) {
      const wait = admitted.retryAfterSeconds;
      return { ...refusal('too-many', quoteAnswers[lang].tooMany(Math.ceil(wait / 60))), retryAfterSeconds: wait, endsConnection: true };
    }
    let stored = false;
    /** The nonce of the token this request used, given back when it is refused after its fields passed. */
    let claimed: string | null = null;
    const workDir = join(dir, `${WORK_PREFIX}${randomBytes(8).toString('hex')}`);
    mkdirSync(workDir);
    try {
      let fields: Record<QuoteField, string> | null = null;
      let email = '';
      let phone = '';
      let work = '';
      /** Every rule of the text fields, the token's last: run before any photo is written. */
      const check: FieldsCheck = async (f) => {
        if (f.Lang === undefined || f.Lang === 'fr' || f.Lang === 'en') lang = (f.Lang as Lang | undefined) ?? 'fr';
        const t = quoteAnswers[lang];
        const refused = (message: string, field = '') => refusal('refused', message, field);
        const invalid = (message: string, field = '') => refusal('invalid', message, field);
        // Spam first: a filled honeypot or a form sent too soon is refused, never stored.
        if ((f.Website ?? '') !== '') return refused(t.robot);
        for (const name of Object.keys(f)) {
          if (!(QUOTE_FIELDS as readonly string[]).includes(name)) return invalid(t.malformed, name);
        }
        if (!validate(f)) {
          const error = validate.errors?.[0] as ErrorObject;
          const field = fieldOf(error);
          if (error.keyword === 'pattern' && ['Name', 'City', 'Message'].includes(field)) return invalid(t.forbiddenCharacter, field);
          return invalid(t.field[field as QuoteField] ?? t.malformed, field);
        }
        const given = f as Record<QuoteField, string>;
        const token = readToken(options.key, given.Token, now());
        if (token === null) return refused(t.field.Token, 'Token');
        if (token.age < MIN_FILL_MS) return refused(t.tooFast);
        email = given.Email.trim();
        phone = given.Phone.trim();
        if (email === '' && phone === '') return refused(t.contactRequired, 'Email');
        if (phone !== '' && (phone.replace(/[^0-9]/g, '').length < 10 || phone.replace(/[^0-9]/g, '').length > 15)) return refused(t.field.Phone, 'Phone');
        // A type of work of the list of the form's language.
        const works = await repo.workChoices(db, lang);
        work = (given.Work ?? '').trim();
        if (work !== '' && !works.includes(work)) return refused(t.field.Work, 'Work');
        if (given.Name.trim() === '') return refused(t.field.Name, 'Name');
        if (given.Message.trim().length < 20) return refused(t.field.Message, 'Message');
        // Last: a token is used up only by a request whose fields all passed.
        if (!(await tokens.claim(token.nonce, token.issuedAt + TOKEN_LIFETIME_MS))) return refused(t.tokenUsed, 'Token');
        claimed = token.nonce;
        fields = given;
        return null;
      };
      let received: ReceivedQuote;
      try {
        received = await receive(workDir, check);
      } catch (error) {
        if (error instanceof QuoteStopped) return { ...error.refusal, endsConnection: true };
        if (error instanceof UnreadableQuote) {
          const field = error.kind === 'too-large' ? 'Photos' : '';
          return { ...refusal(error.kind, quoteAnswers[lang][error.text], field), endsConnection: error.endsConnection };
        }
        throw error;
      }
      const t = quoteAnswers[lang];
      if (received.notAnImage !== undefined) return { ...refusal('refused', t.photo(received.notAnImage, t.photoReason.unsupported), 'Photos'), endsConnection: true };
      if (received.tooManyPhotos) return refusal('invalid', t.field.Photos, 'Photos');
      if (!fields) throw new Error('unreachable: the fields were checked');
      const accepted: Record<QuoteField, string> = fields;

      const finalDir = join(workDir, 'final');
      mkdirSync(finalDir);
      const processed = await processPhotos(received.photos, workDir, finalDir, lang);
      if ('refusal' in processed) return refusal('refused', processed.refusal, 'Photos');

      const journey = journeyOf
        ? await journeyOf().catch((error: unknown) => {
            log.error({ err: error }, messages.log.statsJourney);
            return [];
          })
        : [];
      const folder = randomBytes(12).toString('hex');
      const created = now();
      renameSync(finalDir, join(dir, folder));
      let id: number;
      try {
        id = await repo.insertQuote(
          db,
          { created_at: created, name: accepted.Name.trim(), email, phone, city: (accepted.City ?? '').trim(), work, message: accepted.Message.trim(), lang, folder, journey: JSON.stringify(journey) },
          processed.photos,
          newMessageId(mail ? envelopeOf(mail, await readSite(db)).from : 'localhost', `${created}-${randomBytes(6).toString('hex')}`),
        );
      } catch (error) {
        rmSync(join(dir, folder), { recursive: true, force: true });
        throw error;
      }
      stored = true;
      void outbox.deliver();
      return { ok: true, id, lang };
    } finally {
      rmSync(workDir, { recursive: true, force: true });
      // Refused after its fields passed (a photo): the form may be sent again.
      if (!stored && claimed !== null) await tokens.release(claimed).catch(() => undefined);
      await limiter.settle(admitted.id, stored).catch((error: unknown) => log.error({ err: error }, messages.log.quotesAtStart));
    }
  }

  const purge = async () => {
    await tokens.purge(now());
    return purgeQuotes(db, dir, retentionDays, now());
  };
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
    async remove(id, inTransaction) {
      const folders = await repo.deleteQuotes(db, { id }, inTransaction);
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
