// Failed sign-ins: at most `max` per `windowMs` for one (address, e-mail) pair; after that the
// pair waits until its oldest failure leaves the window. In memory: one process serves the site.
export interface LoginLimiter {
  /** Seconds to wait before trying again, or 0 when a new attempt is allowed. */
  retryAfter(key: string): number;
  recordFailure(key: string): void;
  reset(key: string): void;
}

export function createLoginLimiter(max = 5, windowMs = 60_000, now: () => number = () => Date.now()): LoginLimiter {
  const failures = new Map<string, number[]>();
  const MAX_KEYS = 100_000;

  const recent = (key: string): number[] => {
    const since = now() - windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  };

  return {
    retryAfter(key) {
      const list = recent(key);
      if (list.length < max) return 0;
      const oldest = list[list.length - max] ?? now();
      return Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
    },
    recordFailure(key) {
      if (failures.size >= MAX_KEYS) {
        // Bound memory under a flood of distinct keys: drop the expired ones, then the oldest.
        for (const k of failures.keys()) recent(k);
        if (failures.size >= MAX_KEYS) failures.delete(failures.keys().next().value as string);
      }
      failures.set(key, [...recent(key), now()]);
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
