import { describe, expect, it } from 'vitest';
import { ageingBucket, invoiceState, vatContained } from './trade-credit.ts';

describe('pay on account figures', () => {
  it('takes the VAT a VAT-inclusive total contains, to the shilling', () => {
    expect(vatContained(118_000, 18)).toBe(18_000);
    expect(vatContained(55_000, 18)).toBe(8_390);
    expect(vatContained(50_000, 0)).toBe(0);
    expect(vatContained(116_000, 16)).toBe(16_000);
  });

  it('says paid, part paid, overdue or due', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    const due = (iso: string) => ({ total: 100, paid: 0, dueAt: iso });
    expect(invoiceState(due('2026-11-27T10:00:00Z'), now)).toBe('open');
    expect(invoiceState({ ...due('2026-11-27T10:00:00Z'), paid: 40 }, now)).toBe('part_paid');
    expect(invoiceState({ ...due('2026-11-20T10:00:00Z'), paid: 40 }, now)).toBe('overdue');
    expect(invoiceState({ ...due('2026-11-20T10:00:00Z'), paid: 100 }, now)).toBe('paid');
  });

  it('ages by days overdue: current, 1–30, 31–60, 60+', () => {
    expect([-3, 0, 1, 30, 31, 60, 61, 400].map(ageingBucket)).toEqual([
      'current',
      'current',
      'd1_30',
      'd1_30',
      'd31_60',
      'd31_60',
      'd60_plus',
      'd60_plus',
    ]);
  });
});
