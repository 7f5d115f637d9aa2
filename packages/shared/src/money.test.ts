import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, discountPercentage, formatUGX, unitPrice } from './money.ts';

describe('money rules', () => {
  it('charges the discount price when present and below the price', () => {
    expect(unitPrice({ price: 20_000, discountPrice: 18_000 })).toBe(18_000);
    expect(unitPrice({ price: 20_000, discountPrice: null })).toBe(20_000);
    expect(unitPrice({ price: 20_000, discountPrice: 25_000 })).toBe(20_000);
  });

  it.each([
    ['WELCOME10', 10, 3_700],
    ['SUMMER20', 20, 7_400],
    ['MEAT15', 15, 5_550],
    ['FREESHIP', 5, 1_850],
  ])('%s takes %i percent off the subtotal only', (_code, percent, discount) => {
    const t = computeTotals({
      lines: [
        { product: { price: 20_000, discountPrice: 18_000 }, quantity: 1 },
        { product: { price: 9_500 }, quantity: 2 },
      ],
      couponPercent: percent,
    });
    expect(t).toEqual({ subtotal: 37_000, deliveryFee: 5_000, discount, total: 37_000 + 5_000 - discount });
  });

  it('rounds the discount to whole shillings', () => {
    const t = computeTotals({ lines: [{ product: { price: 13_333 }, quantity: 1 }], couponPercent: 15 });
    expect(t.discount).toBe(2_000);
    expect(Number.isInteger(t.total)).toBe(true);
  });

  it('rounds the percentage off to the nearest whole number, halves up, exactly', () => {
    expect(discountPercentage({ price: 16_500, discountPrice: 14_900 })).toBe(10); // 9.70 %
    expect(discountPercentage({ price: 200, discountPrice: 171 })).toBe(15); // exactly 14.5 %
    expect(discountPercentage({ price: 8, discountPrice: 7 })).toBe(13); // exactly 12.5 %
    expect(discountPercentage({ price: 3, discountPrice: 2 })).toBe(33);
    expect(discountPercentage({ price: 1_000_000_000, discountPrice: 1 })).toBe(100);
    // Against the exact rational value for every price up to 400 and every discount below it.
    for (let price = 1; price <= 400; price++) {
      for (let discountPrice = 0; discountPrice < price; discountPrice++) {
        const twice = (200n * BigInt(price - discountPrice)) / BigInt(price); // floor(2x)
        const exact = Number((twice + 1n) / 2n); // floor(x + 1/2)
        expect(discountPercentage({ price, discountPrice })).toBe(exact);
      }
    }
    expect(discountPercentage({ price: 20_000, discountPrice: null })).toBeNull();
    expect(discountPercentage({ price: 20_000, discountPrice: 20_000 })).toBeNull();
  });

  it('writes UGX with thousands separators', () => {
    expect(formatUGX(58_100)).toBe('UGX 58,100');
    expect(formatUGX(950)).toBe('UGX 950');
    expect(formatUGX(1_250_000.4)).toBe('UGX 1,250,000');
    expect(formatUGX(-12_500)).toBe('UGX -12,500');
  });

  it('writes every whole amount as the en-US number format does, rounded', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (amount) => {
        const rounded = Math.round(amount);
        if (Object.is(rounded, -0)) return;
        expect(formatUGX(amount)).toBe(`UGX ${intl.format(rounded)}`);
      }),
    );
  });
});
