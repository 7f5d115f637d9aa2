import { describe, expect, it } from 'vitest';
import { compareCodePoints } from './product-sales.ts';

describe('compareCodePoints', () => {
  it('orders strings as the bytes of their UTF-8 (PostgreSQL collation C)', () => {
    const words = ['Beef', 'beef', 'Beef 1kg', 'Bœuf', '\uFB01 ligature', '🥩 steak', 'Zebu', '', 'É', 'ÿ'];
    const byBytes = [...words].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...words].sort(compareCodePoints)).toEqual(byBytes);
    // Where UTF-16 order differs: a character past U+FFFF (a surrogate pair) comes after U+FB01.
    expect(compareCodePoints('🥩', '\uFB01')).toBeGreaterThan(0);
    expect('🥩' < '\uFB01').toBe(true);
  });
});
