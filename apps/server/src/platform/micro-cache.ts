/**
 * A micro-cache for hot public reads: the serialized body of a read is kept for a second or two per
 * key, and concurrent misses share one load. Under load this turns hundreds of identical catalog
 * queries per second into one, while a change shows within the TTL on every instance (and at once
 * on the instance that made it, which calls `clear()`). Not for anything user-specific.
 */
export interface MicroCache {
  get(key: string, load: () => Promise<string>): Promise<string>;
  clear(): void;
}

export function createMicroCache(ttlMs: number, maxEntries = 500): MicroCache {
  const entries = new Map<string, { expires: number; value: Promise<string> }>();
  return {
    get(key, load) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      entries.set(key, { expires: now + ttlMs, value });
      // A failed load is not cached: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
