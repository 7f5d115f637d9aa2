import { describe, expect, it } from 'vitest';
import { allocate } from './payments.service.ts';

const unpaid = [
  { id: 'a', number: 'INV-2026-000001', owed: 30_000 },
  { id: 'b', number: 'INV-2026-000002', owed: 50_000 },
];

describe('allocating a payment on account', () => {
  it('pays the oldest invoices first and splits across them', () => {
    expect(allocate(unpaid, 30_000)).toEqual([{ invoiceId: 'a', amount: 30_000 }]);
    expect(allocate(unpaid, 45_000)).toEqual([
      { invoiceId: 'a', amount: 30_000 },
      { invoiceId: 'b', amount: 15_000 },
    ]);
  });

  it('pays a chosen invoice, never more than it owes, and never more than is owed in all', () => {
    expect(allocate(unpaid, 20_000, 'b')).toEqual([{ invoiceId: 'b', amount: 20_000 }]);
    expect(() => allocate(unpaid, 50_001, 'b')).toThrow('INV-2026-000002 has UGX 50,000 left to pay');
    expect(() => allocate(unpaid, 80_001)).toThrow('more than the business owes');
    expect(() => allocate([], 1)).toThrow('owes nothing');
    expect(() => allocate(unpaid, 1, 'gone')).toThrow('already paid');
  });
});
