/**
 * A micro-cache for hot public reads: the serialized body of a read is kept for a second or two per
 * key, and concurrent misses share one load. Once a key has a value, an expired entry is served while
 * one refresh runs (stale-while-revalidate), so no request waits on the database after the first.
 * Under load this turns hundreds of identical catalog queries per second into one, while a change
 * shows within about the TTL on every instance (and at once on the instance that made it, which
 * calls `clear()`). Not for anything user-specific.
 */
export interface MicroCache {
  get(key: string, load: () => Promise<string>): Promise<string>;
  clear(): void;
}

interface Entry {
  expires: number;
  value?: string;
  pending?: Promise<string>;
}

export function createMicroCache(ttlMs: number, maxEntries = 500): MicroCache {
  let entries = new Map<string, Entry>();

  function refresh(key: string, entry: Entry, load: () => Promise<string>) {
    const map = entries;
    const pending = load().then(
      (value) => {
        // A clear() while loading replaced the map: this value may predate the change, drop it.
        if (map !== entries) return value;
        // Unchanged, the entry keeps its string object: what is keyed on it (the ETag, the compressed
        // body, see http-cache.ts) is not worked out again for a large body every refresh.
        const kept = entry.value === value ? entry.value : value;
        Object.assign(entry, { value: kept, expires: Date.now() + ttlMs, pending: undefined });
        return kept;
      },
      (err) => {
        entry.pending = undefined;
        if (entry.value === undefined && map.get(key) === entry) map.delete(key);
        throw err;
      },
    );
    entry.pending = pending;
    return pending;
  }

  return {
    get(key, load) {
      let entry = entries.get(key);
      if (!entry) {
        if (entries.size >= maxEntries) entries = new Map();
        entry = { expires: 0 };
        entries.set(key, entry);
      }
      if (entry.value !== undefined) {
        if (entry.expires <= Date.now() && !entry.pending) refresh(key, entry, load).catch(() => {});
        return Promise.resolve(entry.value);
      }
      return entry.pending ?? refresh(key, entry, load);
    },
    clear() {
      entries = new Map();
    },
  };
}
