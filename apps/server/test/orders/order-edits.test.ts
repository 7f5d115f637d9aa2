/**
 * Editing an order before it is packed (POST /api/admin/orders/:id/edit, POST /api/orders/:id/edit):
 * prices, coupon and stock re-applied; racing orders never oversell; a paid order made cheaper refunds
 * the difference and no refund goes past what was promised; the customer edits only their own pending order;
 * every edit is kept for the timeline and the sales report adds up.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/catalog.ts';
import { orderEdits } from '../../src/db/schema/order-edits.ts';
import { coupons, orders } from '../../src/db/schema/orders.ts';
import { outletProducts } from '../../src/db/schema/outlets.ts';
import { refunds } from '../../src/db/schema/refunds.ts';
import { stockMovements } from '../../src/db/schema/stock.ts';
import { outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, cookieFrom, createTestApp, drivers, loginAs } from '../helpers.ts';
import { startSimulatorPayment } from '../fixtures/simulator.ts';
import { checkoutBody, makeProduct, placeOrder, stockOf } from './fixtures.ts';

describe.each(drivers)('order edits on %s', (driver) => {
  let t: TestContext;
  let admin: string;
  let customer: string;
  let other: string;
  let ntinda: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await loginAs(t.app, 'admin');
    customer = await loginAs(t.app, 'customer');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: ORIGIN },
      payload: { fullName: 'Grace Atim', phone: '0701234567', email: 'grace.edits@example.ug', password: 'secret12' },
    });
    other = cookieFrom(res.headers['set-cookie']);
    ntinda = await outletIdByName(t.database.db, 'Ntinda Outlet');
    await t.database.db.insert(coupons).values({ code: 'EDIT10', percent: 10 });
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, cookie: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: ORIGIN, cookie } });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const place = async (items: { productId: string; quantity: number }[], over: Record<string, unknown> = {}) => {
    const res = await placeOrder(t, customer, checkoutBody(items, over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as { id: string; totalAmount: number; deliveryFee: number };
  };
  const staffEdit = (id: string, body: unknown) => post(`/api/admin/orders/${id}/edit`, body, admin);
  const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const outletStock = async (productId: string) =>
    (await t.database.db.select().from(outletProducts).where(eq(outletProducts.productId, productId))).find((r) => r.outletId === ntinda)!
      .stock;

  it('re-prices: kept lines keep their price, new ones are priced now, the coupon is applied again, stock follows', async () => {
    const a = await makeProduct(t, { price: 20_000, stock: 10, outletId: ntinda });
    const b = await makeProduct(t, { price: 5_000, discountPrice: 4_000, stock: 10, outletId: ntinda });
    const order = await place([{ productId: a.id, quantity: 2 }], { couponCode: 'EDIT10' });
    expect(order.totalAmount).toBe(40_000 - 4_000 + order.deliveryFee);
    // The catalog price moves after the order: the order keeps the price it was placed at.
    await t.database.db.update(products).set({ price: 25_000 }).where(eq(products.id, a.id));

    const res = await staffEdit(order.id, {
      items: [
        { productId: a.id, quantity: 3 },
        { productId: b.id, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const subtotal = 3 * 20_000 + 4_000;
    expect(res.json()).toMatchObject({
      subtotalAmount: subtotal,
      discountAmount: 6_400,
      totalAmount: subtotal - 6_400 + order.deliveryFee,
      items: expect.arrayContaining([
        expect.objectContaining({ productId: a.id, quantity: 3, price: 20_000 }),
        expect.objectContaining({ productId: b.id, quantity: 1, price: 4_000 }),
      ]),
    });
    expect(await outletStock(a.id)).toBe(7);
    expect(await outletStock(b.id)).toBe(9);

    // Removing a line gives its units back; a cancel then gives back exactly what the order holds.
    expect((await staffEdit(order.id, { items: [{ productId: a.id, quantity: 1 }] })).statusCode).toBe(200);
    expect(await outletStock(a.id)).toBe(9);
    expect(await outletStock(b.id)).toBe(10);
    expect((await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'Customer changed their mind' }, admin)).statusCode).toBe(200);
    expect(await outletStock(a.id)).toBe(10);
    expect(await outletStock(b.id)).toBe(10);
    expect(await stockOf(t, a.id)).toBe(10);
  });

  it('never oversells while an edit races other orders for the last units', async () => {
    const p = await makeProduct(t, { name: 'Contested Edit Sausage', price: 9_000, stock: 6, outletId: ntinda });
    const filler = await makeProduct(t, { price: 1_000, stock: 100, outletId: ntinda });
    const held = await place([
      { productId: p.id, quantity: 1 },
      { productId: filler.id, quantity: 1 },
    ]);
    // 5 left: the edit wants 4 more, eight orders want 1 each.
    const results = await Promise.all([
      staffEdit(held.id, {
        items: [
          { productId: filler.id, quantity: 2 },
          { productId: p.id, quantity: 5 },
        ],
      }),
      ...Array.from({ length: 8 }, () => placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1 }]))),
    ]);
    const [edit, ...orderResults] = results;
    const sold = orderResults.filter((r) => r.statusCode === 201).length;
    const editHeld = edit!.statusCode === 200 ? 5 : 1;
    expect([200, 409]).toContain(edit!.statusCode);
    // Every unit is either on the shelf or held by exactly one order: none sold twice, none below zero.
    const left = await outletStock(p.id);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left + sold + editHeld).toBe(6);
    // The ledger agrees with the shelf.
    const moves = await t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id));
    expect(moves.reduce((s, m) => s + m.delta, 0)).toBe(left);
    // A refused edit changed nothing on the order.
    if (edit!.statusCode !== 200) expect((await row(held.id)).totalAmount).toBe(held.totalAmount);
  });

  it('refunds the difference when a paid order gets cheaper, never more than was paid', async () => {
    const p = await makeProduct(t, { price: 30_000, stock: 10, outletId: ntinda });
    const paid = await place([{ productId: p.id, quantity: 2 }], { paymentMethod: 'card' });
    const { approve } = await startSimulatorPayment(t.app, customer, paid.id, 'card');
    await approve();
    expect((await row(paid.id)).paymentStatus).toBe('paid');

    const cheaper = await staffEdit(paid.id, { items: [{ productId: p.id, quantity: 1 }] });
    expect(cheaper.statusCode, cheaper.body).toBe(200);
    expect(cheaper.json().totalAmount).toBe(30_000 + paid.deliveryFee);
    const [editRefund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, paid.id));
    expect(editRefund).toMatchObject({ amount: 30_000, reason: 'order_edited', method: 'card' });
    expect(await outletStock(p.id)).toBe(9);
    const edits = (await get(`/api/admin/orders/${paid.id}/edits`, admin)).json().edits;
    expect(edits[0]).toMatchObject({ amountDifference: -30_000, refund: { id: editRefund!.id, amount: 30_000, method: 'card' } });

    // Dearer again: the difference is a balance to pay, not money received (order-balances.test.ts).
    const dearer = await staffEdit(paid.id, { items: [{ productId: p.id, quantity: 2 }] });
    expect(dearer.statusCode, dearer.body).toBe(200);
    expect(dearer.json()).toMatchObject({ totalAmount: 60_000 + paid.deliveryFee, balanceDue: 30_000 });

    // What is left to refund is what was paid less what went back: an unpaid balance is not refundable.
    const left = (await get(`/api/admin/orders/${paid.id}/refunds`, admin)).json();
    expect(left.refundable).toBe(30_000 + paid.deliveryFee);
    expect((await post(`/api/admin/orders/${paid.id}/cancel`, { reason: 'Customer asked' }, admin)).statusCode).toBe(200);
    const all = await t.database.db.select().from(refunds).where(eq(refunds.orderId, paid.id));
    expect(all.reduce((s, r) => s + r.amount, 0)).toBe(paid.totalAmount);
    const more = await post(`/api/admin/orders/${paid.id}/refunds`, { amount: 1_000, reason: 'goodwill' }, admin);
    expect(more.statusCode).toBe(422);
    expect(more.json().error.message).toBe('This order has nothing left to refund.');

    // A cash order 40,000 off what the rider collects: it cannot be edited down below that.
    const cash = await place([{ productId: p.id, quantity: 2 }]);
    const cut = await post(`/api/admin/orders/${cash.id}/refunds`, { amount: 40_000, reason: 'goodwill' }, admin);
    expect(cut.statusCode, cut.body).toBe(201);
    const below = await staffEdit(cash.id, { items: [{ productId: p.id, quantity: 1 }] });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.message).toBe('The new total would be less than what was already refunded on this order.');
    expect((await row(cash.id)).totalAmount).toBe(cash.totalAmount);
  });

  it('lets the customer edit only their own order, only while it is pending; staff until it is packed', async () => {
    const p = await makeProduct(t, { price: 10_000, stock: 20, outletId: ntinda });
    const order = await place([{ productId: p.id, quantity: 1 }]);
    const body = { items: [{ productId: p.id, quantity: 2 }] };

    expect((await post(`/api/orders/${order.id}/edit`, body, other)).statusCode).toBe(404);
    const own = await post(`/api/orders/${order.id}/edit`, body, customer);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().order.totalAmount).toBe(20_000 + order.deliveryFee);
    expect((await post(`/api/orders/${order.id}/edit`, body, customer)).json().error.message).toBe('Nothing was changed.');

    // With a rider (not yet packed): staff may, the customer may not.
    await t.database.db.update(orders).set({ status: 'assigned' }).where(eq(orders.id, order.id));
    const late = await post(`/api/orders/${order.id}/edit`, { items: [{ productId: p.id, quantity: 3 }] }, customer);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This order can no longer be changed. Please call us if something is wrong.');
    expect((await staffEdit(order.id, { items: [{ productId: p.id, quantity: 3 }] })).statusCode).toBe(200);

    // Packed: nobody.
    await t.database.db.update(orders).set({ readyAt: new Date() }).where(eq(orders.id, order.id));
    const packed = await staffEdit(order.id, { items: [{ productId: p.id, quantity: 1 }] });
    expect(packed.statusCode).toBe(409);
    expect(packed.json().error.message).toBe('This order is already packed or on its way: it can no longer be changed.');
    expect((await row(order.id)).totalAmount).toBe(30_000 + order.deliveryFee);
  });

  it('moves the order to another delivery slot, giving the old place back', async () => {
    const p = await makeProduct(t, { price: 4_000, stock: 20, outletId: ntinda });
    const slotsNow = async () => (await t.app.inject({ method: 'GET', url: '/api/delivery-slots' })).json();
    const open = (await slotsNow()).days.flatMap((d: { slots: { start: string; remaining: number }[] }) => d.slots);
    const [first, second] = [open[0]!, open[1]!];
    const order = await place([{ productId: p.id, quantity: 1 }], { deliverySlot: first.start });
    const remaining = async (start: string) =>
      (await slotsNow()).days
        .flatMap((d: { slots: { start: string; remaining: number }[] }) => d.slots)
        .find((x: { start: string }) => x.start === start)?.remaining;
    const [firstLeft, secondLeft] = [await remaining(first.start), await remaining(second.start)];

    const moved = await post(
      `/api/orders/${order.id}/edit`,
      { items: [{ productId: p.id, quantity: 1 }], deliverySlot: second.start },
      customer,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await row(order.id)).deliverySlotStart?.toISOString()).toBe(second.start);
    expect(await remaining(first.start)).toBe(firstLeft + 1);
    expect(await remaining(second.start)).toBe(secondLeft - 1);
    const [edit] = (await get(`/api/orders/${order.id}/edits`, customer)).json().edits;
    expect(edit).toMatchObject({
      amountDifference: 0,
      before: { deliverySlotStart: first.start },
      after: { deliverySlotStart: second.start },
    });
  });

  it('keeps every edit for the timeline, and the sales report adds up to the edited totals', async () => {
    const p = await makeProduct(t, { price: 7_000, stock: 20, outletId: ntinda });
    const q = await makeProduct(t, { price: 3_000, stock: 20, outletId: ntinda });
    const order = await place([{ productId: p.id, quantity: 2 }]);
    expect((await post(`/api/orders/${order.id}/edit`, { items: [{ productId: p.id, quantity: 3 }] }, customer)).statusCode).toBe(200);
    expect(
      (
        await staffEdit(order.id, {
          items: [
            { productId: p.id, quantity: 1 },
            { productId: q.id, quantity: 2 },
          ],
        })
      ).statusCode,
    ).toBe(200);

    const staffView = (await get(`/api/admin/orders/${order.id}/edits`, admin)).json();
    expect(staffView.edits).toHaveLength(2);
    expect(staffView.edits[0]).toMatchObject({
      editorRole: 'customer',
      editorName: 'Daniel Mugisha',
      amountDifference: 7_000,
      before: { subtotal: 14_000, lines: [expect.objectContaining({ productId: p.id, quantity: 2 })] },
      after: { subtotal: 21_000, lines: [expect.objectContaining({ productId: p.id, quantity: 3 })] },
    });
    expect(staffView.edits[1]).toMatchObject({ editorRole: 'admin', editorName: 'Amina Nansubuga', amountDifference: 13_000 - 21_000 });
    // The first total plus every edit's difference is the order's total now.
    const now = (await row(order.id)).totalAmount;
    expect(order.totalAmount + staffView.edits.reduce((s: number, e: { amountDifference: number }) => s + e.amountDifference, 0)).toBe(now);
    // The customer sees their order's edits; another customer sees nothing.
    expect((await get(`/api/orders/${order.id}/edits`, customer)).json().edits).toHaveLength(2);
    expect((await get(`/api/orders/${order.id}/edits`, other)).statusCode).toBe(404);
    expect(await t.database.db.select().from(orderEdits).where(eq(orderEdits.orderId, order.id))).toHaveLength(2);
    // Only the staff member's edit is in the activity trail, with the totals before and after.
    const trail = (await get(`/api/admin/activity?entityType=order&q=${order.id}`, admin)).json().entries;
    expect(trail).toEqual([
      expect.objectContaining({ action: 'update', before: expect.objectContaining({ total: 21_000 + order.deliveryFee }) }),
    ]);
    expect(trail[0].after.total).toBe(13_000 + order.deliveryFee);

    // Sales today are the sum of the orders' current totals (cancelled and refunded left out).
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' });
    const report = (await get(`/api/admin/reports/sales?from=${day}&to=${day}`, admin)).json();
    const live = (await t.database.db.select().from(orders)).filter(
      (o) =>
        o.status !== 'cancelled' &&
        o.paymentStatus !== 'refunded' &&
        o.createdAt.toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' }) === day,
    );
    expect(report.totals.revenue).toBe(live.reduce((s, o) => s + o.totalAmount, 0));
  });
});
