// Handler types, taken from the contract's table of operations (contract/api.ts, generated from
// openapi.yaml): a handler whose argument or answer drifts from the contract fails
// `npm run typecheck`. buildApp checks at start-up that every operation of the contract has
// exactly one handler, in the module of its tag.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId, Operations } from '../../contract/api.ts';
import type { HashGate } from '../auth/hashGate.ts';
import type { Changes } from '../db/changes.ts';
import type { RateLimiter } from '../auth/rateLimiter.ts';
import type { ScryptCost } from '../auth/passwords.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import type { JournalHook } from '../journal/journal.service.ts';
import type { ImageLibrary } from '../media/library.ts';
import type { Quotes } from '../quotes/quote.service.ts';
import type { Stats } from '../stats/stats.service.ts';
import type { ReadCache } from './readCache.ts';

export type { OperationId, Operations } from '../../contract/api.ts';

/** What every handler may use; built once per app by buildApp. */
export interface Services {
  db: Db;
  /** Public read results; every write call invalidates it. */
  cache: ReadCache;
  /** Tells the other server processes of a write, and hears theirs (server/db/changes.ts). */
  changes: Changes;
  sessions: Sessions;
  /** The image library: files in DATA_DIR/images, rows in the image table, the worker queue. */
  images: ImageLibrary;
  /** Sign-in attempts per address and e-mail, and per address alone. */
  /** Sign-in attempts, per address and e-mail (`pair`) and per address, in one window. */
  loginLimiter: RateLimiter;
  loginLimits: { pair: number; address: number };
  /** The global cap on concurrent sign-in password hashing. */
  hashGate: HashGate;
  /** Quote requests: their files, the spam rules, the e-mail outbox, the retention. */
  quotes: Quotes;
  passwordCost: ScryptCost;
  /** The server's clock (tests move it). */
  now: () => number;
  /** Visit statistics (issue 30): the beacon's queue, the day's key, the reports. */
  stats: Stats;
  /** The trash's and the journal's retention (issue 28). */
  retention: { trashDays: number; auditDays: number };
  /** Erases the trash's entries, the journal's and the statistics' views older than their retention (at start, then every hour). */
  purgeExpired(): Promise<{ trash: number; journal: number; stats: number }>;
  /** A hash of a random value, verified when the e-mail is unknown so both failures take as long. */
  dummyPasswordHash: () => Promise<string>;
  /** REQUIRE_SECOND_FACTOR (issue 29): an administrator without a second factor may only set one up. */
  requireSecondFactor: boolean;
  /** PUBLIC_URL: the site's origin (absolute URLs, a passkey's relying party); unset, the request's own. */
  publicUrl: string | undefined;
}

export interface HandlerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  /** The signed-in administrator (operations with bearer security, required or sent where optional), else null. */
  userId: number | null;
  /**
   * Writes the call's journal entry in the transaction of its change: for the writes whose slow
   * work runs before their own transaction (server/http/journaling.ts's OWN_TRANSACTION); a no-op
   * for the others, whose entry the edge writes in the transaction it opens for them.
   */
  journal: JournalHook;
}

export type Handler<K extends OperationId> = (
  arg: Operations[K][0],
  ctx: HandlerContext,
) => Promise<Operations[K][1]>;

export type Handlers<K extends OperationId> = { [P in K]: Handler<P> };

/** One module per contract tag. */
export interface TagModule<K extends OperationId = OperationId> {
  tag: string;
  handlers: Handlers<K>;
}
