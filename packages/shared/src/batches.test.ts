/** First expiring, first out, and the sell-by cut-off, on a fake clock (Kampala days). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchLabel, addDays, isSellable, planFefo, sellByDate, shopDay } from './batches.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the shop day and the sell-by cut-off', () => {
  it('counts days in Kampala: 22:00 UTC is already tomorrow', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T20:59:00Z'));
    expect(shopDay()).toBe('2026-11-26');
    vi.setSystemTime(new Date('2026-11-26T21:00:00Z'));
    expect(shopDay()).toBe('2026-11-27');
  });

  it('sells a batch through its sell-by day and not the day after', () => {
    // Use by 30 Nov, cut-off 2 days before: sold through 28 Nov.
    expect(sellByDate('2026-11-30', 2)).toBe('2026-11-28');
    expect(isSellable('2026-11-30', 2, '2026-11-28')).toBe(true);
    expect(isSellable('2026-11-30', 2, '2026-11-29')).toBe(false);
    expect(isSellable('2026-11-30', 0, '2026-11-30')).toBe(true);
    // The unknown batch has no use-by: it never reaches a cut-off.
    expect(isSellable(null, 5, '2099-01-01')).toBe(true);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('first expiring, first out', () => {
  const shelf = [
    { id: 'late', useBy: '2026-12-10', quantity: 10, receivedAt: 1 },
    { id: 'soon', useBy: '2026-11-29', quantity: 3, receivedAt: 2 },
    { id: 'gone', useBy: '2026-11-27', quantity: 5, receivedAt: 3 },
    { id: 'empty', useBy: '2026-11-28', quantity: 0, receivedAt: 4 },
  ];

  it('takes the earliest use-by that is still sellable, then the next', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T09:00:00Z'));
    // 1 day before use-by: "gone" (use by 27th) was sold through the 26th; on the 27th it is past its cut-off.
    const plan = planFefo(shelf, 5, { sellableOnly: true, sellByDays: 1, today: shopDay() });
    expect(plan).toEqual([
      { batchId: 'soon', quantity: 3 },
      { batchId: 'late', quantity: 2 },
    ]);
    // A day earlier "gone" was still sellable and goes first.
    const before = planFefo(shelf, 5, { sellableOnly: true, sellByDays: 1, today: '2026-11-26' });
    expect(before).toEqual([{ batchId: 'gone', quantity: 5 }]);
  });

  it('refuses when the sellable batches cannot cover the quantity, though expired units are on the shelf', () => {
    expect(planFefo(shelf, 14, { sellableOnly: true, sellByDays: 1, today: '2026-11-27' })).toBeUndefined();
    // A count or transfer may move any live batch, expired first.
    expect(planFefo(shelf, 14, { sellableOnly: false, sellByDays: 1, today: '2026-11-27' })).toEqual([
      { batchId: 'gone', quantity: 5 },
      { batchId: 'soon', quantity: 3 },
      { batchId: 'late', quantity: 6 },
    ]);
  });

  it('sells the unknown batch (stock from before batches) first, and same-day batches in the order received', () => {
    const plan = planFefo(
      [
        { id: 'b', useBy: '2026-12-01', quantity: 2, receivedAt: 2 },
        { id: 'a', useBy: '2026-12-01', quantity: 2, receivedAt: 1 },
        { id: 'unknown', useBy: null, quantity: 1, receivedAt: 3 },
      ],
      4,
      { sellableOnly: true, sellByDays: 1, today: '2026-11-26' },
    );
    expect(plan).toEqual([
      { batchId: 'unknown', quantity: 1 },
      { batchId: 'a', quantity: 2 },
      { batchId: 'b', quantity: 1 },
    ]);
  });

  it('checks a delivery label: a use-by before the production date is refused', () => {
    expect(BatchLabel.safeParse({ lotNumber: 'L1', productionDate: '2026-11-20', useBy: '2026-11-19' }).success).toBe(false);
    expect(BatchLabel.safeParse({ lotNumber: ' ', useBy: '2026-11-19' }).success).toBe(false);
    expect(BatchLabel.safeParse({ lotNumber: 'L1', useBy: '2026-11-30' }).success).toBe(true);
  });
});
