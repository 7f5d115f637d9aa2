import { describe, expect, it, vi } from 'vitest';
import { createMicroCache } from './micro-cache.ts';

/** A promise and the functions that settle it, for loads that finish when a test says so. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('micro-cache', () => {
  it('shares one load between concurrent misses and serves the value within the TTL', async () => {
    const cache = createMicroCache(1000);
    const load = vi.fn(async () => 'a');
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['a', 'a']);
    expect(await cache.get('k', load)).toBe('a');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never serves an expired value: the requests after the TTL share one load and get the new value', async () => {
    vi.useFakeTimers();
    try {
      const cache = createMicroCache(1000);
      await cache.get('k', async () => 'old');
      vi.advanceTimersByTime(1500);
      const load = vi.fn(async () => 'new');
      expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['new', 'new']);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads again after invalidate(), without handing later requests a load that started before it', async () => {
    const cache = createMicroCache(60_000);
    await cache.get('k', async () => 'before');
    cache.invalidate();
    expect(await cache.get('k', async () => 'after')).toBe('after');

    // A load under way when the write lands may have read the data before it.
    const early = deferred<string>();
    const first = cache.get('x', () => early.promise);
    cache.invalidate();
    const second = cache.get('x', async () => 'fresh');
    early.resolve('stale');
    expect(await first).toBe('stale');
    expect(await second).toBe('fresh');
    // The older load finishing last does not overwrite the newer one.
    expect(await cache.get('x', async () => 'unused')).toBe('fresh');
  });

  it('records nothing from a load that straddles invalidate(), so the next request checks again', async () => {
    const cache = createMicroCache(60_000);
    const early = deferred<string>();
    const first = cache.get('k', () => early.promise);
    cache.invalidate();
    early.resolve('maybe stale');
    expect(await first).toBe('maybe stale');
    expect(await cache.get('k', async () => 'checked')).toBe('checked');
  });

  it('does not cache a failed load', async () => {
    const cache = createMicroCache(60_000);
    await expect(cache.get('x', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('x', async () => 'recovered')).toBe('recovered');
  });

  describe('with a version', () => {
    it('reads the version, not the data, while it stays the same, and loads again once it moves', async () => {
      vi.useFakeTimers();
      try {
        let current = 1;
        const version = vi.fn(async () => String(current));
        const cache = createMicroCache(1000, { version });
        let data = 'v1';
        const load = vi.fn(async () => data);
        expect(await cache.get('a', load)).toBe('v1');
        expect(await cache.get('b', load)).toBe('v1');
        expect(load).toHaveBeenCalledTimes(2);
        for (let i = 0; i < 5; i++) {
          vi.advanceTimersByTime(1500);
          expect(await cache.get('a', load)).toBe('v1');
          expect(await cache.get('b', load)).toBe('v1');
        }
        expect(load).toHaveBeenCalledTimes(2);
        expect(version.mock.calls.length).toBeGreaterThanOrEqual(5);

        current = 2;
        data = 'v2';
        vi.advanceTimersByTime(1500);
        // The first request after the TTL already gets the change: never the expired value.
        expect(await cache.get('a', load)).toBe('v2');
        expect(load).toHaveBeenCalledTimes(3);
      } finally {
        vi.useRealTimers();
      }
    });

    it('serves repeated requests within the TTL with no read at all, and after invalidate() with a version read only', async () => {
      let current = 1;
      const version = vi.fn(async () => String(current));
      const cache = createMicroCache(60_000, { version });
      const load = vi.fn(async () => `data ${current}`);
      await cache.get('k', load);
      for (let i = 0; i < 10; i++) await cache.get('k', load);
      expect(version).toHaveBeenCalledTimes(1);
      expect(load).toHaveBeenCalledTimes(1);

      // A write that did not touch what is cached: one version read, no load.
      cache.invalidate();
      expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['data 1', 'data 1']);
      expect(version).toHaveBeenCalledTimes(2);
      expect(load).toHaveBeenCalledTimes(1);

      current = 2;
      cache.invalidate();
      expect(await cache.get('k', load)).toBe('data 2');
      expect(load).toHaveBeenCalledTimes(2);
    });

    it('does not share a version read that started before invalidate()', async () => {
      let current = 1;
      const reads: ReturnType<typeof deferred<string>>[] = [];
      const cache = createMicroCache(60_000, {
        version: () => {
          const d = deferred<string>();
          reads.push(d);
          return d.promise;
        },
      });
      const first = cache.get('a', async () => `data ${current}`);
      await Promise.resolve();
      // The write commits and is announced while that version read is still out.
      current = 2;
      cache.invalidate();
      const second = cache.get('b', async () => `data ${current}`);
      await Promise.resolve();
      expect(reads).toHaveLength(2);
      reads[0]!.resolve('1');
      reads[1]!.resolve('2');
      expect(await second).toBe('data 2');
      await first;
    });

    it('records the version read before the load, so a change committed during the load is not missed', async () => {
      vi.useFakeTimers();
      try {
        let current = 1;
        const cache = createMicroCache(1000, { version: async () => String(current) });
        // The data read sees a change whose version moved after the version was read.
        const load = vi.fn(async () => {
          current = 2;
          return 'during';
        });
        expect(await cache.get('k', load)).toBe('during');
        const after = vi.fn(async () => 'after');
        vi.advanceTimersByTime(1500);
        expect(await cache.get('k', after)).toBe('after');
        expect(after).toHaveBeenCalledTimes(1);
      } finally {
        vi.useRealTimers();
      }
    });

    it('keeps serving the value when the version cannot be read, and tries again on the next request', async () => {
      vi.useFakeTimers();
      try {
        let up = true;
        const version = vi.fn(async () => (up ? '1' : Promise.reject(new Error('db down'))));
        const cache = createMicroCache(1000, { version });
        const load = vi.fn(async () => 'value');
        await cache.get('k', load);
        up = false;
        vi.advanceTimersByTime(1500);
        expect(await cache.get('k', load)).toBe('value');
        expect(await cache.get('k', load)).toBe('value');
        expect(version).toHaveBeenCalledTimes(3);
        expect(load).toHaveBeenCalledTimes(1);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
