// How many quote requests one address may send (issue 34): at most `attempts` received and `stored`
// kept per window (an hour). A request is taken before its body is read, checked and counted in
// one transaction (as the sign-in limiter's `admit`: transactions run one at a time, on SQLite and
// across PostgreSQL processes, server/db/dialect.ts), so that 30 requests sent at the same moment
// cannot all pass: the first `stored` are let in as pending, the others are refused at once.
// Every request let in counts as an attempt whatever its outcome; once settled, a refused one no
// longer holds a place among the stored. Kept in the database (table quote_attempt): every server
// process counts the same requests, and a restart forgets nothing.
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';

/** An address is stored as its SHA-256: no address kept in clear. */
const digest = (address: string) => createHash('sha256').update(address).digest('base64url');

export interface QuoteLimits {
  /** Requests kept per window. */
  max: number;
  /** Requests received per window, kept or refused. */
  attempts: number;
  windowMs: number;
}

export interface QuoteLimiter {
  /** Takes a place for a request from `address`: its id, or the seconds to wait before another may come. */
  admit(address: string): Promise<{ id: number } | { retryAfterSeconds: number }>;
  /** What became of a request let in: kept, or refused (it stays an attempt). */
  settle(id: number, stored: boolean): Promise<void>;
}

export function createQuoteLimiter(db: Db, limits: QuoteLimits, now: () => number): QuoteLimiter {
  let admitted = 0;
  /** Seconds until the n-th most recent of these rows leaves the window, or 0 when there are fewer. */
  async function waitFor(trx: Executor, key: string, n: number, t: number, storedOnly: boolean): Promise<number> {
    let query = trx.selectFrom('quote_attempt').select('at').where('key', '=', key).where('at', '>', t - limits.windowMs);
    if (storedOnly) query = query.where('state', '!=', 'refused');
    const row = await query.orderBy('at', 'desc').offset(n - 1).limit(1).executeTakeFirst();
    return row ? Math.max(1, Math.ceil((row.at + limits.windowMs - t) / 1000)) : 0;
  }
  return {
    admit: (address) =>
      db.transaction().execute(async (trx) => {
        const t = now();
        const key = digest(address);
        const wait = Math.max(await waitFor(trx, key, limits.attempts, t, false), await waitFor(trx, key, limits.max, t, true));
        if (wait > 0) return { retryAfterSeconds: wait };
        const { id } = await trx.insertInto('quote_attempt').values({ key, at: t, state: 'pending' }).returning('id').executeTakeFirstOrThrow();
        // Rows out of the window go now and then (a flood of new addresses stays bounded by it).
        if (++admitted % 100 === 1) await trx.deleteFrom('quote_attempt').where('at', '<=', t - limits.windowMs).execute();
        return { id };
      }),
    async settle(id, stored) {
      await db.updateTable('quote_attempt').set({ state: stored ? 'stored' : 'refused' }).where('id', '=', id).execute();
    },
  };
}
