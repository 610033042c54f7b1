// Attempts limited per key: at most `max` per `windowMs` under one key (a sign-in's address and
// e-mail pair or its address alone, a quote request's address); after that the key waits until
// its oldest attempt leaves the window. Kept in the database (table rate_limit_hit), so that every
// server process counts the same attempts (several processes on one PostgreSQL) and a restart
// forgets nothing. `admit` checks and counts in one transaction: concurrent attempts cannot all
// pass the limit (transactions run one at a time, server/db/dialect.ts).
import { createHash } from 'node:crypto';
import type { Executor } from '../db/executor.ts';

/** A key is stored as its SHA-256: no address or e-mail kept in clear, any character allowed. */
const digest = (key: string) => createHash('sha256').update(key).digest('base64url');

export interface Limit {
  key: string;
  max: number;
}

export interface RateLimiter {
  /** Seconds to wait before one of these keys may try again, or 0. */
  retryAfter(limits: Limit[]): Promise<number>;
  /** Counts one attempt under each key. */
  record(keys: string[]): Promise<void>;
  /** retryAfter, and when it is 0 record, at once: the seconds to wait, or 0 when counted. */
  admit(limits: Limit[]): Promise<number>;
  /** Forgets this key's attempts (a successful sign-in resets its own pair, nothing else; `executor`: its transaction). */
  reset(key: string, executor?: Executor): Promise<void>;
}

/** `scope` keeps the limiters apart in the table (each forgets its own expired attempts). */
export function createRateLimiter(db: Executor, scope: 'login' | 'quote', windowMs: number, now: () => number = () => Date.now()): RateLimiter {
  let writes = 0;

  async function waitOf(executor: Executor, limits: Limit[]): Promise<number> {
    const t = now();
    let wait = 0;
    for (const { key, max } of limits) {
      // The max-th most recent attempt in the window: while it is there, the key is full.
      const row = await executor
        .selectFrom('rate_limit_hit')
        .select('at')
        .where('scope', '=', scope)
        .where('key', '=', digest(key))
        .where('at', '>', t - windowMs)
        .orderBy('at', 'desc')
        .offset(max - 1)
        .limit(1)
        .executeTakeFirst();
      if (row) wait = Math.max(wait, Math.max(1, Math.ceil((row.at + windowMs - t) / 1000)));
    }
    return wait;
  }

  async function insert(executor: Executor, keys: string[]): Promise<void> {
    const t = now();
    await executor.insertInto('rate_limit_hit').values(keys.map((key) => ({ scope, key: digest(key), at: t }))).execute();
    // Expired attempts go now and then (a flood of new keys stays bounded by the window).
    if (++writes % 100 === 1) await executor.deleteFrom('rate_limit_hit').where('scope', '=', scope).where('at', '<=', t - windowMs).execute();
  }

  return {
    retryAfter: (limits) => waitOf(db, limits),
    record: (keys) => insert(db, keys),
    admit: (limits) =>
      db.transaction().execute(async (trx) => {
        const wait = await waitOf(trx, limits);
        if (wait === 0) await insert(trx, limits.map((limit) => limit.key));
        return wait;
      }),
    async reset(key, executor = db) {
      await executor.deleteFrom('rate_limit_hit').where('scope', '=', scope).where('key', '=', digest(key)).execute();
    },
  };
}
