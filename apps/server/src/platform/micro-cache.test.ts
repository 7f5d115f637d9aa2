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
});
