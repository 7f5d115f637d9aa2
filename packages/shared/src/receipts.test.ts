import { describe, expect, it } from 'vitest';
import { hasReceipt, receiptUrl } from './receipts.ts';

describe('hasReceipt', () => {
  it('is true once money was taken, refunded or not, or the order was delivered', () => {
    for (const paymentStatus of ['paid', 'partially_refunded', 'refunded'])
      expect(hasReceipt({ status: 'pending', paymentStatus })).toBe(true);
    expect(hasReceipt({ status: 'cancelled', paymentStatus: 'refunded' })).toBe(true);
    // Cash on delivery stays `pending` in payment status; the delivery is when it was paid.
    expect(hasReceipt({ status: 'delivered', paymentStatus: 'pending' })).toBe(true);
  });

  it('is false while nothing has been paid', () => {
    for (const status of ['pending', 'assigned', 'picked_up', 'cancelled'])
      for (const paymentStatus of ['pending', 'failed'])
        expect(hasReceipt({ status, paymentStatus }), `${status}/${paymentStatus}`).toBe(false);
  });
});

it('links the download and the print view of the same receipt', () => {
  expect(receiptUrl('abc')).toBe('/api/receipts/abc');
  expect(receiptUrl('abc', 'print')).toBe('/api/receipts/abc?print=1');
});
