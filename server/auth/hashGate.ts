// A global cap on sign-in hashing. Each scrypt takes 64 MiB and a core's worth of work:
// unbounded, a sign-in flood starved the site (issue 19: 638 MB, 24 s for GET /welcome). At most
// `concurrency` hashes run at once, at most `queue` wait; beyond that the caller is told to come
// back later (busy, with when to try again). The hashes themselves run one at a time on their own
// low-priority thread (auth/passwords.ts).
import { DomainError } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';

export interface HashGateOptions {
  /** Sign-ins hashing at once (each holds 64 MiB at the default cost). */
  concurrency: number;
  /** Hashes waiting for a turn; more are refused. */
  queue: number;
}

export const DEFAULT_HASH_GATE: HashGateOptions = { concurrency: 1, queue: 8 };

export interface HashGate {
  /** Throws the French refusal (busy) now if `run` would: a refused attempt costs no further work. */
  checkRoom(): void;
  /** Runs `work` when its turn comes; throws the same refusal when too many are waiting. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createHashGate({ concurrency, queue }: HashGateOptions): HashGate {
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
      const seconds = Math.max(1, Math.ceil(((waiting.length + running) * averageMs) / concurrency / 1000));
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
      const started = performance.now();
      try {
        return await work();
      } finally {
        averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
        next();
      }
    },
  };
}
