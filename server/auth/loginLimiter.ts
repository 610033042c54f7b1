// Sign-in attempts: at most `max` per `windowMs` under one key (an address and e-mail pair, or an
// address alone); after that the key waits until its oldest attempt leaves the window. Attempts
// are counted before the password is checked, so concurrent attempts cannot slip past the limit.
// In memory: a limit is a throttle, not a truth to share (each process limits what it sees).
export interface LoginLimiter {
  /** Seconds to wait before trying again, or 0 when a new attempt is allowed. */
  retryAfter(key: string): number;
  /** Counts one attempt under this key. */
  record(key: string): void;
  /** Forgets this key's attempts (a success resets its own pair, nothing else). */
  reset(key: string): void;
}

export function createLoginLimiter(max = 5, windowMs = 60_000, now: () => number = () => Date.now()): LoginLimiter {
  const attempts = new Map<string, number[]>();
  const MAX_KEYS = 100_000;

  const recent = (key: string): number[] => {
    const since = now() - windowMs;
    const list = (attempts.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) attempts.delete(key);
    else attempts.set(key, list);
    return list;
  };

  return {
    retryAfter(key) {
      const list = recent(key);
      if (list.length < max) return 0;
      const oldest = list[list.length - max] ?? now();
      return Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
    },
    record(key) {
      if (attempts.size >= MAX_KEYS) {
        // Bound memory under a flood of distinct keys: drop the expired ones, then the oldest.
        for (const k of attempts.keys()) recent(k);
        if (attempts.size >= MAX_KEYS) attempts.delete(attempts.keys().next().value as string);
      }
      attempts.set(key, [...recent(key), now()]);
    },
    reset(key) {
      attempts.delete(key);
    },
  };
}
