/**
 * The demo shop sells fresh meat by weight: the seeded products carry their amounts, their outlet
 * stock is grams (ledger sum equal to the figure), and the demo history holds weighed orders whose
 * totals add up from the estimate and the settlement kept for them.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/catalog.ts';
import { counterSettlements } from '../../src/db/schema/counter.ts';
import { orderItems, orders } from '../../src/db/schema/orders.ts';
import { outletProducts } from '../../src/db/schema/outlets.ts';
import { refunds } from '../../src/db/schema/refunds.ts';
import { stockMovements } from '../../src/db/schema/stock.ts';
import { seedDemoHistory } from '../../src/seed/demo-history.ts';
import { type TestContext, createTestApp, drivers } from '../helpers.ts';

describe.each(drivers)('weighed demo data on %s', (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await seedDemoHistory(t.database.db);
  });
  afterAll(() => t?.close());

  it('sells goat, beef fillet and pork ribs by weight, keeping their cuts, with stock in grams', async () => {
    const db = t.database.db;
    for (const name of ['Goat Meat 1kg', 'Beef Fillet 1kg', 'Pork Spare Ribs 1kg']) {
      const [p] = await db.select().from(products).where(eq(products.name, name));
      expect(p!.weighing?.amounts).toContain(1000);
      expect(p!.options.length).toBeGreaterThan(0);
      const rows = await db.select().from(outletProducts).where(eq(outletProducts.productId, p!.id));
      for (const r of rows) {
        const moves = await db
          .select()
          .from(stockMovements)
          .where(and(eq(stockMovements.productId, p!.id), eq(stockMovements.outletId, r.outletId)));
        expect(moves.reduce((s, m) => s + m.delta, 0)).toBe(r.stock);
      }
      expect(rows.reduce((s, r) => s + r.stock, 0)).toBeGreaterThanOrEqual(1000);
    }
  });

  it('holds weighed orders: never charged above the estimate, totals settled and refunded as recorded', async () => {
    const db = t.database.db;
    const weighed = await db.select().from(orderItems).where(isNotNull(orderItems.weighedGrams));
    expect(weighed.length).toBeGreaterThan(0);
    for (const l of weighed) expect(l.finalPrice!).toBeLessThanOrEqual(l.price * l.quantity);
    const settled = await db.select().from(counterSettlements);
    expect(settled.length).toBeGreaterThan(0);
    for (const s of settled) {
      const [o] = await db.select().from(orders).where(eq(orders.id, s.orderId));
      expect(s.totalBefore + s.amountDifference).toBe(o!.totalAmount);
      if (s.refundId) {
        const [r] = await db.select().from(refunds).where(eq(refunds.id, s.refundId));
        expect(r).toMatchObject({ amount: -s.amountDifference, reason: 'order_weighed' });
        expect(o!.paymentStatus).toBe('partially_refunded');
      }
    }
  });
});
