// A global cap on sign-in hashing. Each scrypt takes 64 MiB and a core's worth of work:
// unbounded, a sign-in flood starved the site (issue 19: 638 MB, 24 s for GET /welcome). At most
// `concurrency` hashes run at once, at most `queue` wait; beyond that the caller is told to come
// back later (busy, with when to try again). The hashes themselves run one at a time on their own
// low-priority thread (auth/passwords.ts). While others wait, the gate rests after each hash as
// long as the hash took (`rest`): a flood keeps the hasher busy half the time at most. At the lowest
// priority it still took what the pages left of the cores, and on this 2-core machine the visitors
// of bench:load's hostile run waited for it: their p99 was 77-138 ms (median 114, 5 runs), 82-135
// (median 84) with the rest. A lone sign-in never waits.
import { DomainError } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';

export interface HashGateOptions {
  /** Sign-ins hashing at once (each holds 64 MiB at the default cost). */
  concurrency: number;
  /** Hashes waiting for a turn; more are refused. */
  queue: number;
  /** While others wait, the pause after a hash, as a share of the time it took (default 1). */
  rest?: number;
}

export const DEFAULT_HASH_GATE: HashGateOptions = { concurrency: 1, queue: 8, rest: 1 };

/** The gate's time: the clock, and a pause (tests move both). */
export interface GateClock {
  now(): number;
  pause(ms: number): Promise<void>;
}

const realClock: GateClock = { now: () => performance.now(), pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

export interface HashGate {
  /** Throws the French refusal (busy) now if `run` would: a refused attempt costs no further work. */
  checkRoom(): void;
  /** Runs `work` when its turn comes; throws the same refusal when too many are waiting. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createHashGate({ concurrency, queue, rest = 1 }: HashGateOptions, clock: GateClock = realClock): HashGate {
  let running = 0;
  const waiting: Array<() => void> = [];
  let averageMs = 200; // scrypt at OWASP cost on a small server; refined as hashes finish

  // A finished hash hands its slot to the first waiter, or frees it.
  const next = () => {
    const first = waiting.shift();
    if (first) first();
    else running--;
  };

  const checkRoom = () => {
    if (running >= concurrency && waiting.length >= queue) {
      const seconds = Math.max(1, Math.ceil(((waiting.length + running) * averageMs * (1 + rest)) / concurrency / 1000));
      throw new DomainError('busy', messages.signIn.busy(seconds), { retryAfterSeconds: seconds });
    }
  };

  return {
    checkRoom,
    async run(work) {
      if (running >= concurrency) {
        checkRoom();
        // The slot is handed over by `next`: `running` stays counted across the hand-over.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      const started = clock.now();
      try {
        return await work();
      } finally {
        const took = clock.now() - started;
        averageMs = averageMs * 0.8 + took * 0.2;
        // The slot stays taken during the rest: no attempt slips in before those waiting.
        if (waiting.length > 0 && rest > 0) void clock.pause(took * rest).then(next);
        else next();
      }
    },
  };
}
