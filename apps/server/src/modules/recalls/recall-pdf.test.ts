/** The recall report on its own: header facts, figures, every order and batch, read back from the PDF. */
import type { RecallSummary, RecallTrace } from '@meatshop/shared/recalls';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/fixtures/pdf-text.ts';
import { buildRecallPdf, messageStatus, recallScope } from './recall-pdf.ts';

const recall: RecallSummary = {
  id: '5f0c2a71-0000-4000-8000-000000000001',
  productId: 'p1',
  productName: 'Beef Sausages 500 g',
  lotNumber: 'L2611-04',
  producedFrom: null,
  producedTo: null,
  reason: 'Listeria found in the factory test',
  // 21:30 UTC is 00:30 the next day in Kampala.
  createdAt: '2026-11-21T21:30:00.000Z',
  stoppedAt: '2026-11-21T21:31:00.000Z',
  stoppedUnits: 7,
  notifiedAt: null,
  openedBy: 'Amina Nansubuga',
};

const order = (n: number, over: Partial<RecallTrace['orders'][number]> = {}): RecallTrace['orders'][number] => ({
  orderId: `00000000-0000-4000-8000-0000000a${String(n).padStart(4, '0')}`,
  status: 'delivered',
  createdAt: '2026-11-20T07:00:00.000Z',
  deliveredAt: '2026-11-20T09:15:00.000Z',
  outletName: 'Ntinda Outlet',
  customerName: `Customer ${n}`,
  phone: `+2567721${String(n).padStart(5, '0')}`,
  email: null,
  quantity: 2,
  lots: ['L2611-04'],
  reached: [],
  ...over,
});

const trace: RecallTrace = {
  productName: 'Beef Sausages 500 g',
  grams: false,
  batches: [
    {
      id: 'b1',
      outletName: 'Ntinda Outlet',
      lotNumber: 'L2611-04',
      productionDate: '2026-11-18',
      useBy: '2026-11-28',
      status: 'stopped',
      quantity: 7,
      received: 20,
    },
  ],
  orders: [
    order(1, { customerName: 'Sarah Nakato', phone: '+256772100002', quantity: 3, reached: [{ channel: 'sms', status: 'sent' }] }),
    order(2, {
      customerName: 'Daniel Mugisha',
      outletName: 'Bwaise Factory Shop',
      deliveredAt: null,
      status: 'out_for_delivery',
      quantity: 1,
      reached: [
        { channel: 'sms', status: 'failed' },
        { channel: 'email', status: 'sent' },
      ],
    }),
  ],
  orderCount: 2,
  customers: 2,
  units: 4,
};

const shop = { name: 'Kampala Prime Meats', phone: '+256700123456', email: 'hello@kampalaprime.ug' };
const issuedAt = new Date('2026-11-25T09:00:00Z');

describe('recall PDF', () => {
  it('holds the recall, its figures, every order and the outlets’ batches, in Kampala time', async () => {
    const pdf = await readPdf(await buildRecallPdf({ shop, recall, trace, issuedAt }));
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe('Recall of Beef Sausages 500 g (Batch L2611-04)');
    expect(pdf.rows).toEqual(
      expect.arrayContaining([
        'Product | Beef Sausages 500 g',
        'Recalled | Batch L2611-04',
        'Batches found | L2611-04',
        'Reason | Listeria found in the factory test',
        'Opened | 22 Nov 2026, 00:30 by Amina Nansubuga',
        'Sale | Stopped everywhere 22 Nov 2026, 00:31 (7 taken off sale)',
        'Customers told | Not yet',
        'Orders | 2',
        'Customers | 2',
        'Units sold | 4',
        '#0A0001 | Sarah Nakato | +256772100002 | Ntinda Outlet | L2611-04 | 3 | 20 Nov 2026, 12:15 | SMS sent',
        // Not delivered yet: the order's state instead, wrapped onto a second line.
        '#0A0002 | Daniel Mugisha | +256772100002 | Bwaise Factory Shop | L2611-04 | 1 | Not delivered (out for | SMS failed · Email sent',
        'delivery)',
        'Ntinda Outlet | L2611-04 | 18 Nov 2026 | 28 Nov 2026 | Sale stopped | 20 | 7',
      ]),
    );
    expect(pdf.text).toContain('Recall 5f0c2a71');
    expect(pdf.text).toContain('Made 25 Nov 2026, 12:00 (Kampala time)');
  });

  it('lists every one of many orders over several pages under a repeated header, and says a date range', async () => {
    const many = Array.from({ length: 120 }, (_, i) => order(i + 1));
    const byDates = { ...recall, lotNumber: null, producedFrom: '2026-11-17', producedTo: '2026-11-19', stoppedAt: null };
    const pdf = await readPdf(
      await buildRecallPdf({ shop, recall: byDates, trace: { ...trace, orders: many, orderCount: 120, units: 240 }, issuedAt }),
    );
    expect(pdf.pages).toBeGreaterThan(2);
    for (let n = 1; n <= 120; n++) expect(pdf.text).toContain(`Customer ${n} |`);
    // The table's header (its letters spaced out) opens each page the orders run onto.
    const headers = pdf.rows.filter((r) => r.replace(/ /g, '').startsWith('ORDER|CUSTOMER|PHONE|OUTLET'));
    expect(headers.length).toBeGreaterThanOrEqual(pdf.pages - 1);
    expect(pdf.rows).toEqual(
      expect.arrayContaining(['Recalled | Produced 17 Nov 2026 to 19 Nov 2026', 'Sale | Not stopped', 'Units sold | 240']),
    );
    expect(pdf.text).toContain(`Page 1 of ${pdf.pages}`);
  });

  it('says the scope and the message state the way the screen does', () => {
    expect(recallScope({ ...recall, lotNumber: null, producedFrom: '2026-11-17', producedTo: '2026-11-17' })).toBe(
      'Produced on 17 Nov 2026',
    );
    expect(recallScope({ ...recall, lotNumber: null, producedFrom: '2026-11-17', producedTo: null })).toBe('Produced from 17 Nov 2026');
    expect(messageStatus([])).toBe('Not told yet');
    expect(messageStatus([{ channel: 'email', status: 'pending' }])).toBe('Email pending');
  });
});
