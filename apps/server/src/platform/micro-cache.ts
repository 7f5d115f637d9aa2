/**
 * A micro-cache for hot public reads: the serialized body of a read is kept for a second or two per
 * key, and concurrent misses share one load. Once a key has a value, an expired entry is served while
 * one refresh runs (stale-while-revalidate), so no request waits on the database after the first.
 * Under load this turns hundreds of identical catalog queries per second into one, while a change
 * shows within about the TTL on every instance (and at once on the instance that made it, which
 * calls `clear()`). Not for anything user-specific.
 *
 * With a `version` read, an expired entry is first checked against it and loaded again only when the
 * version has moved: a listing of 10,000 products is not read and serialized again every TTL while
 * nothing changed (on the embedded database that read holds the event loop for about 200 ms).
 */
export interface MicroCache {
  get(key: string, load: () => Promise<string>): Promise<string>;
  clear(): void;
}

export interface MicroCacheOptions {
  maxEntries?: number;
  /**
   * A cheap read that changes whenever anything behind any entry may have changed (and only ever
   * moves forward). It is read before each load, so an entry is never recorded as newer than its data.
   */
  version?: () => Promise<string>;
}

interface Entry {
  expires: number;
  value?: string;
  /** The version read just before `value` was loaded. */
  version?: string;
  pending?: Promise<string>;
}

export function createMicroCache(ttlMs: number, opts: MicroCacheOptions = {}): MicroCache {
  const { maxEntries = 500, version } = opts;
  let entries = new Map<string, Entry>();
  // One version read in flight at a time, shared by every entry that expires meanwhile.
  let versionRead: Promise<string> | undefined;
  const readVersion = () => {
    versionRead ??= version!().finally(() => {
      versionRead = undefined;
    });
    return versionRead;
  };

  function settle(key: string, entry: Entry, map: Map<string, Entry>, work: Promise<string>) {
    const pending = work.then(
      (value) => {
        entry.pending = undefined;
        return value;
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

  async function load(entry: Entry, map: Map<string, Entry>, read: () => Promise<string>, known?: string) {
    const v = version ? (known ?? (await readVersion())) : undefined;
    const value = await read();
    // A clear() while loading replaced the map: this value may predate the change, drop it.
    if (map !== entries) return value;
    // Unchanged, the entry keeps its string object: what is keyed on it (the ETag, the compressed
    // body, see http-cache.ts) is not worked out again for a large body every refresh.
    entry.value = entry.value === value ? entry.value : value;
    entry.version = v;
    entry.expires = Date.now() + ttlMs;
    return entry.value;
  }

  async function revalidate(entry: Entry, map: Map<string, Entry>, read: () => Promise<string>) {
    if (!version || entry.version === undefined) return load(entry, map, read);
    const v = await readVersion();
    if (map !== entries) return entry.value!;
    if (v !== entry.version) return load(entry, map, read, v);
    entry.expires = Date.now() + ttlMs;
    return entry.value!;
  }

  return {
    get(key, read) {
      let entry = entries.get(key);
      if (!entry) {
        if (entries.size >= maxEntries) entries = new Map();
        entry = { expires: 0 };
        entries.set(key, entry);
      }
      const map = entries;
      if (entry.value !== undefined) {
        if (entry.expires <= Date.now() && !entry.pending) settle(key, entry, map, revalidate(entry, map, read)).catch(() => {});
        return Promise.resolve(entry.value);
      }
      return entry.pending ?? settle(key, entry, map, load(entry, map, read));
    },
    clear() {
      entries = new Map();
    },
  };
}
