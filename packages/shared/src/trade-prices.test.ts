import { describe, expect, it } from 'vitest';
import { type PriceLine, resolveTradePrice, TRADE_LINE_MAX_QTY, tradeQuantityRefusal } from './trade-prices.ts';

const line = (over: Partial<PriceLine>): PriceLine => ({
  scope: 'tier',
  fixedPrice: null,
  percentOff: null,
  validFrom: null,
  validTo: null,
  minQuantity: 1,
  caseSize: 1,
  ...over,
});
const beef = { price: 20_000, discountPrice: null };
const DAY = '2026-11-26';

describe('resolveTradePrice', () => {
  it('is the retail price (the discount price when lower) with no line', () => {
    expect(resolveTradePrice(beef, [], DAY)).toEqual({ unitPrice: 20_000, source: 'retail', minQuantity: 1, caseSize: 1 });
    expect(resolveTradePrice({ price: 20_000, discountPrice: 18_000 }, [], DAY).unitPrice).toBe(18_000);
  });

  it("takes the account's line over the tier's, and the tier's over retail", () => {
    const tier = line({ scope: 'tier', fixedPrice: 17_000 });
    const account = line({ scope: 'account', fixedPrice: 18_000, minQuantity: 5 });
    expect(resolveTradePrice(beef, [tier], DAY)).toMatchObject({ unitPrice: 17_000, source: 'tier' });
    // The account's own line wins even where the tier's is cheaper: it is the deal made with them.
    expect(resolveTradePrice(beef, [tier, account], DAY)).toMatchObject({ unitPrice: 18_000, source: 'account', minQuantity: 5 });
  });

  it('applies a percentage off the retail price, rounded to whole shillings', () => {
    expect(resolveTradePrice({ price: 12_345, discountPrice: null }, [line({ percentOff: 10 })], DAY).unitPrice).toBe(11_111);
    // Off the discount price when there is one.
    expect(resolveTradePrice({ price: 20_000, discountPrice: 16_000 }, [line({ percentOff: 25 })], DAY).unitPrice).toBe(12_000);
  });

  it('counts a line only on its Kampala days, both ends included', () => {
    const dated = line({ scope: 'account', fixedPrice: 15_000, validFrom: '2026-11-20', validTo: '2026-11-26' });
    const fallback = line({ scope: 'tier', fixedPrice: 19_000 });
    expect(resolveTradePrice(beef, [dated, fallback], '2026-11-20').source).toBe('account');
    expect(resolveTradePrice(beef, [dated, fallback], '2026-11-26').source).toBe('account');
    expect(resolveTradePrice(beef, [dated, fallback], '2026-11-19')).toMatchObject({ unitPrice: 19_000, source: 'tier' });
    expect(resolveTradePrice(beef, [dated, fallback], '2026-11-27')).toMatchObject({ unitPrice: 19_000, source: 'tier' });
    expect(resolveTradePrice(beef, [dated], '2026-11-27').source).toBe('retail');
  });

  it('never charges a member more than retail, and picks the cheaper of two valid lines of one list', () => {
    expect(resolveTradePrice(beef, [line({ fixedPrice: 25_000 })], DAY).unitPrice).toBe(20_000);
    const a = line({ fixedPrice: 18_000, caseSize: 6 });
    const b = line({ fixedPrice: 17_500, caseSize: 12 });
    expect(resolveTradePrice(beef, [a, b], DAY)).toMatchObject({ unitPrice: 17_500, caseSize: 12 });
    expect(resolveTradePrice(beef, [b, a], DAY)).toMatchObject({ unitPrice: 17_500, caseSize: 12 });
  });
});

describe('tradeQuantityRefusal', () => {
  const price = resolveTradePrice(beef, [line({ fixedPrice: 18_000, minQuantity: 10, caseSize: 5 })], DAY);
  it('refuses below the minimum quantity, off the case size, and over the trade cap', () => {
    expect(tradeQuantityRefusal('Beef', price, 5)).toBe('Beef: order at least 10 on your trade price list.');
    expect(tradeQuantityRefusal('Beef', price, 12)).toBe('Beef comes in cases of 5: order a multiple of 5.');
    expect(tradeQuantityRefusal('Beef', price, TRADE_LINE_MAX_QTY + 5)).toContain(`at most ${TRADE_LINE_MAX_QTY}`);
  });
  it('admits the minimum, multiples of the case, and 40 of a product without a line (no household cap)', () => {
    expect(tradeQuantityRefusal('Beef', price, 10)).toBeNull();
    expect(tradeQuantityRefusal('Beef', price, 45)).toBeNull();
    expect(tradeQuantityRefusal('Beef', resolveTradePrice(beef, [], DAY), 40)).toBeNull();
  });
});
