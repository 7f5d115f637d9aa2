/**
 * Sold by weight, end to end through the API: the server prices a weighed line from the per-kg price
 * and the chosen amount, reserves its grams at the outlet, the packer weighs it (only staff of that
 * outlet), packing cannot end and a rider cannot pick up until it is weighed, and the final charge
 * lowers what the rider collects or refunds a paid order, never charging above the estimate.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRiders } from '../../src/db/schema/accounts.ts';
import { products } from '../../src/db/schema/catalog.ts';
import { counterSettlements } from '../../src/db/schema/counter.ts';
import { customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { orderItems, orders } from '../../src/db/schema/orders.ts';
import { outletProducts } from '../../src/db/schema/outlets.ts';
import { refunds } from '../../src/db/schema/refunds.ts';
import { stockMovements } from '../../src/db/schema/stock.ts';
import { settleCounter } from '../../src/modules/orders/lifecycle/counter.ts';
import { HOME_OUTLET, OTHER_OUTLET, createEmployee, outletIdByName } from '../fixtures/outlet-orders.ts';
import { demoIds } from '../fixtures/rider-orders.ts';
import { startSimulatorPayment } from '../fixtures/simulator.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from './fixtures.ts';

describe.each(drivers)('sold by weight on %s', (driver) => {
  let t: TestContext;
  let customer: string;
  let admin: string;
  let outlet: string;
  let rider: string;
  let otherOutlet: string;
  let home: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    customer = await loginAs(t.app, 'customer');
    admin = await loginAs(t.app, 'admin');
    outlet = await loginAs(t.app, 'outlet');
    rider = await loginAs(t.app, 'rider');
    home = await outletIdByName(t.database.db, HOME_OUTLET);
    const other = await outletIdByName(t.database.db, OTHER_OUTLET);
    otherOutlet = (
      await createEmployee(t.app, t.database.db, {
        email: 'packer.elsewhere@example.ug',
        fullName: 'Peter Okello',
        phone: '0772999111',
        outletId: other,
        role: 'Packer',
      })
    ).cookie;
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** Goat sold at 32,000 per kg in 500 g and 1 kg, grams stocked at the packing outlet only. */
  const weighedProduct = async (grams: number, over: { price?: number } = {}) => {
    const p = await makeProduct(t, { price: over.price ?? 32_000, stock: grams, outletId: home });
    await t.database.db
      .update(products)
      .set({ weighing: { amounts: [500, 1000], pieces: false, tolerancePercent: 10 } })
      .where(eq(products.id, p.id));
    return p;
  };
  const atHome = async (productId: string) =>
    (
      await t.database.db
        .select()
        .from(outletProducts)
        .where(and(eq(outletProducts.productId, productId), eq(outletProducts.outletId, home)))
    )[0]!.stock;
  const ledgerSum = async (productId: string) =>
    (
      await t.database.db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, productId), eq(stockMovements.outletId, home)))
    ).reduce((s, m) => s + m.delta, 0);
  const lineOf = async (orderId: string) => (await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!;
  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const weigh = (orderId: string, itemId: string, grams: number, cookie = outlet, confirmOutside?: boolean) =>
    call('PUT', `/api/outlet/orders/${orderId}/items/${itemId}/weight`, cookie, { grams, ...(confirmOutside ? { confirmOutside } : {}) });

  it('prices a weighed line on the server and reserves its grams; a client price or an offered-nowhere amount is not taken', async () => {
    const p = await weighedProduct(10_000);
    const refused = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1, grams: 750 } as never]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/Choose one of the amounts/);
    expect(await atHome(p.id)).toBe(10_000);

    const res = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 2, grams: 500, price: 1 } as never]));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    // 2 packs of 500 g at 32,000 per kg: 16,000 each.
    expect(order.items[0]).toMatchObject({
      price: 16_000,
      quantity: 2,
      lineTotal: 32_000,
      weight: { estimatedGrams: 1000, weighedGrams: null },
    });
    expect(order.subtotalAmount).toBe(32_000);
    expect(await atHome(p.id)).toBe(9_000);
    expect(await ledgerSum(p.id)).toBe(9_000);
  });

  it('enforces the packing step: unweighed cannot be marked ready or picked up; only staff of that outlet weigh', async () => {
    const p = await weighedProduct(5_000);
    const placed = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1, grams: 1000 } as never]));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: string; totalAmount: number; deliveryFee: number };
    const { riderId } = await demoIds(t.database.db);
    await t.database.db.update(deliveryRiders).set({ status: 'online' }).where(eq(deliveryRiders.id, riderId));
    const assigned = await call('POST', `/api/admin/orders/${order.id}/assign`, admin, { riderId });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const pickup = await call('POST', `/api/rider/orders/${order.id}/pickup`, rider, {});
    expect(pickup.statusCode).toBe(409);
    expect(pickup.json().error.message).toMatch(/still weighing/);
    const ready = await call('POST', `/api/outlet/orders/${order.id}/ready`, outlet, {});
    expect(ready.statusCode).toBe(409);
    expect(ready.json().error.message).toMatch(/not weighed yet/);

    const item = await lineOf(order.id);
    expect((await weigh(order.id, item.id, 900, otherOutlet)).statusCode).toBe(404);
    expect((await weigh(order.id, item.id, 900, customer)).statusCode).toBe(403);
    expect((await weigh(order.id, item.id, 900, rider)).statusCode).toBe(403);
    expect((await lineOf(order.id)).weighedGrams).toBeNull();

    // 1.2 kg for "about 1 kg" is outside 10%: asked to confirm, nothing recorded until then.
    const outside = await weigh(order.id, item.id, 1200);
    expect(outside.statusCode).toBe(409);
    expect(outside.json().error.message).toBe('About 1 kg asked, 1.2 kg weighed — use it anyway?');
    expect(await atHome(p.id)).toBe(4_000);
    const ok = await weigh(order.id, item.id, 950);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ unweighedLines: 0 });
    // 50 g went back on the shelf; the ledger holds both the reservation and the weighing.
    expect(await atHome(p.id)).toBe(4_050);
    expect(await ledgerSum(p.id)).toBe(4_050);

    const done = await call('POST', `/api/outlet/orders/${order.id}/ready`, outlet, {});
    expect(done.statusCode, done.body).toBe(200);
    // Cash on delivery: 950 g × 32,000 = 30,400; the rider collects the lower total.
    expect(done.json().totalAmount).toBe(30_400 + order.deliveryFee);
    const riderView = await call('GET', `/api/rider/orders/${order.id}`, rider);
    expect(riderView.json().order.totalAmount).toBe(30_400 + order.deliveryFee);
    const [settled] = await t.database.db.select().from(counterSettlements).where(eq(counterSettlements.orderId, order.id));
    expect(settled).toMatchObject({ totalBefore: order.totalAmount, totalAfter: 30_400 + order.deliveryFee, amountDifference: -1_600 });
    // Weighed after packing: refused. Settling again records nothing.
    expect((await weigh(order.id, item.id, 900)).statusCode).toBe(409);
    await t.database.db.transaction((tx) => settleCounter(tx, order.id, { role: 'outlet', name: 'Ruth' }));
    expect(await t.database.db.select().from(counterSettlements).where(eq(counterSettlements.orderId, order.id))).toHaveLength(1);
    expect((await call('POST', `/api/rider/orders/${order.id}/pickup`, rider, {})).statusCode).toBe(200);
  });

  it('refunds a paid order weighed under its estimate, and absorbs what is weighed above it', async () => {
    const p = await weighedProduct(10_000, { price: 28_500 });
    const placed = await placeOrder(
      t,
      customer,
      checkoutBody([{ productId: p.id, quantity: 1, grams: 1000 } as never, { productId: p.id, quantity: 1, grams: 500 } as never], {
        paymentMethod: 'card',
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: string; totalAmount: number };
    const { approve } = await startSimulatorPayment(t.app, customer, order.id, 'card');
    await approve();
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const kilo = lines.find((l) => l.gramsPerPack === 1000)!;
    const half = lines.find((l) => l.gramsPerPack === 500)!;
    // 930 g of the kilo (26,505 of 28,500), 540 g of the half (15,390 weighed, 14,250 charged).
    expect((await weigh(order.id, kilo.id, 930)).statusCode).toBe(200);
    expect((await weigh(order.id, half.id, 540)).statusCode).toBe(200);
    const ready = await call('POST', `/api/outlet/orders/${order.id}/ready`, outlet, {});
    expect(ready.statusCode, ready.body).toBe(200);
    const after = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(after.find((l) => l.id === kilo.id)).toMatchObject({ finalPrice: 26_505, weighedPrice: 26_505 });
    expect(after.find((l) => l.id === half.id)).toMatchObject({ finalPrice: 14_250, weighedPrice: 15_390 });
    expect((await orderRow(order.id)).totalAmount).toBe(order.totalAmount - 1_995);
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amount: 1_995, reason: 'order_weighed', method: 'card' });
    const [sms] = await t.database.db
      .select()
      .from(customerMessages)
      .where(and(eq(customerMessages.orderId, order.id), eq(customerMessages.event, 'weighed'), eq(customerMessages.channel, 'sms')));
    expect(sms?.body).toMatch(/930 g \(about 1 kg asked\).*540 g \(about 500 g asked\).*we are refunding the difference/);
    const view = (await call('GET', `/api/orders/${order.id}`, customer)).json().order;
    expect(view.items.map((i: { weight: { weighedGrams: number } }) => i.weight.weighedGrams).sort()).toEqual([540, 930]);
    expect(view.totalAmount).toBe(order.totalAmount - 1_995);

    // The report adds up kg and what weighing above the estimate gave away (40 g, 1,140 of the half kilo).
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' });
    const report = await call('GET', `/api/admin/reports/weighed?from=${today}&to=${today}`, admin);
    expect(report.statusCode, report.body).toBe(200);
    const row = report.json().rows.find((r: { productId: string }) => r.productId === p.id);
    expect(row).toMatchObject({
      lines: 2,
      estimatedGrams: 1500,
      weighedGrams: 1470,
      charged: 40_755,
      givenAwayGrams: 40,
      givenAwayAmount: 1_140,
    });
    const csv = await call('GET', `/api/admin/reports/weighed.csv?from=${today}&to=${today}`, admin);
    expect(csv.body.split('\r\n')[0]).toBe(
      '"Product","Outlet","Lines","Kg ordered","Kg weighed","Charged (UGX)","Kg given away","Given away (UGX)"',
    );
    expect(csv.body).toContain(',2,1.5,1.47,40755,0.04,1140');
  });
});
