// Several server processes on one PostgreSQL database behave as one server (issue 16): each
// process keeps read caches (server/http/readCache.ts), so a write through one must drop the
// others'. Every committed write moves a sequence (migration 0019) and NOTIFYs the channel before
// it is answered. Before a process serves a read it compares the sequence with what it last saw,
// and drops its caches if it moved: a read never comes from a cache older than a write answered
// before it started (a notification alone arrives when it arrives: a reader sent to the other
// process right after the write could still get the old list, CI run on a493f8a). Reads that
// arrive together share one comparison. The notification still wakes the jobs of the others (the
// quote e-mails' outbox) and drops their caches early. Every process LISTENs on a connection of
// its own; the same connection holds the session advisory lock of a job only one process may run
// at a time (the outbox): the lock goes with the connection if the process dies, and another
// process takes it over. On SQLite there is one process: nothing to tell, every job is ours.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { messages } from '../domain/messages.ts';
import type { Db } from './database.ts';

export interface Changes {
  /** Tells the other processes that this one committed a write. */
  publish(): Promise<void>;
  /** Resolves once this process's caches hold nothing older than the writes answered before the call. */
  fresh(): Promise<void>;
  /** Called when another process committed a write (or when notifications may have been missed). */
  onChange(listener: () => void): void;
  /** Whether this process runs `job` (one process at a time); always true on SQLite. */
  lead(job: keyof typeof JOB_LOCKS): Promise<boolean>;
  close(): Promise<void>;
}

const CHANNEL = 'portfolio_changes';
/** Session advisory locks (distinct from dialect.ts's write lock). */
const JOB_LOCKS = { outbox: 0x6f_75_74_62 } as const;
const RECONNECT_MS = 1000;

export function createChanges(db: Db, databaseUrl: string | undefined, log: { warn(obj: object, msg: string): void }): Changes {
  const listeners: Array<() => void> = [];
  const changed = () => listeners.forEach((listener) => listener());
  if (!databaseUrl) {
    const done = Promise.resolve();
    return { publish: () => done, fresh: () => done, onChange: (l) => void listeners.push(l), lead: async () => true, close: async () => {} };
  }

  const me = randomBytes(8).toString('hex');
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client | null> | null = null;
  let held = new Set<string>();
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  function connect(): Promise<pg.Client | null> {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: databaseUrl });
      const lost = (error?: Error) => {
        if (client !== next) return;
        client = null;
        held = new Set();
        if (error) log.warn({ err: error.message }, messages.log.notificationsLost);
        // What others wrote meanwhile was not announced: drop everything, now and once back.
        changed();
        if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
      };
      next.on('error', lost);
      next.on('end', () => lost());
      next.on('notification', (message) => {
        if (message.channel === CHANNEL && message.payload !== me) changed();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${CHANNEL}`);
        if (closed) {
          await next.end();
          return null;
        }
        client = next;
        changed();
        return next;
      } catch (error) {
        next.removeAllListeners('end');
        await next.end().catch(() => {});
        log.warn({ err: (error as Error).message }, messages.log.notificationsUnavailable);
        if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
        return null;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }

  const started = connect();

  /** The sequence's value when this process last compared (null: never), as text (an int8). */
  let seen: string | null = null;
  /** The comparison that reads arriving now join: not yet sent, so it reads what they must see. */
  let next: Promise<void> | null = null;
  let previous: Promise<void> = Promise.resolve();

  return {
    async publish() {
      const { rows } = await sql<{ v: string }>`SELECT nextval('portfolio_changes')::text AS v, pg_notify(${CHANNEL}, ${me})`.execute(db);
      const moved = rows[0]?.v;
      // Only this write since the last comparison: this process's caches are already dropped.
      if (moved !== undefined && seen !== null && BigInt(seen) + 1n === BigInt(moved)) seen = moved;
    },
    fresh() {
      if (next) return next;
      const comparison = previous.then(async () => {
        next = null; // sent from here on: a read arriving later needs the one after
        try {
          const { rows } = await sql<{ v: string }>`SELECT last_value::text AS v FROM portfolio_changes`.execute(db);
          const value = rows[0]?.v ?? null;
          if (value !== seen) {
            seen = value;
            changed();
          }
        } catch {
          changed(); // the database will say what is wrong to the read itself
        }
      });
      next = comparison;
      previous = comparison;
      return comparison;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async lead(job) {
      if (held.has(job)) return true;
      const listening = client ?? (await started) ?? client;
      if (!listening) return false;
      const { rows } = await listening.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [JOB_LOCKS[job]]);
      if (rows[0]?.ok && client === listening) held.add(job);
      return held.has(job);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await started;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
