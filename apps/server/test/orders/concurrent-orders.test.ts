import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, orderItems, orders } from '../../src/db/schema/orders.ts';
import { outletProducts } from '../../src/db/schema/outlets.ts';
import { stockMovements } from '../../src/db/schema/stock.ts';
import { outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, cookieFrom, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder, stockOf } from './fixtures.ts';

describe.each(drivers)('concurrent orders on %s', (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sells the last 10 units at one outlet exactly once to 40 concurrent orders', async () => {
    const cookie = await loginAs(t.app, 'customer');
    // The units sit at the outlet nearest the customers; another outlet holds none of them.
    const ntinda = await outletIdByName(t.database.db, 'Ntinda Outlet');
    const p = await makeProduct(t, { name: 'Contested Sausage', price: 9_000, stock: 10, outletId: ntinda });
    // Another product in every order, in a different position, to exercise the lock order.
    const other = await makeProduct(t, { price: 1_000, stock: 1_000, outletId: ntinda });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        placeOrder(
          t,
          cookie,
          checkoutBody(
            i % 2
              ? [
                  { productId: p.id, quantity: 1 },
                  { productId: other.id, quantity: 1 },
                ]
              : [
                  { productId: other.id, quantity: 1 },
                  { productId: p.id, quantity: 1 },
                ],
          ),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(30);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().error.message).toContain('Contested Sausage');
    expect(await stockOf(t, p.id)).toBe(0);
    expect(await stockOf(t, other.id)).toBe(990);
    const sold = await t.database.db.select().from(orderItems).where(eq(orderItems.productId, p.id));
    expect(sold.reduce((s, i) => s + i.quantity, 0)).toBe(10);
    // The outlet's figure and its ledger agree: ten order rows took the ten units.
    const [row] = await t.database.db
      .select({ stock: outletProducts.stock })
      .from(outletProducts)
      .where(and(eq(outletProducts.outletId, ntinda), eq(outletProducts.productId, p.id)));
    expect(row!.stock).toBe(0);
    const ledger = await t.database.db
      .select({ delta: stockMovements.delta, kind: stockMovements.kind })
      .from(stockMovements)
      .where(and(eq(stockMovements.outletId, ntinda), eq(stockMovements.productId, p.id)));
    expect(ledger.filter((m) => m.kind === 'order')).toHaveLength(10);
    expect(ledger.reduce((n, m) => n + m.delta, 0)).toBe(0);
  });

  it('gives the last use of a coupon to exactly one of two customers ordering at once', async () => {
    await t.database.db.insert(coupons).values({ code: 'LASTONE', percent: 10, usageLimit: 3, usedCount: 2 });
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: ORIGIN },
      payload: { fullName: 'Second Shopper', phone: '0772999222', email: 'second-shopper@example.com', password: 'secret12' },
    });
    const shoppers = [await loginAs(t.app, 'customer'), cookieFrom(signUp.headers['set-cookie'])];
    const p = await makeProduct(t, { name: 'Coupon Chops', price: 10_000, stock: 100 });
    const results = await Promise.all(
      shoppers.map((cookie) => placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 1 }], { couponCode: 'lastone' }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect(codes[1]).toBeGreaterThanOrEqual(400);
    expect(codes[1]).toBeLessThan(500);
    const [coupon] = await t.database.db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, 'LASTONE'));
    expect(coupon!.used).toBe(3);
    // The refused order left nothing behind: one order with the coupon, and only its unit taken.
    expect(await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.couponCode, 'LASTONE'))).toHaveLength(1);
    expect(await stockOf(t, p.id)).toBe(99);
  });
});
