/**
 * The sales report (daily rollups of closed days, the orders of open ones, one pass per grain with
 * grouping sets) gives what the separate aggregations gave (channel included) (raw-sales.ts), and the dashboard what
 * its straightforward queries gave (raw-dashboard.ts), for orders in every state across Kampala-day
 * edges, after cancellations, refunds, outlet and day moves, line changes and a product changing
 * category; each change to a day already rolled up is followed; yesterday stays open until 00:15;
 * checkout and today's status changes mark nothing for a rebuild.
 */
import type { SalesReport, SalesRow } from '@meatshop/shared/reports';
import { ORDER_CHANNEL_LABEL, type OrderChannel, PAYMENT_METHOD_LABEL, type PaymentMethod } from '@meatshop/shared/status';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { productCategories, products } from '../../src/db/schema/catalog.ts';
import { orderItems, orders } from '../../src/db/schema/orders.ts';
import { outlets } from '../../src/db/schema/outlets.ts';
import { dashboard } from '../../src/modules/reports/dashboard.service.ts';
import { salesReport, toRow } from '../../src/modules/reports/reports.service.ts';
import { insertOrder } from '../fixtures/ops-orders.ts';
import { createTestApp, drivers, loginAs, ORIGIN, type TestContext } from '../helpers.ts';
import { checkoutBody, placeOrder } from '../orders/fixtures.ts';
import { rawDashboard } from './raw-dashboard.ts';
import * as raw from './raw-sales.ts';

