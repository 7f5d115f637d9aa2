/**
 * Stock at outlets: an order is packed by the nearest active outlet holding every line; when none
 * does, the customer is told what is short and where it is (the race for the last units at one
 * outlet is in concurrent-orders.test.ts); and after any mix of orders, cancels, deliveries, counts,
 * adjustments and transfers each outlet's figure equals the sum of its ledger and the storefront
 * figure equals the sum over active outlets.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/orders.ts';
import { outletProducts } from '../../src/db/schema/outlets.ts';
import { stockMovements } from '../../src/db/schema/stock.ts';
import { ledgerBalance } from '../../src/modules/inventory/outlet-stock.repository.ts';
import { adminClient } from '../admin/admin-client.ts';
import { outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder, stockOf } from './fixtures.ts';

describe.each(drivers)('stock at outlets on %s', (driver) => {
  let t: TestContext;
  let cookie: string;
  let ntinda: string;
  let kansanga: string;
  let cityCentre: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    cookie = await loginAs(t.app, 'customer');
    ntinda = await outletIdByName(t.database.db, 'Ntinda Outlet');
    kansanga = await outletIdByName(t.database.db, 'Kansanga Outlet');
    cityCentre = await outletIdByName(t.database.db, 'City Centre Outlet');
  });
  afterAll(async () => {
    await t?.close();
  });

  const atOutlet = async (outletId: string, productId: string) => {
    const [row] = await t.database.db
      .select({ stock: outletProducts.stock })
      .from(outletProducts)
      .where(and(eq(outletProducts.outletId, outletId), eq(outletProducts.productId, productId)));
    return row?.stock ?? 0;
  };

  it('packs at the nearest outlet holding every line, and a cancel gives the units back there', async () => {
    const steak = await makeProduct(t, { name: 'Allocation Steak', price: 10_000, stock: 5, outletId: ntinda });
    await makeProduct(t, { name: 'unused', price: 1, stock: 0 });
    // Steak also far away at City Centre, with the ribs only there.
    const ribs = await makeProduct(t, { name: 'Allocation Ribs', price: 8_000, stock: 4, outletId: cityCentre });
    const admin = await adminClient(t);
    const listed = await admin.post(`/api/admin/outlets/${cityCentre}/products`, {
      productId: steak.id,
      outletPrice: 10_000,
      stock: 0,
      minStock: 0,
      maxStock: 20,
    });
    expect(listed.statusCode).toBe(201);
    const delivered = await admin.post('/api/admin/ops/stock-adjustments', {
      productIds: [steak.id],
      outletId: cityCentre,
      mode: 'delta',
      amount: 6,
      kind: 'delivery',
      reason: 'From the factory',
    });
    expect(delivered.statusCode).toBe(200);
    expect(await stockOf(t, steak.id)).toBe(11);

    // Steak alone: Ntinda is nearest and has it.
    const alone = await placeOrder(t, cookie, checkoutBody([{ productId: steak.id, quantity: 2 }]));
    expect(alone.statusCode).toBe(201);
    expect(alone.json().order.outlet.name).toBe('Ntinda Outlet');
    // Steak and ribs: only City Centre holds both, so it packs the whole order.
    const both = await placeOrder(
      t,
      cookie,
      checkoutBody([
        { productId: steak.id, quantity: 2 },
        { productId: ribs.id, quantity: 1 },
      ]),
    );
    expect(both.statusCode).toBe(201);
    expect(both.json().order.outlet.name).toBe('City Centre Outlet');
    expect([await atOutlet(ntinda, steak.id), await atOutlet(cityCentre, steak.id), await atOutlet(cityCentre, ribs.id)]).toEqual([
      3, 4, 3,
    ]);
    expect(await stockOf(t, steak.id)).toBe(7);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${both.json().order.id}/cancel`,
      headers: { origin: ORIGIN, cookie },
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    expect([await atOutlet(ntinda, steak.id), await atOutlet(cityCentre, steak.id), await atOutlet(cityCentre, ribs.id)]).toEqual([
      3, 6, 4,
    ]);
    const kinds = await t.database.db
      .select({ kind: stockMovements.kind, delta: stockMovements.delta, outletId: stockMovements.outletId })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, both.json().order.id));
    expect(kinds.map((k) => `${k.kind}:${k.delta}:${k.outletId === cityCentre}`).sort()).toEqual(
      ['cancel:1:true', 'cancel:2:true', 'order:-1:true', 'order:-2:true'].sort(),
    );
  });

  it('names the short items and where they can be had when no outlet holds everything, and takes nothing', async () => {
    const liver = await makeProduct(t, { name: 'Split Liver', price: 5_000, stock: 3, outletId: ntinda });
    const tongue = await makeProduct(t, { name: 'Split Tongue', price: 5_000, stock: 3, outletId: kansanga });
    const res = await placeOrder(
      t,
      cookie,
      checkoutBody([
        { productId: liver.id, quantity: 1 },
        { productId: tongue.id, quantity: 2 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    const error = res.json().error;
    expect(error.code).toBe('OUT_OF_STOCK');
    expect(error.message).toBe(
      'No single outlet can pack your whole order. Split Tongue: Ntinda Outlet has 0 of 2; available at Kansanga Outlet. Please order these items separately or lower the quantity.',
    );
    expect(error.fields).toEqual({ 'items.1.quantity': 'Split Tongue: Ntinda Outlet has 0 of 2; available at Kansanga Outlet' });
    expect([await atOutlet(ntinda, liver.id), await atOutlet(kansanga, tongue.id)]).toEqual([3, 3]);

    // More than any one outlet holds: the plain wording with what one order can have.
    await adminClient(t).then((a) =>
      a.post('/api/admin/ops/stock-adjustments', {
        productIds: [liver.id],
        outletId: kansanga,
        mode: 'delta',
        amount: 2,
        reason: 'Found in the cold room',
      }),
    );
    const tooMany = await placeOrder(t, cookie, checkoutBody([{ productId: liver.id, quantity: 4 }]));
    expect(tooMany.json().error.message).toBe('Only 3 of Split Liver left in stock. Please lower the quantity.');
  });

  it('tells a shopper what the outlets delivering to their point hold, and nothing outside the zones', async () => {
    const p = await makeProduct(t, { name: 'Near Chops', price: 7_000, stock: 4, outletId: ntinda });
    await (await adminClient(t)).post(`/api/admin/outlets/${kansanga}/products`, {
      productId: p.id,
      outletPrice: 7_000,
      stock: 9,
      minStock: 0,
      maxStock: 20,
    });
    const near = await t.app.inject({ method: 'GET', url: `/api/products/${p.id}/stock-near?lat=0.3545&lng=32.6155` });
    expect(near.statusCode).toBe(200);
    expect(near.json()).toMatchObject({ deliverable: true, stock: 13, perOrder: 9 });
    expect(near.json().outlets.map((o: { name: string; stock: number }) => `${o.name} ${o.stock}`)).toEqual([
      'Ntinda Outlet 4',
      'Kansanga Outlet 9',
    ]);
    const far = await t.app.inject({ method: 'GET', url: `/api/products/${p.id}/stock-near?lat=-1.2921&lng=36.8219` });
    expect(far.json()).toEqual({ deliverable: false, stock: 0, perOrder: 0, outlets: [] });
  });

  it('keeps every figure equal to its ledger and the storefront equal to the outlets after a random mix', async () => {
    const admin = await adminClient(t);
    const a = await makeProduct(t, { name: 'Mix Beef', price: 3_000, stock: 20, outletId: ntinda });
    const b = await makeProduct(t, { name: 'Mix Pork', price: 3_000, stock: 20, outletId: kansanga });
    const products = [a.id, b.id];
    const outletIds = [ntinda, kansanga, cityCentre];
    // Every outlet lists both products (a delivery needs the product listed at the outlet).
    for (const o of outletIds)
      for (const p of products)
        await admin.post(`/api/admin/outlets/${o}/products`, { productId: p, outletPrice: 3_000, stock: 0, minStock: 0, maxStock: 20 });
    const placed: string[] = [];
    const op = fc.oneof(
      fc.record({ t: fc.constant('order' as const), p: fc.nat(1), q: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ t: fc.constant('cancel' as const), i: fc.nat(20) }),
      fc.record({ t: fc.constant('delivery' as const), p: fc.nat(1), o: fc.nat(2), q: fc.integer({ min: 1, max: 9 }) }),
      fc.record({
        t: fc.constant('adjust' as const),
        p: fc.nat(1),
        o: fc.nat(2),
        q: fc.integer({ min: -9, max: 9 }).filter((n) => n !== 0),
      }),
      fc.record({ t: fc.constant('count' as const), p: fc.nat(1), o: fc.nat(2), q: fc.nat(15) }),
      fc.record({ t: fc.constant('transfer' as const), p: fc.nat(1), o: fc.nat(2), to: fc.nat(2), q: fc.integer({ min: 1, max: 8 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          if (o.t === 'order') {
            const r = await placeOrder(t, cookie, checkoutBody([{ productId: products[o.p]!, quantity: o.q }]));
            if (r.statusCode === 201) placed.push(r.json().order.id);
            else expect(r.statusCode).toBe(409);
          } else if (o.t === 'cancel') {
            const id = placed.splice(o.i % Math.max(placed.length, 1), 1)[0];
            if (id)
              await t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: { origin: ORIGIN, cookie }, payload: {} });
          } else if (o.t === 'transfer') {
            if (o.o === o.to) continue;
            const r = await admin.post('/api/admin/ops/stock-transfers', {
              fromOutletId: outletIds[o.o],
              toOutletId: outletIds[o.to],
              items: [{ productId: products[o.p], quantity: o.q }],
            });
            expect([200, 409]).toContain(r.statusCode);
          } else {
            const r = await admin.post('/api/admin/ops/stock-adjustments', {
              productIds: [products[o.p]],
              outletId: outletIds[o.o],
              mode: o.t === 'count' ? 'set' : 'delta',
              amount: o.q,
              ...(o.t === 'delivery' ? { kind: 'delivery' } : {}),
              reason: `Random ${o.t}`,
            });
            expect([200, 409]).toContain(r.statusCode);
          }
        }
        const balance = await ledgerBalance(t.database.db);
        expect(balance.filter((r) => r.stock !== r.ledger)).toEqual([]);
        const derived = await t.database.db.execute(sql`
          SELECT p.id FROM products p WHERE p.stock <> coalesce((SELECT sum(op.stock) FROM outlet_products op JOIN outlets o ON o.id = op.outlet_id
            WHERE op.product_id = p.id AND o.is_active AND op.is_available), 0)`);
        expect((derived as unknown as { rows: unknown[] }).rows).toEqual([]);
        for (const id of products) expect(await stockOf(t, id)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 4, seed: 2121 },
    );
    const cancelled = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.status, 'cancelled'));
    expect(cancelled[0]!.n).toBeGreaterThan(0);
  });
});
