import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../../src/db/schema/orders.ts';
import { type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder, stockOf } from './fixtures.ts';

describe.each(drivers)('concurrent orders on %s', (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sells a stock of 10 exactly once to 40 concurrent orders', async () => {
    const cookie = await loginAs(t.app, 'customer');
    const p = await makeProduct(t, { name: 'Contested Sausage', price: 9_000, stock: 10 });
    // Another product in every order, in a different position, to exercise the lock order.
    const other = await makeProduct(t, { price: 1_000, stock: 1_000 });
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
  });
});