/** An instant at `hour`:`minute` on a Kampala day (UTC+3). */
const kampala = (day: string, hour = 10, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+03:00`);
const kampalaDay = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' });
/** Waits past a Kampala midnight less than two minutes away: some steps need today to stay today. */
async function awayFromMidnight() {
  const ms = kampala(kampalaDay(1), 0).getTime() - Date.now();
  if (ms < 120_000) await new Promise((r) => setTimeout(r, ms + 2_000));
}

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
    byChannel: (await raw.salesByChannel(db, range)).map((r) => toRow(r, ORDER_CHANNEL_LABEL[r.key as OrderChannel] ?? String(r.key))),
  };
}

/** Rows of equal revenue came in no set order from the old queries: compared as revenue, then key. */
const settled = (rows: SalesRow[]) => [...rows].sort((a, b) => b.revenue - a.revenue || a.key.localeCompare(b.key));
const byRevenue = (rows: SalesRow[]) => rows.every((r, i) => i === 0 || rows[i - 1]!.revenue >= r.revenue);

async function expectSameReport(db: Db, range: raw.Range, at?: Date) {
  const [got, want] = [await salesReport(db, range, at), await oracle(db, range)];
  const where = `${range.from}..${range.to}`;
  expect(got.totals, where).toEqual(want.totals);
  expect(got.byDay, where).toEqual(want.byDay);
  for (const part of ['byCategory', 'byProduct', 'byOutlet', 'byPaymentMethod', 'byChannel'] as const) {
    expect(settled(got[part]), `${part} ${where}`).toEqual(settled(want[part]));
    expect(byRevenue(got[part]), `${part} ${where} ordered by revenue`).toBe(true);
  }
}

/** Both screens whole, to see that a change changed something. */
const snapshot = async (db: Db, range: raw.Range) => ({ report: await salesReport(db, range), dashboard: await dashboard(db) });

describe.each(drivers)('sales report and dashboard (%s)', (driver) => {
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
    expect(await dashboard(db)).toEqual(await rawDashboard(db));
  };
  const line = (i: number, price: number, quantity: number) => ({ productId: all[i]!.id, name: all[i]!.name, price, quantity });

  beforeAll(async () => {
    t = await createTestApp(driver);
    db = t.app.deps.db;
    all = await db.select({ id: products.id, name: products.name }).from(products).orderBy(products.name);
    const [outletA, outletB] = (await db.select({ id: outlets.id }).from(outlets).orderBy(outlets.name)).map((o) => o.id);
    const methods = ['mtn_money', 'airtel_money', 'card', 'cash_on_delivery'] as const;
    // Five, not four: so channel and payment method do not move in step.
    const channels = ['web', 'phone', 'whatsapp', 'walk_in', 'web'] as const;
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
          channel: channels[n % channels.length],
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

  it('labels products with their current names, and orders equal revenue by name then id', async () => {
    const range = { from: '2026-03-01', to: '2026-03-06' };
    const before = await salesReport(db, range);
    const top = before.byProduct[0]!;
    await db.update(products).set({ name: 'Renamed Brisket' }).where(eq(products.id, top.key));
    const after = await salesReport(db, range);
    expect(after.byProduct.find((r) => r.key === top.key)!.label).toBe('Renamed Brisket');
    await db.update(products).set({ name: top.label }).where(eq(products.id, top.key));
    for (const part of [after.byProduct, after.byCategory]) {
      for (let i = 1; i < part.length; i++) {
        const [a, b] = [part[i - 1]!, part[i]!];
        if (a.revenue === b.revenue)
          expect(a.label < b.label || (a.label === b.label && a.key < b.key), `${a.label} before ${b.label}`).toBe(true);
      }
    }
    await expectAllSame();
  });

  /** The id of the fixture order made at `hour`:`minute` on a Kampala day. */
  const orderAt = async (day: string, hour: number, minute: number) => {
    const [o] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.createdAt, kampala(day, hour, minute)));
    return o!.id;
  };
  const setOrder = (id: string, values: Partial<typeof orders.$inferInsert>) => db.update(orders).set(values).where(eq(orders.id, id));
  const counted = { status: 'delivered', paymentStatus: 'paid' } as const;
  const isBuilt = async (day: string) =>
    ((await db.execute(sql`SELECT 1 FROM sales_rollup_days WHERE day = ${day}::date`)) as unknown as { rows: unknown[] }).rows.length > 0;
  const marks = async () =>
    (
      (await db.execute(sql`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM sales_rollup_dirty ORDER BY 1`)) as unknown as {
        rows: { day: string }[];
      }
    ).rows.map((r) => r.day);
  const firstLine = async (orderId: string) => {
    const [l] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id).limit(1);
    return l!;
  };
  const wide = () => ({ from: kampalaDay(-40), to: kampalaDay(0) });

  it('follows every change to a day already rolled up', async () => {
    const [d3, d6, d7, d12, d20, today] = [-3, -6, -7, -12, -20, 0].map(kampalaDay) as [string, string, string, string, string, string];
    const [outletA, outletB] = (await db.select({ id: outlets.id }).from(outlets).orderBy(outlets.name)).map((o) => o.id);
    const categories = (await db.select({ id: productCategories.id }).from(productCategories).orderBy(productCategories.name)).map(
      (c) => c.id,
    );
    const soldProduct = async () => (await firstLine(await orderAt(d3, 0, 5))).productId;
    const categoryOf = async (id: string) => (await db.select({ c: products.categoryId }).from(products).where(eq(products.id, id)))[0]!.c;

    const changes: { name: string; days: string[]; prep?: () => Promise<unknown>; change: () => Promise<unknown> }[] = [
      {
        name: 'an old order cancelled',
        days: [d3],
        prep: async () => setOrder(await orderAt(d3, 11, 30), counted),
        change: async () => setOrder(await orderAt(d3, 11, 30), { status: 'cancelled' }),
      },
      {
        name: 'an old order refunded',
        days: [d6],
        prep: async () => setOrder(await orderAt(d6, 11, 30), counted),
        change: async () => setOrder(await orderAt(d6, 11, 30), { paymentStatus: 'refunded' }),
      },
      {
        name: 'a cancelled old order reinstated',
        days: [d7],
        prep: async () => setOrder(await orderAt(d7, 11, 30), { status: 'cancelled', paymentStatus: 'pending' }),
        change: async () => setOrder(await orderAt(d7, 11, 30), { status: 'delivered' }),
      },
      {
        name: "an old order's payment failed",
        days: [d12],
        prep: async () => setOrder(await orderAt(d12, 11, 30), { status: 'picked_up', paymentStatus: 'pending' }),
        change: async () => setOrder(await orderAt(d12, 11, 30), { paymentStatus: 'failed' }),
      },
      {
        name: 'an old order moved to another outlet',
        days: [d3],
        prep: async () => setOrder(await orderAt(d3, 0, 5), { ...counted, outletId: outletA }),
        change: async () => setOrder(await orderAt(d3, 0, 5), { outletId: outletB }),
      },
      {
        name: 'an old order paid another way',
        days: [d6],
        prep: async () => setOrder(await orderAt(d6, 0, 5), { ...counted, paymentMethod: 'mtn_money' }),
        change: async () => setOrder(await orderAt(d6, 0, 5), { paymentMethod: 'card' }),
      },
      {
        name: 'an old order moved to another closed day',
        days: [d7, d12],
        prep: async () => setOrder(await orderAt(d7, 0, 5), counted),
        change: async () => setOrder(await orderAt(d7, 0, 5), { createdAt: kampala(d12, 15) }),
      },
      {
        name: 'an old order moved to today',
        days: [d12],
        prep: async () => setOrder(await orderAt(d12, 0, 5), counted),
        change: async () => setOrder(await orderAt(d12, 0, 5), { createdAt: kampala(today, 0, 30) }),
      },
      {
        name: "today's order moved back to a closed day",
        days: [d20],
        prep: async () => setOrder(await orderAt(today, 11, 30), counted),
        change: async () => setOrder(await orderAt(today, 11, 30), { createdAt: kampala(d20, 12) }),
      },
      {
        name: "an old line's quantity changed",
        days: [d3],
        prep: async () => setOrder(await orderAt(d3, 23, 55), counted),
        change: async () =>
          db
            .update(orderItems)
            .set({ quantity: 7 })
            .where(eq(orderItems.id, (await firstLine(await orderAt(d3, 23, 55))).id)),
      },
      {
        name: 'an old line moved to another product',
        days: [d6],
        prep: async () => setOrder(await orderAt(d6, 23, 55), counted),
        change: async () =>
          db
            .update(orderItems)
            .set({ productId: all[5]!.id, productName: all[5]!.name })
            .where(eq(orderItems.id, (await firstLine(await orderAt(d6, 23, 55))).id)),
      },
      {
        name: 'an old line removed',
        days: [d7],
        prep: async () => setOrder(await orderAt(d7, 23, 55), counted),
        change: async () => db.delete(orderItems).where(eq(orderItems.id, (await firstLine(await orderAt(d7, 23, 55))).id)),
      },
      {
        name: 'a line added to an old order',
        days: [d12],
        prep: async () => setOrder(await orderAt(d12, 23, 55), counted),
        change: async () =>
          db
            .insert(orderItems)
            .values({ orderId: await orderAt(d12, 23, 55), productId: all[7]!.id, productName: all[7]!.name, quantity: 3, price: 4_000 }),
      },
      {
        name: "an old order's amounts changed",
        days: [d20],
        prep: async () => setOrder(await orderAt(d20, 11, 30), counted),
        change: async () => setOrder(await orderAt(d20, 11, 30), { totalAmount: 99_000, subtotalAmount: 94_700, discountAmount: 700 }),
      },
      {
        name: 'an old order deleted',
        days: [d20],
        prep: async () => setOrder(await orderAt(d20, 0, 5), counted),
        change: async () => db.delete(orders).where(eq(orders.id, await orderAt(d20, 0, 5))),
      },
      {
        name: 'a sold product moved to another category',
        days: [d3],
        change: async () => {
          const id = await soldProduct();
          const current = await categoryOf(id);
          await db
            .update(products)
            .set({ categoryId: categories.find((c) => c !== current)! })
            .where(eq(products.id, id));
        },
      },
      {
        name: 'a sold product left without a category',
        days: [d3],
        change: async () =>
          db
            .update(products)
            .set({ categoryId: null })
            .where(eq(products.id, await soldProduct())),
      },
      {
        name: 'the category of a sold product deleted',
        days: [d3],
        prep: async () => {
          const [c] = await db.insert(productCategories).values({ name: 'Rollup Test', slug: 'rollup-test' }).returning();
          await db
            .update(products)
            .set({ categoryId: c!.id })
            .where(eq(products.id, await soldProduct()));
        },
        change: async () => db.delete(productCategories).where(eq(productCategories.slug, 'rollup-test')),
      },
      {
        name: 'a sold product renamed',
        days: [d3],
        change: async () =>
          db
            .update(products)
            .set({ name: 'Renamed Sausage' })
            .where(eq(products.id, await soldProduct())),
      },
      {
        name: 'an outlet renamed',
        days: [d3],
        change: async () => db.update(outlets).set({ name: 'Renamed Outlet' }).where(eq(outlets.id, outletA!)),
      },
      {
        name: 'an outlet deleted',
        days: [d6],
        prep: async () => {
          const [o] = await db
            .insert(outlets)
            .values({ name: 'Rollup Outlet', phone: '+256700000999', openingHours: 'Daily', managerName: 'Test' })
            .returning();
          await setOrder(await orderAt(d6, 23, 55), { ...counted, outletId: o!.id });
        },
        change: async () => db.delete(outlets).where(eq(outlets.name, 'Rollup Outlet')),
      },
    ];

    for (const { name, days, prep, change } of changes) {
      await prep?.();
      await expectAllSame();
      for (const day of days) expect(await isBuilt(day), `${name}: ${day} rolled up before the change`).toBe(true);
      const before = await snapshot(db, wide());
      await change();
      expect(await snapshot(db, wide()), `${name} shows`).not.toEqual(before);
      await expectAllSame();
    }
  });

  it("marks nothing for checkout and today's status changes, nor for an old order that keeps counting", async () => {
    await awayFromMidnight();
    await salesReport(db, wide());
    expect(await marks()).toEqual([]);
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isArchived, false), sql`${products.stock} > 10`))
      .limit(1);
    const cookie = await loginAs(t.app, 'customer');
    const place = async () => {
      const res = await placeOrder(t, cookie, checkoutBody([{ productId: product!.id, quantity: 1 }]));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().order.id as string;
    };
    const delivered = await place();
    for (const step of [{ status: 'assigned' }, { status: 'picked_up' }, { paymentStatus: 'paid' }, { status: 'delivered' }] as const) {
      await setOrder(delivered, step);
    }
    await setOrder(delivered, { paymentStatus: 'refunded' });
    const cancelled = await place();
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${cancelled}/cancel`, headers: { origin: ORIGIN, cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await marks()).toEqual([]);

    // An order of three days ago delivered and paid today still counts: nothing to rebuild.
    const old = await orderAt(kampalaDay(-3), 23, 55);
    await setOrder(old, { status: 'picked_up', paymentStatus: 'pending' });
    await salesReport(db, wide());
    await setOrder(old, { status: 'delivered' });
    await setOrder(old, { paymentStatus: 'paid' });
    expect(await marks()).toEqual([]);
    await setOrder(old, { status: 'cancelled' });
    expect(await marks()).toEqual([kampalaDay(-3)]);
    await expectAllSame();
  }, 200_000);

  it('builds each day once under concurrent reports, and misses no change made meanwhile', async () => {
    // Forget every rollup, then ask for it from several requests at once while old orders change.
    await db.execute(sql`DELETE FROM sales_rollup_days`);
    const olds = await Promise.all([-3, -6, -7, -12].map((d) => orderAt(kampalaDay(d), 23, 55)));
    await Promise.all([
      ...Array.from({ length: 6 }, () => salesReport(db, wide())),
      dashboard(db),
      ...olds.map((id, i) => setOrder(id, i % 2 ? { paymentStatus: 'refunded' } : { status: 'cancelled' })),
      db.update(products).set({ categoryId: null }).where(eq(products.id, all[3]!.id)),
    ]);
    const twice = (await db.execute(sql`
      SELECT day FROM sales_daily_orders GROUP BY day, outlet_id, payment_method, channel, payment_bucket HAVING count(*) > 1
      UNION ALL SELECT day FROM sales_daily_products GROUP BY day, product_id, payment_bucket HAVING count(*) > 1
      UNION ALL SELECT day FROM sales_daily_categories GROUP BY day, category_id, payment_bucket HAVING count(*) > 1`)) as unknown as {
      rows: unknown[];
    };
    expect(twice.rows).toEqual([]);
    await expectAllSame();
  });

  it('keeps yesterday open until 00:15, so a change made before midnight is read from the orders', async () => {
    await awayFromMidnight();
    const [today, tomorrow] = [kampalaDay(0), kampalaDay(1)];
    const range = { from: kampalaDay(-6), to: tomorrow };
    const late = await orderAt(today, 23, 55);
    await setOrder(late, counted);
    // Ten past midnight tomorrow: today is still open, read from the orders.
    await expectSameReport(db, range, kampala(tomorrow, 0, 10));
    // A transaction that began before midnight changes one of today's orders: the trigger sees today
    // and marks nothing; the report still reads it from the orders, so it shows the change.
    await setOrder(late, { status: 'cancelled' });
    expect(await marks()).toEqual([]);
    await expectSameReport(db, range, kampala(tomorrow, 0, 10));
    expect(await isBuilt(today)).toBe(false);
    // Twenty past: today is closed and rolled up, with the change.
    await expectSameReport(db, range, kampala(tomorrow, 0, 20));
    expect(await isBuilt(today)).toBe(true);
  }, 200_000);
});
