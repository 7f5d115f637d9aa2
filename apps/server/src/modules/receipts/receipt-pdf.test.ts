/** The receipt builder on its own: figures, refunds and pages, read back from the PDF it makes. */
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/fixtures/pdf-text.ts';
import type { ReceiptData } from './receipt-data.ts';
import { buildReceiptPdf } from './receipt-pdf.ts';

const base: ReceiptData = {
  shop: {
    name: 'Kampala Prime Meats',
    address: 'Plot 12, Bwaise Industrial Area, Kampala, Uganda',
    phone: '+256700123456',
    email: 'hello@kampalaprime.ug',
    tin: '1000123456',
  },
  order: {
    number: 'A1B2C3D4',
    // 21:30 UTC is 00:30 the next day in Kampala.
    placedAt: new Date('2026-11-21T21:30:00Z'),
    customerName: 'Sarah Nakato',
    customerPhone: '+256772100002',
    customerEmail: 'sarah@example.ug',
    deliveryAddress: 'Plot 4, Ntinda Road, Ntinda, Kampala, Uganda',
    paymentMethod: 'mtn_money',
    subtotal: 87_000,
    discount: 8_700,
    couponCode: 'WELCOME10',
    deliveryFee: 5_000,
    total: 83_300,
  },
  lines: [
    { name: 'Beef Sausages 500 g', quantity: 2, unitPrice: 18_500 },
    { name: 'Smoked Pork Ribs', quantity: 1, unitPrice: 32_500 },
    { name: 'Goat Meat Cubes 1 kg', quantity: 1, unitPrice: 17_500 },
  ],
  payments: [{ method: 'mtn_money', amount: 83_300, paidAt: new Date('2026-11-21T21:34:00Z'), reference: 'KPM-A1B2C3D4-1' }],
  refunds: [],
  issuedAt: new Date('2026-11-25T09:00:00Z'),
};

describe('receipt PDF', () => {
  it('holds the shop, the order, each line and the totals, in Kampala time', async () => {
    const pdf = await readPdf(await buildReceiptPdf(base));
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe('Receipt for order #A1B2C3D4');
    expect(pdf.rows).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Kampala Prime Meats'),
        'Plot 12, Bwaise Industrial Area, Kampala, Uganda',
        'TIN 1000123456',
        'Beef Sausages 500 g | 2 | UGX 18,500 | UGX 37,000',
        'Smoked Pork Ribs | 1 | UGX 32,500 | UGX 32,500',
        'Goat Meat Cubes 1 kg | 1 | UGX 17,500 | UGX 17,500',
        'Subtotal | UGX 87,000',
        'Discount (WELCOME10) | \u2013UGX 8,700',
        'Delivery fee | UGX 5,000',
        'Total | UGX 83,300',
        'Paid · MTN Mobile Money | UGX 83,300',
        // The details column sits beside the customer's, so its rows may share a line with it.
        expect.stringMatching(/Order date \| 22 Nov 2026, 00:30$/),
        expect.stringMatching(/Paid on \| 22 Nov 2026, 00:34$/),
        expect.stringMatching(/Payment method \| MTN Mobile Money$/),
      ]),
    );
    expect(pdf.text).toContain('Sarah Nakato');
    expect(pdf.text).toContain('Ref. KPM-A1B2C3D4-1');
    // Nothing refunded: no refund rows and no net line.
    expect(pdf.text).not.toMatch(/Refund|Net paid/);
    expect(pdf.text).toMatch(/\| Paid$/m);
  });

  it('lists each refund with its date and reason and subtracts only completed ones from what was paid', async () => {
    const refunds: ReceiptData['refunds'] = [
      { amount: 5_000, reason: 'Goodwill: delivered late', state: 'sent', createdAt: new Date('2026-11-24T08:00:00Z') },
      { amount: 17_500, reason: 'Missing item: goat meat', state: 'completed', createdAt: new Date('2026-11-22T07:00:00Z') },
      { amount: 9_999, reason: 'Provider refused', state: 'failed', createdAt: new Date('2026-11-23T07:00:00Z') },
    ];
    const pdf = await readPdf(await buildReceiptPdf({ ...base, refunds }));
    const at = (s: string) => pdf.rows.findIndex((r) => r.startsWith(s));
    expect(pdf.rows).toEqual(
      expect.arrayContaining([
        'Refunded · 22 Nov 2026 | \u2013UGX 17,500',
        'Missing item: goat meat',
        'Refund in progress · 24 Nov 2026 | \u2013UGX 5,000',
        'Goodwill: delivered late',
        'Net paid | UGX 65,800',
      ]),
    );
    // Oldest first, after the payment; a failed refund returned nothing and is not shown.
    expect(at('Paid ·')).toBeLessThan(at('Refunded ·'));
    expect(at('Refunded ·')).toBeLessThan(at('Refund in progress'));
    expect(pdf.text).not.toContain('9,999');
    expect(pdf.text).toMatch(/\| Partially refunded$/m);
  });

  it('marks a fully refunded order Refunded, with nothing paid net', async () => {
    const refunds: ReceiptData['refunds'] = [
      { amount: 83_300, reason: 'Order cancelled', state: 'completed', createdAt: new Date('2026-11-22T07:00:00Z') },
    ];
    const pdf = await readPdf(await buildReceiptPdf({ ...base, refunds }));
    expect(pdf.rows).toContain('Net paid | UGX 0');
    expect(pdf.text).toMatch(/\| Refunded$/m);
  });

  it('leaves out the TIN line until the admin sets one, and the discount row when there is none', async () => {
    const pdf = await readPdf(
      await buildReceiptPdf({
        ...base,
        shop: { ...base.shop, tin: '' },
        order: { ...base.order, discount: 0, couponCode: null, total: 92_000 },
      }),
    );
    expect(pdf.text).not.toContain('TIN');
    expect(pdf.text).not.toContain('Discount');
    expect(pdf.rows).toContain('Total | UGX 92,000');
  });

  it('continues a long order on further pages, every line kept, totals once at the end', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ name: `Cut number ${i + 1}`, quantity: 1, unitPrice: 1_000 }));
    const pdf = await readPdf(await buildReceiptPdf({ ...base, lines }));
    expect(pdf.pages).toBeGreaterThan(1);
    for (let i = 1; i <= 60; i++) expect(pdf.rows).toContain(`Cut number ${i} | 1 | UGX 1,000 | UGX 1,000`);
    expect(pdf.rows.filter((r) => r.startsWith('Total |'))).toHaveLength(1);
    expect(pdf.rows.at(-1)).toBe(`Receipt #A1B2C3D4 · Issued 25 Nov 2026, 12:00 · Page ${pdf.pages} of ${pdf.pages}`);
  });
});
