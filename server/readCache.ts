// In-process cache of public read results (lists, one project) and of the pages rendered from
// them, dropped whenever a write call starts or ends. A load that overlapped a write is not kept (generation check), so a reader
// never sees data older than the last answered write.
export interface ReadCache {
  /** The value of `key`, loaded when absent and kept when `keep` says so (by default always). */
  get<T>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  invalidate(): void;
}

export function createReadCache(maxEntries = 2000): ReadCache {
  let generation = 0;
  const entries = new Map<string, unknown>();
  return {
    async get<T>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
      if (entries.has(key)) return entries.get(key) as T;
      const started = generation;
      const value = await load();
      if (started === generation && entries.size < maxEntries && (keep?.(value) ?? true)) entries.set(key, value);
      return value;
    },
    invalidate() {
      generation++;
      entries.clear();
    },
  };
}
