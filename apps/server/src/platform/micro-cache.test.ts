import { describe, expect, it, vi } from 'vitest';
import { createMicroCache } from './micro-cache.ts';

describe('micro-cache', () => {
  it('shares one load between concurrent misses and serves the value within the TTL', async () => {
    const cache = createMicroCache(1000);
    const load = vi.fn(async () => 'a');
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['a', 'a']);
    expect(await cache.get('k', load)).toBe('a');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('serves the stale value while one refresh runs, then the new one', async () => {
    vi.useFakeTimers();
    try {
      const cache = createMicroCache(1000);
      await cache.get('k', async () => 'old');
      vi.advanceTimersByTime(1500);
      const load = vi.fn(async () => 'new');
      expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['old', 'old']);
      expect(load).toHaveBeenCalledTimes(1);
      expect(await cache.get('k', load)).toBe('new');
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets everything on clear() and does not cache a failed load', async () => {
    const cache = createMicroCache(60_000);
    await cache.get('k', async () => 'before');
    cache.clear();
    expect(await cache.get('k', async () => 'after')).toBe('after');
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
          await vi.runAllTimersAsync();
        }
        expect(load).toHaveBeenCalledTimes(2);
        expect(version.mock.calls.length).toBeGreaterThanOrEqual(5);

        current = 2;
        data = 'v2';
        vi.advanceTimersByTime(1500);
        expect(await cache.get('a', load)).toBe('v1'); // stale while it reloads
        await vi.runAllTimersAsync();
        expect(await cache.get('a', load)).toBe('v2');
        expect(load).toHaveBeenCalledTimes(3);
      } finally {
        vi.useRealTimers();
      }
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
        await cache.get('k', after);
        await vi.runAllTimersAsync();
        expect(after).toHaveBeenCalledTimes(1);
        expect(await cache.get('k', after)).toBe('after');
      } finally {
        vi.useRealTimers();
      }
    });

    it('keeps serving the value when the version cannot be read, and tries again on the next request', async () => {
      vi.useFakeTimers();
      try {
        let up = true;
        const cache = createMicroCache(1000, { version: async () => (up ? '1' : Promise.reject(new Error('db down'))) });
        const load = vi.fn(async () => 'value');
        await cache.get('k', load);
        up = false;
        vi.advanceTimersByTime(1500);
        expect(await cache.get('k', load)).toBe('value');
        await vi.runAllTimersAsync();
        expect(await cache.get('k', load)).toBe('value');
        expect(load).toHaveBeenCalledTimes(1);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
