// In-process cache of public read results (lists, one project) and of the pages rendered from
// them, dropped whenever a write call starts or ends. A load that overlapped a write is not kept (generation check), so a reader
// never sees data older than the last answered write. When full, the least recently used entries
// make room for the new one (issue 34: 2,000 spellings of one page used to fill it for good).
export interface ReadCache {
  /** The value of `key`, loaded when absent and kept when `keep` says so (by default always). */
  get<T>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  invalidate(): void;
}

export function createReadCache(maxEntries = 2000): ReadCache {
  let generation = 0;
  const entries = new Map<string, unknown>();
  // Loads under way, so that many readers of one absent key (every visitor of a page just after
  // a write dropped it) share one load instead of each rendering it. A write starts a new map: a
  // reader that comes after it never shares a load that began before it.
  let loading = new Map<string, Promise<unknown>>();
  return {
    get<T>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
      if (entries.has(key)) {
        // Read again: the most recently used, last in the map's order.
        const value = entries.get(key) as T;
        entries.delete(key);
        entries.set(key, value);
        return Promise.resolve(value);
      }
      const pending = loading.get(key);
      if (pending) return pending as Promise<T>;
      const started = generation;
      const shared = loading;
      const promise = (async () => {
        try {
          const value = await load();
          if (started === generation && (keep?.(value) ?? true)) {
            entries.set(key, value);
            // Full: the least recently used entries go (the first in the map's order).
            for (const oldest of entries.keys()) {
              if (entries.size <= maxEntries) break;
              entries.delete(oldest);
            }
          }
          return value;
        } finally {
          shared.delete(key);
        }
      })();
      shared.set(key, promise);
      return promise;
    },
    invalidate() {
      generation++;
      entries.clear();
      loading = new Map();
    },
  };
}
