/**
 * A micro-cache for hot public reads: the serialized body of a read is kept per key for a second or
 * two, and concurrent requests for a key share one load. Under load this turns hundreds of identical
 * catalog queries per second into one. Not for anything user-specific.
 *
 * An entry is served as it is only while it is fresh. Once it has expired, or after `invalidate()`
 * (a write went through this instance), the next request waits for it to be checked: the data a shop
 * manager has just changed is never handed out while a refresh runs behind it. So a change shows at
 * once on the instance that made it and within about the TTL on every other one.
 *
 * With a `version` read, that check is the version, not the data: the entry is loaded again only when
 * the version has moved, so a listing of 10,000 products is not read and serialized again every TTL
 * while nothing changed (on the embedded database that read holds the event loop for about 200 ms),
 * and a write that did not touch what is cached costs one small read.
 */
export interface MicroCache {
  get(key: string, load: () => Promise<string>): Promise<string>;
  /**
   * Everything held must be checked before it is served again; work already under way is not shared
   * with later requests, since it may have read the data before the change.
   */
  invalidate(): void;
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
  value?: string;
  /** The version read just before `value` was loaded. */
  version?: string;
  /** Until when `value` may be served without a check. */
  expires: number;
  /** The generation (see `invalidate`) in which `value` was last loaded or checked. */
  generation: number;
  pending?: { generation: number; work: Promise<string> };
}

export function createMicroCache(ttlMs: number, opts: MicroCacheOptions = {}): MicroCache {
  const { maxEntries = 500, version } = opts;
  let entries = new Map<string, Entry>();
  let generation = 0;
  // One version read in flight at a time, shared by every entry checked meanwhile; `invalidate()`
  // stops sharing it, as it may have started before the write that invalidated.
  let versionRead: Promise<string> | undefined;
  const readVersion = () => {
    if (versionRead) return versionRead;
    const read = version!().finally(() => {
      if (versionRead === read) versionRead = undefined;
    });
    versionRead = read;
    return read;
  };

  /** Records what work started in `gen` found, unless work started later has already recorded. */
  function record(entry: Entry, gen: number, value: string, v: string | undefined) {
    if (gen < entry.generation) return;
    // Unchanged, the entry keeps its string object: what is keyed on it (the ETag, the compressed
    // body, see http-cache.ts) is not worked out again for a large body every check.
    entry.value = entry.value === value ? entry.value : value;
    entry.version = v;
    entry.generation = gen;
    entry.expires = Date.now() + ttlMs;
  }

  async function refresh(entry: Entry, gen: number, read: () => Promise<string>): Promise<string> {
    if (!version) {
      const value = await read();
      record(entry, gen, value, undefined);
      return value;
    }
    let v: string;
    try {
      v = await readVersion();
    } catch (err) {
      // The database cannot be asked: nothing can have been changed through it either. The value
      // held is served, unrecorded, so the next request asks again.
      if (entry.value !== undefined) return entry.value;
      throw err;
    }
    if (entry.value !== undefined && entry.version === v) {
      record(entry, gen, entry.value, v);
      return entry.value;
    }
    const value = await read();
    record(entry, gen, value, v);
    return value;
  }

  return {
    get(key, read) {
      let entry = entries.get(key);
      if (!entry) {
        if (entries.size >= maxEntries) entries = new Map();
        entry = { expires: 0, generation };
        entries.set(key, entry);
      }
      if (entry.value !== undefined && entry.generation === generation && entry.expires > Date.now()) {
        return Promise.resolve(entry.value);
      }
      if (entry.pending?.generation === generation) return entry.pending.work;
      const map = entries;
      const target = entry;
      const pending = {
        generation,
        work: refresh(target, generation, read).finally(() => {
          if (target.pending === pending) target.pending = undefined;
          // A failed first load is not kept: the next request tries again.
          if (target.value === undefined && map.get(key) === target) map.delete(key);
        }),
      };
      target.pending = pending;
      return pending.work;
    },
    invalidate() {
      generation++;
      versionRead = undefined;
    },
  };
}
