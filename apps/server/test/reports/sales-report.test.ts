/**
 * The sales report in two passes (one per grain, with grouping sets) gives what the six separate
 * aggregations gave (raw-sales.ts), for orders in every state across Kampala-day edges, after
 * cancellations, refunds, outlet and day moves, line changes and a product changing category.
 */
import type { SalesReport, SalesRow } from '@meatshop/shared/reports';
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from '@meatshop/shared/status';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { productCategories, products } from '../../src/db/schema/catalog.ts';
import { orderItems, orders } from '../../src/db/schema/orders.ts';
import { outlets } from '../../src/db/schema/outlets.ts';
import { salesReport, toRow } from '../../src/modules/reports/reports.service.ts';
import { insertOrder } from '../fixtures/ops-orders.ts';
import { createTestApp, drivers, type TestContext } from '../helpers.ts';
import * as raw from './raw-sales.ts';

/** An instant at `hour`:`minute` on a Kampala day (UTC+3). */
const kampala = (day: string, hour = 10, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+03:00`);
const kampalaDay = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' });

/** The report as the six aggregations built it. */
async function oracle(db: Db, range: raw.Range): Promise<SalesReport> {
  const totals = await raw.salesTotals(db, range);
  return {
    ...range,
    totals: { ...totals, averageOrderValue: totals.orders ? Math.round(totals.revenue / totals.orders) : 0 },
    byDay: (await raw.salesByDay(db, range)).map((r) => toRow(r, String(r.key))),
    byCategory: (await raw.salesByCategory(db, range)).map((r) => toRow(r)),
    byProduct: (await raw.salesByProduct(db, range)).map((r) => toRow(r)),
    byOutlet: (await raw.salesByOutlet(db, range)).map((r) => toRow(r)),
    byPaymentMethod: (await raw.salesByPaymentMethod(db, range)).map((r) =>
      toRow(r, PAYMENT_METHOD_LABEL[r.key as PaymentMethod] ?? String(r.key)),
    ),
  };
}

/** Rows of equal revenue came in no set order from the old queries: compared as revenue, then key. */
const settled = (rows: SalesRow[]) => [...rows].sort((a, b) => b.revenue - a.revenue || a.key.localeCompare(b.key));
const byRevenue = (rows: SalesRow[]) => rows.every((r, i) => i === 0 || rows[i - 1]!.revenue >= r.revenue);

async function expectSameReport(db: Db, range: raw.Range) {
  const [got, want] = [await salesReport(db, range), await oracle(db, range)];
  const where = `${range.from}..${range.to}`;
  expect(got.totals, where).toEqual(want.totals);
  expect(got.byDay, where).toEqual(want.byDay);
  for (const part of ['byCategory', 'byProduct', 'byOutlet', 'byPaymentMethod'] as const) {
    expect(settled(got[part]), `${part} ${where}`).toEqual(settled(want[part]));
    expect(byRevenue(got[part]), `${part} ${where} ordered by revenue`).toBe(true);
  }
}

describe.each(drivers)('sales report (%s)', (driver) => {
  let t: TestContext;
  let db: Db;
  let all: { id: string; name: string }[];
  const ranges = (): raw.Range[] => [
    { from: '2026-03-01', to: '2026-03-06' },
    { from: '2026-03-02', to: '2026-03-02' },
    { from: '2026-02-20', to: '2026-03-01' },
    { from: '2026-03-06', to: '2026-03-20' },
    { from: kampalaDay(-40), to: kampalaDay(0) },
    { from: kampalaDay(-6), to: kampalaDay(1) },
  ];
  const expectAllSame = async () => {
    for (const range of ranges()) await expectSameReport(db, range);
  };
  const line = (i: number, price: number, quantity: number) => ({ productId: all[i]!.id, name: all[i]!.name, price, quantity });

  beforeAll(async () => {
    t = await createTestApp(driver);
    db = t.app.deps.db;
    all = await db.select({ id: products.id, name: products.name }).from(products).orderBy(products.name);
    const [outletA, outletB] = (await db.select({ id: outlets.id }).from(outlets).orderBy(outlets.name)).map((o) => o.id);
    const methods = ['mtn_money', 'airtel_money', 'card', 'cash_on_delivery'] as const;
    const states = [
      { status: 'delivered', paymentStatus: 'paid' },
      { status: 'pending', paymentStatus: 'pending' },
      { status: 'cancelled', paymentStatus: 'refunded' },
      { status: 'assigned', paymentStatus: 'failed' },
      { status: 'picked_up', paymentStatus: 'paid' },
      { status: 'cancelled', paymentStatus: 'pending' },
    ] as const;
    // Six March days and the last three weeks, just after and just before midnight (Kampala); several
    // lines per order, one product twice in some, orders with no outlet, discounts.
    let n = 0;
    for (const day of [
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      ...[0, 1, 3, 6, 7, 12, 20].map((d) => kampalaDay(-d)),
    ]) {
      for (const [hour, minute] of [
        [0, 5],
        [11, 30],
        [23, 55],
      ] as const) {
        n += 1;
        const state = states[n % states.length]!;
        await insertOrder(db, {
          createdAt: kampala(day, hour, minute),
          items: [
            line(n % all.length, 1_000 * (1 + (n % 7)), 1 + (n % 3)),
            line((n * 3) % all.length, 2_500, 2),
            ...(n % 5 === 0 ? [line(n % all.length, 1_000, 4)] : []),
          ],
          status: state.status,
          paymentStatus: state.paymentStatus,
          paymentMethod: methods[n % methods.length],
          outletId: n % 4 === 0 ? null : n % 2 ? outletA : outletB,
          discount: n % 3 === 0 ? 500 + n : 0,
        });
      }
    }
  });
  afterAll(() => t?.close());

  it('equals the six separate aggregations', async () => {
    await expectAllSame();
    // The range's every day is there, with zeros where nothing sold.
    const report = await salesReport(db, { from: '2026-02-27', to: '2026-03-02' });
    expect(report.byDay.map((d) => d.key)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(report.byDay[0]).toMatchObject({ orders: 0, units: 0, revenue: 0 });
  });

  it('still equals them after cancellations, refunds, moves, line changes and a product changing category', async () => {
    const day = (d: string) => sql`(${orders.createdAt} at time zone 'Africa/Kampala')::date = ${d}::date`;
    await db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(sql`${day('2026-03-02')} and ${orders.status} = 'delivered'`);
    await db
      .update(orders)
      .set({ paymentStatus: 'refunded' })
      .where(sql`${day('2026-03-03')} and ${orders.paymentStatus} = 'paid'`);
    await db
      .update(orders)
      .set({ outletId: null })
      .where(sql`${day('2026-03-04')}`);
    await db
      .update(orders)
      .set({ createdAt: kampala('2026-03-06', 1) })
      .where(sql`${day('2026-03-05')} and ${orders.paymentStatus} = 'paid'`);
    const [someLine] = await db.select({ id: orderItems.id }).from(orderItems).limit(1);
    await db.update(orderItems).set({ quantity: 9 }).where(eq(orderItems.id, someLine!.id));
    const [other] = await db.select({ id: productCategories.id }).from(productCategories).orderBy(productCategories.name).limit(1);
    await db.update(products).set({ categoryId: other!.id }).where(eq(products.id, all[1]!.id));
    await db.update(products).set({ categoryId: null }).where(eq(products.id, all[2]!.id));
    await expectAllSame();
  });
});
