/** The money rule of a short line, as a property over random lines, shortages and substitutes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inPriceBand, lineFinalPrice } from './substitutions.ts';

const line = fc
  .record({
    price: fc.integer({ min: 0, max: 2_000_000 }),
    quantity: fc.integer({ min: 1, max: 10 }),
    shortShare: fc.double({ min: 0, max: 1, noNaN: true }),
    outcome: fc.constantFrom('substituted' as const, 'refunded' as const, null),
    substitutePrice: fc.integer({ min: 0, max: 4_000_000 }),
    refused: fc.boolean(),
  })
  .map((l) => ({ ...l, shortQuantity: Math.round(l.shortShare * l.quantity) }));

describe('lineFinalPrice', () => {
  it('is never more than the line as ordered and never below nothing', () => {
    fc.assert(
      fc.property(line, (l) => {
        const final = lineFinalPrice(l) ?? l.price * l.quantity;
        expect(final).toBeGreaterThanOrEqual(0);
        expect(final).toBeLessThanOrEqual(l.price * l.quantity);
        expect(Number.isInteger(final)).toBe(true);
      }),
    );
  });

  it('charges the units that were there in full, and the short ones at most their ordered price', () => {
    fc.assert(
      fc.property(line, (l) => {
        const final = lineFinalPrice(l);
        const kept = l.price * (l.quantity - l.shortQuantity);
        if (l.shortQuantity === 0 || !l.outcome) expect(final).toBeNull();
        else if (l.outcome === 'refunded' || l.refused) expect(final).toBe(kept);
        else expect(final).toBe(kept + Math.min(l.price, l.substitutePrice) * l.shortQuantity);
      }),
    );
  });

  it('makes a refused or refunded whole line cost nothing, and a dearer substitute cost the line as ordered', () => {
    expect(lineFinalPrice({ price: 30_000, quantity: 2, shortQuantity: 2, outcome: 'refunded' })).toBe(0);
    expect(
      lineFinalPrice({ price: 30_000, quantity: 2, shortQuantity: 2, outcome: 'substituted', substitutePrice: 35_000, refused: true }),
    ).toBe(0);
    expect(lineFinalPrice({ price: 30_000, quantity: 2, shortQuantity: 2, outcome: 'substituted', substitutePrice: 35_000 })).toBe(60_000);
    expect(lineFinalPrice({ price: 30_000, quantity: 2, shortQuantity: 1, outcome: 'substituted', substitutePrice: 24_000 })).toBe(54_000);
  });
});

describe('inPriceBand', () => {
  it('takes prices within a quarter of the line price either way', () => {
    expect(inPriceBand(20_000, 25_000)).toBe(true);
    expect(inPriceBand(20_000, 15_000)).toBe(true);
    expect(inPriceBand(20_000, 25_001)).toBe(false);
    expect(inPriceBand(20_000, 14_999)).toBe(false);
  });
});
