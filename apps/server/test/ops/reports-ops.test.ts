import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRiders } from '../../src/db/schema/accounts.ts';
import { productCategories, products } from '../../src/db/schema/catalog.ts';
import { outletProducts, outlets } from '../../src/db/schema/outlets.ts';
import { mainOutlet } from '../../src/modules/inventory/outlet-stock.repository.ts';
import { ACCOUNTS } from '../../src/seed/demo-data.ts';
import { insertOrder } from '../fixtures/ops-orders.ts';
import { drivers, loginAs, ORIGIN, type TestContext, createTestApp } from '../helpers.ts';

/** 10:00 on a Kampala day (UTC+3) as an instant. */
const kampala = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+03:00`);

describe.each(drivers)('reports, queues and stock (%s)', (driver) => {
  let t: TestContext;
  let admin: string;
  let p1: { id: string; name: string; categoryId: string | null };
  let p2: { id: string; name: string; categoryId: string | null };
  let outletA: { id: string; name: string };
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await loginAs(t.app, 'admin');
    const db = t.app.deps.db;
    const all = await db.select().from(products).orderBy(products.name);
    p1 = all[0]!;
    p2 = all.find((p) => p.categoryId !== p1.categoryId)!;
    [outletA] = (await db.select({ id: outlets.id, name: outlets.name }).from(outlets).orderBy(outlets.name).limit(1)) as [
      { id: string; name: string },
    ];
    const item = (p: typeof p1, price: number, quantity: number) => ({ productId: p.id, name: p.name, price, quantity });
    // Inside the range: two days, two outlets, two payment methods; one cancelled order that must not count.
    await insertOrder(db, {
      createdAt: kampala('2026-03-10'),
      items: [item(p1, 10_000, 2), item(p2, 4_000, 1)],
      outletId: outletA.id,
      discount: 2_400,
    });
    await insertOrder(db, {
      createdAt: kampala('2026-03-12', 23),
      items: [item(p1, 10_000, 1)],
      paymentMethod: 'cash_on_delivery',
      paymentStatus: 'pending',
      status: 'pending',
    });
    await insertOrder(db, { createdAt: kampala('2026-03-11'), items: [item(p2, 4_000, 5)], status: 'cancelled' });
    // 00:30 Kampala on 13 March is still 12 March in UTC: it belongs to the 13th, outside the range.
    await insertOrder(db, { createdAt: kampala('2026-03-13', 0), items: [item(p1, 10_000, 7)] });
    await insertOrder(db, { createdAt: kampala('2026-03-09', 23), items: [item(p1, 10_000, 9)] });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: admin, origin: ORIGIN }, payload });

  it('sums sales over Kampala days, excluding cancelled orders', async () => {
    const res = await get('/api/admin/reports/sales?from=2026-03-10&to=2026-03-12');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    // Order 1: 24,000 + 5,000 - 2,400 = 26,600. Order 2: 10,000 + 5,000 = 15,000.
    expect(r.totals).toEqual({
      orders: 2,
      revenue: 41_600,
      itemSales: 34_000,
      deliveryFees: 10_000,
      discounts: 2_400,
      averageOrderValue: 20_800,
    });
    expect(r.byDay).toEqual([
      { key: '2026-03-10', label: '2026-03-10', orders: 1, units: 3, revenue: 26_600 },
      { key: '2026-03-11', label: '2026-03-11', orders: 0, units: 0, revenue: 0 },
      { key: '2026-03-12', label: '2026-03-12', orders: 1, units: 1, revenue: 15_000 },
    ]);
    expect(r.byProduct).toEqual([
      { key: p1.id, label: p1.name, orders: 2, units: 3, revenue: 30_000 },
      { key: p2.id, label: p2.name, orders: 1, units: 1, revenue: 4_000 },
    ]);
    expect(r.byCategory.reduce((s: number, c: { revenue: number }) => s + c.revenue, 0)).toBe(r.totals.itemSales);
    expect(r.byOutlet).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: outletA.id, label: outletA.name, orders: 1, revenue: 26_600 }),
        expect.objectContaining({ key: 'none', label: 'No outlet', orders: 1, revenue: 15_000 }),
      ]),
    );
    expect(r.byPaymentMethod).toEqual([
      { key: 'mtn_money', label: 'MTN Mobile Money', orders: 1, units: 3, revenue: 26_600 },
      { key: 'cash_on_delivery', label: 'Cash on Delivery', orders: 1, units: 1, revenue: 15_000 },
    ]);
  });

  it('exports the breakdown as a quoted CSV whose total matches', async () => {
    const res = await get('/api/admin/reports/sales.csv?from=2026-03-10&to=2026-03-12&by=day');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-by-day-2026-03-10-to-2026-03-12.csv"');
    expect(res.body.split('\r\n')).toEqual([
      '"Date","Orders","Units","Revenue (UGX)"',
      '"2026-03-10",1,3,26600',
      '"2026-03-11",0,0,0',
      '"2026-03-12",1,1,15000',
      '"Total",2,4,41600',
      '',
    ]);
  });

  it('refuses a reversed or malformed range', async () => {
    expect((await get('/api/admin/reports/sales?from=2026-03-12&to=2026-03-10')).statusCode).toBe(400);
    expect((await get('/api/admin/reports/sales?from=yesterday&to=2026-03-10')).statusCode).toBe(400);
    expect((await get('/api/admin/reports/sales.csv?from=2026-03-12&to=2026-03-10')).statusCode).toBe(400);
  });

  it('values the inventory and lists low stock', async () => {
    const r = (await get('/api/admin/reports/inventory')).json();
    const db = t.app.deps.db;
    const live = await db.select().from(products).where(eq(products.isArchived, false));
    expect(r.totalValue).toBe(live.reduce((s, p) => s + p.stock * p.price, 0));
    expect(r.lowStock.every((p: { stock: number }) => p.stock <= 10)).toBe(true);
    expect(r.lowStock.length).toBe(live.filter((p) => p.stock <= 10).length);
    expect(r.byCategory.reduce((s: number, c: { value: number }) => s + c.value, 0)).toBe(r.totalValue);
  });

  it('queues orders waiting for a rider and in delivery, oldest first', async () => {
    const db = t.app.deps.db;
    const [rider] = await db.select().from(deliveryRiders).where(eq(deliveryRiders.email, ACCOUNTS.rider.email));
    const item = { productId: p1.id, name: p1.name, price: 1_000, quantity: 1 };
    const older = await insertOrder(db, {
      createdAt: new Date(Date.now() - 90 * 60_000),
      items: [item],
      status: 'pending',
      paymentStatus: 'paid',
    });
    // Unpaid mobile money is not ready for a rider.
    await insertOrder(db, { createdAt: new Date(Date.now() - 60 * 60_000), items: [item], status: 'pending', paymentStatus: 'pending' });
    await insertOrder(db, {
      createdAt: new Date(Date.now() - 30 * 60_000),
      assignedAt: new Date(Date.now() - 20 * 60_000),
      items: [item],
      status: 'assigned',
      riderId: rider!.id,
    });
    const pending = (await get('/api/admin/ops/queues/pending')).json().orders;
    expect(pending.map((o: { createdAt: string }) => o.createdAt)).toEqual(
      [...pending.map((o: { createdAt: string }) => o.createdAt)].sort(),
    );
    expect(
      pending.every(
        (o: { status: string; paymentStatus: string; paymentMethod: string }) =>
          o.status === 'pending' && (o.paymentStatus === 'paid' || o.paymentMethod === 'cash_on_delivery'),
      ),
    ).toBe(true);
    const mine = pending.find((o: { id: string }) => o.id === older.id);
    expect(mine.ageMinutes).toBeGreaterThanOrEqual(89);
    const processing = (await get('/api/admin/ops/queues/processing')).json().orders;
    expect(processing).toEqual([expect.objectContaining({ status: 'assigned', riderName: ACCOUNTS.rider.fullName })]);
    expect(processing[0].ageMinutes).toBeGreaterThanOrEqual(19);
    expect((await get('/api/admin/ops/queues/other')).statusCode).toBe(400);
  });

  it('adjusts stock in bulk with a reason, never below zero, and keeps the history', async () => {
    const db = t.app.deps.db;
    const before = await db.select().from(products).where(eq(products.id, p1.id));
    const ok = await post('/api/admin/ops/stock-adjustments', {
      productIds: [p1.id, p2.id],
      mode: 'delta',
      amount: 5,
      reason: 'Delivery from abattoir',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().adjusted.find((a: { productId: string }) => a.productId === p1.id)).toMatchObject({
      before: before[0]!.stock,
      after: before[0]!.stock + 5,
    });

    const tooMuch = await post('/api/admin/ops/stock-adjustments', {
      productIds: [p1.id, p2.id],
      mode: 'delta',
      amount: -100_000,
      reason: 'Spoilage',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toContain('cannot go below zero');
    // All or nothing: nothing changed.
    expect((await db.select().from(products).where(eq(products.id, p1.id)))[0]!.stock).toBe(before[0]!.stock + 5);

    expect((await post('/api/admin/ops/stock-adjustments', { productIds: [p1.id], mode: 'set', amount: 3, reason: '' })).statusCode).toBe(
      400,
    );
    // Without an outlet the change lands at the main outlet: a total below what the other outlets
    // hold cannot be set there.
    const main = (await mainOutlet(db))!;
    const elsewhere = (await db.select().from(outletProducts).where(eq(outletProducts.productId, p1.id)))
      .filter((r) => r.outletId !== main.id)
      .reduce((n, r) => n + r.stock, 0);
    if (elsewhere > 0) {
      const refused = await post('/api/admin/ops/stock-adjustments', {
        productIds: [p1.id],
        mode: 'set',
        amount: elsewhere - 1,
        reason: 'Stock count',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toContain(`are at ${main.name}, the main outlet`);
    }
    const set = await post('/api/admin/ops/stock-adjustments', {
      productIds: [p1.id],
      mode: 'set',
      amount: elsewhere + 3,
      reason: 'Stock count',
    });
    expect(set.json().adjusted[0]).toMatchObject({ after: elsewhere + 3 });

    const moves = (await get(`/api/admin/ops/stock-movements?productId=${p1.id}&outletId=${main.id}`)).json().movements;
    expect(moves.slice(0, 2).map((m: { delta: number; reason: string }) => [m.delta, m.reason])).toEqual([
      [elsewhere + 3 - (before[0]!.stock + 5), 'Stock count'],
      [5, 'Delivery from abattoir'],
    ]);
    expect(moves[0]).toMatchObject({ stockAfter: 3, outletId: main.id, outletName: main.name, actorName: ACCOUNTS.admin.fullName });
    // Counted empty at every outlet: low stock on the storefront.
    for (const r of await db.select().from(outletProducts).where(eq(outletProducts.productId, p1.id))) {
      const counted = await post('/api/admin/ops/stock-adjustments', {
        productIds: [p1.id],
        outletId: r.outletId,
        mode: 'set',
        amount: 0,
        reason: 'Stock count',
      });
      expect(counted.statusCode).toBe(200);
    }
    expect((await db.select().from(products).where(eq(products.id, p1.id)))[0]!.stock).toBe(0);

    const low = (await get('/api/admin/ops/inventory?level=low')).json().items;
    expect(low.some((i: { productId: string }) => i.productId === p1.id)).toBe(true);
    expect(low.every((i: { stock: number; level: string }) => i.stock <= 10 && i.level === 'low')).toBe(true);
  });

  it('adjusts an outlet stock and filters outlet stock by level', async () => {
    const db = t.app.deps.db;
    const [op] = await db.select().from(outletProducts).where(eq(outletProducts.outletId, outletA.id)).limit(1);
    const res = await post('/api/admin/ops/stock-adjustments', {
      productIds: [op!.productId],
      outletId: outletA.id,
      mode: 'set',
      amount: 40,
      reason: 'Restock',
    });
    expect(res.statusCode).toBe(200);
    const items = (await get(`/api/admin/ops/outlet-stock?outletId=${outletA.id}&level=full`)).json().items;
    expect(items).toEqual(expect.arrayContaining([expect.objectContaining({ productId: op!.productId, stock: 40, level: 'full' })]));
    const moves = (await get(`/api/admin/ops/stock-movements?outletId=${outletA.id}`)).json().movements;
    expect(moves[0]).toMatchObject({ productId: op!.productId, outletName: outletA.name, stockAfter: 40, reason: 'Restock' });
    // Products an outlet does not stock cannot be adjusted there (the main outlet stocks them all).
    const main = (await mainOutlet(db))!;
    const [other] = (await db.select().from(outlets)).filter((o) => o.id !== main.id);
    const stocked = new Set((await db.select().from(outletProducts).where(eq(outletProducts.outletId, other!.id))).map((r) => r.productId));
    const [missing] = (await db.select().from(products)).filter((p) => !stocked.has(p.id));
    const refused = await post('/api/admin/ops/stock-adjustments', {
      productIds: [missing!.id],
      outletId: other!.id,
      mode: 'delta',
      amount: 1,
      reason: 'Restock',
    });
    expect(refused.statusCode).toBe(422);
    void productCategories;
  });
});
