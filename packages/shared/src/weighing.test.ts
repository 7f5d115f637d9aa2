/** The money rules of weighed lines, over many random weights and prices. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateFor, formatGrams, weighedPrice, withinTolerance } from './weighing.ts';

const perKg = fc.integer({ min: 0, max: 2_000_000 });
const grams = fc.integer({ min: 1, max: 100_000 });

describe('weighed prices', () => {
  it('never charges more than the estimate, never less than zero, and the shop absorbs exactly the rest', () => {
    fc.assert(
      fc.property(perKg, grams, grams, (price, asked, weighed) => {
        const estimate = estimateFor(price, asked);
        const p = weighedPrice(price, weighed, estimate);
        expect(p.final).toBeLessThanOrEqual(estimate);
        expect(p.final).toBeGreaterThanOrEqual(0);
        expect(p.absorbed).toBeGreaterThanOrEqual(0);
        expect(p.final + p.absorbed).toBe(p.weighed);
        // Under the estimate the customer pays the weight's price; at or over it, the estimate.
        expect(p.final).toBe(weighed <= asked ? p.weighed : estimate);
      }),
      { numRuns: 2000 },
    );
  });

  it('never refunds more than was paid: the refund of a line is the estimate less its final price, within [0, estimate]', () => {
    fc.assert(
      fc.property(
        perKg,
        fc.array(fc.tuple(grams, grams, fc.integer({ min: 1, max: 10 })), { minLength: 1, maxLength: 6 }),
        (price, lines) => {
          const paid = lines.reduce((s, [asked, , qty]) => s + estimateFor(price, asked) * qty, 0);
          const charged = lines.reduce(
            (s, [asked, weighed, qty]) => s + weighedPrice(price, weighed, estimateFor(price, asked) * qty).final,
            0,
          );
          expect(charged).toBeLessThanOrEqual(paid);
          expect(paid - charged).toBeGreaterThanOrEqual(0);
          expect(paid - charged).toBeLessThanOrEqual(paid);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('rounds to whole shillings, halves up, exactly as per-kg × grams / 1000', () => {
    fc.assert(
      fc.property(perKg, grams, (price, g) => {
        const v = estimateFor(price, g);
        expect(Number.isInteger(v)).toBe(true);
        // Within half a shilling of the exact value, and a half goes up.
        expect(Math.abs(v * 1000 - price * g)).toBeLessThanOrEqual(500);
        if ((price * g) % 1000 === 500) expect(v * 1000).toBe(price * g + 500);
      }),
      { numRuns: 2000 },
    );
    expect(estimateFor(32_000, 250)).toBe(8_000);
    expect(estimateFor(28_500, 933)).toBe(26_591); // 26,590.5 goes up
    expect(estimateFor(12_345, 333)).toBe(4_111); // 4,110.885
  });

  it('reads the tolerance both ways and writes weights the way a packer reads them', () => {
    expect(withinTolerance(1000, 1100, 10)).toBe(true);
    expect(withinTolerance(1000, 1101, 10)).toBe(false);
    expect(withinTolerance(1000, 900, 10)).toBe(true);
    expect(withinTolerance(1000, 899, 10)).toBe(false);
    expect(formatGrams(250)).toBe('250 g');
    expect(formatGrams(1000)).toBe('1 kg');
    expect(formatGrams(1450)).toBe('1.45 kg');
  });
});
