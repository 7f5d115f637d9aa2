import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineKey, ProductOptions, priceWithOptions } from './product-options.ts';

const CUT = {
  name: 'Cut',
  values: [
    { label: 'Whole', available: true, priceDelta: 0 },
    { label: 'Cubed', available: true, priceDelta: 1_000 },
    { label: 'Minced', available: false, priceDelta: 2_000 },
  ],
};

describe('pricing a line with its options', () => {
  it('adds the picked value’s change, and takes the first available value when nothing is picked', () => {
    expect(priceWithOptions('Goat', 26_000, [CUT], { Cut: 'Cubed' })).toMatchObject({ ok: true, unitPrice: 27_000 });
    expect(priceWithOptions('Goat', 26_000, [CUT], {})).toMatchObject({ ok: true, unitPrice: 26_000, chosen: [{ value: 'Whole' }] });
  });

  it('refuses an unavailable, unknown or stray pick with a message naming it', () => {
    expect(priceWithOptions('Goat', 26_000, [CUT], { Cut: 'Minced' })).toEqual({
      ok: false,
      message: 'Cut "Minced" is not available for Goat right now',
    });
    expect(priceWithOptions('Goat', 26_000, [CUT], { Cut: 'Sliced' })).toEqual({
      ok: false,
      message: 'Cut "Sliced" is not offered for Goat',
    });
    expect(priceWithOptions('Goat', 26_000, [CUT], { Skin: 'On' })).toEqual({ ok: false, message: 'Goat has no option "Skin"' });
  });

  it('always charges whole shillings, never below zero, for any price and any changes', () => {
    const value = fc.record({
      label: fc.string({ minLength: 1, maxLength: 8 }),
      priceDelta: fc.integer({ min: -10_000_000, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(fc.array(value, { minLength: 1, maxLength: 5 }), { maxLength: 4 }),
        (base, opts) => {
          const options = opts.map((values, i) => ({
            name: `O${i}`,
            values: values.map((v, j) => ({ label: `${v.label}${j}`, available: true, priceDelta: v.priceDelta })),
          }));
          const picked = Object.fromEntries(options.map((o) => [o.name, o.values[o.values.length - 1]!.label]));
          const r = priceWithOptions('P', base, options, picked);
          if (!r.ok) return false;
          const sum = base + options.reduce((s, o) => s + o.values[o.values.length - 1]!.priceDelta, 0);
          return Number.isInteger(r.unitPrice) && r.unitPrice >= 0 && r.unitPrice === Math.max(0, sum);
        },
      ),
    );
  });

  it('keys a cart line by product, picks in any order and note', () => {
    expect(lineKey('p', { A: '1', B: '2' }, 'x')).toBe(lineKey('p', { B: '2', A: '1' }, ' x '));
    expect(lineKey('p', { A: '1' })).not.toBe(lineKey('p', { A: '2' }));
    expect(lineKey('p', {}, 'thin')).not.toBe(lineKey('p', {}));
  });

  it('refuses options with repeated names or values, and fractional price changes', () => {
    expect(ProductOptions.safeParse([CUT, { ...CUT, name: 'cut' }]).success).toBe(false);
    expect(ProductOptions.safeParse([{ name: 'Skin', values: [{ label: 'On' }, { label: 'ON' }] }]).success).toBe(false);
    expect(ProductOptions.safeParse([{ name: 'Skin', values: [{ label: 'On', priceDelta: 0.5 }] }]).success).toBe(false);
    expect(ProductOptions.safeParse([CUT]).success).toBe(true);
  });
});
