import { describe, expect, it } from 'vitest';
import { computeTotals, formatUGX, unitPrice } from './money.ts';

describe('money rules (spec section 9)', () => {
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

  it('writes UGX with thousands separators', () => {
    expect(formatUGX(58_100)).toBe('UGX 58,100');
  });
});
