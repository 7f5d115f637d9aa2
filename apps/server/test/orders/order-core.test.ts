/**
 * The order core: one cancel for every cause gives back exactly what the order held (its delivery
 * slot place, its coupon use, its stock only while the goods are on the shelf), opens a refund for
 * money taken, and queues the customer's messages once. Goods cancelled after pickup go back in
 * stock when the outlet confirms their return. Admins take stuck orders off a rider or cancel them;
 * deactivating a rider sends their not-yet-picked-up orders back to the queue.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliveryRiders } from '../../src/db/schema/accounts.ts';
import { deliverySlotBookings, customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { adminNotifications } from '../../src/db/schema/notifications.ts';
import { coupons, orders } from '../../src/db/schema/orders.ts';
import { SYSTEM } from '../../src/modules/orders/lifecycle/actor.ts';
import { cancel } from '../../src/modules/orders/lifecycle/cancel.ts';
import { lockOrderRow } from '../../src/modules/orders/lifecycle/lifecycle.repository.ts';
import { expireUnpaidOrders } from '../../src/modules/payments/payment-expiry.ts';
import { orderFlow } from '../delivery-ops/flow.ts';
import { makeOutletEmployee, makeRider } from '../fixtures/people.ts';
import { outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder, stockOf } from './fixtures.ts';

/** A Kampala wall-clock time: after the same-day cut-off, so every order books tomorrow's first slot. */
const AFTER_CUTOFF = new Date('2026-11-25T15:00:00+03:00');
const COUPON = 'CORE10';
const QTY = 3;

describe.each(drivers)('order core (%s)', (driver) => {
  let t: TestContext;
  let flow: Awaited<ReturnType<typeof orderFlow>>;
  let customer: string;
  let outletStaff: string;
  let otherOutletStaff: string;
  let productId: string;

  const post = (url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  async function place(over: Record<string, unknown> = {}) {
    const res = await placeOrder(t, customer, checkoutBody([{ productId, quantity: QTY }], { couponCode: COUPON, ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as { id: string; deliverySlot: { start: string } };
  }
  const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const couponUses = async () => (await t.database.db.select().from(coupons).where(eq(coupons.code, COUPON)))[0]!.usedCount;
  const slotBooked = async (start: string) =>
    (
      await t.database.db
        .select()
        .from(deliverySlotBookings)
        .where(eq(deliverySlotBookings.slotStart, new Date(start)))
    )[0]?.booked ?? 0;
  const notes = async (orderId: string) =>
    (await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.orderId, orderId))).map((n) => n.message);

  /** Stock, coupon uses and slot places right now, for before/after comparisons. */
  async function held(order: { deliverySlot: { start: string } }) {
    return { stock: await stockOf(t, productId), coupon: await couponUses(), slot: await slotBooked(order.deliverySlot.start) };
  }

  beforeAll(async () => {
    t = await createTestApp(driver);
    flow = await orderFlow(t);
    customer = await loginAs(t.app, 'customer');
    const ntinda = await outletIdByName(t.database.db, 'Ntinda Outlet');
    productId = (await makeProduct(t, { name: 'Core Sausage', price: 10_000, stock: 500, outletId: ntinda })).id;
    await t.database.db.insert(coupons).values({ code: COUPON, percent: 10 });
    // Orders near Ntinda go to the Ntinda outlet; its staff confirm returns, another outlet's cannot.
    outletStaff = (await makeOutletEmployee(t.app, 'core-staff@shop.test', await outletIdByName(t.database.db, 'Ntinda Outlet'))).cookie;
    const kansanga = await outletIdByName(t.database.db, 'Kansanga Outlet');
    otherOutletStaff = (await makeOutletEmployee(t.app, 'core-other@shop.test', kansanga)).cookie;
  });
  beforeEach(() => {
    t.app.deps.now = () => AFTER_CUTOFF;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a customer cancel gives back stock, coupon use and slot place, and queues one message per channel', async () => {
    const order = await place();
    const before = await held(order);
    const res = await post(`/api/orders/${order.id}/cancel`, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe('cancelled');
    expect(await held(order)).toEqual({ stock: before.stock + QTY, coupon: before.coupon - 1, slot: before.slot - 1 });
    const messages = await t.database.db
      .select()
      .from(customerMessages)
      .where(and(eq(customerMessages.orderId, order.id), eq(customerMessages.event, 'cancelled')));
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(await notes(order.id)).toContain(`Order #${order.id.slice(0, 8).toUpperCase()} was cancelled by the customer`);
    // Twice is refused, and nothing is given back twice.
    expect((await post(`/api/orders/${order.id}/cancel`, customer)).statusCode).toBe(409);
    expect(await held(order)).toEqual({ stock: before.stock + QTY, coupon: before.coupon - 1, slot: before.slot - 1 });
  });

  it('a rider cancel before pickup gives everything back, the coupon use too', async () => {
    const order = await place();
    await flow.assign(order.id);
    const before = await held(order);
    const res = await post(`/api/rider/orders/${order.id}/cancel`, flow.rider, { reason: 'Customer unreachable' });
    expect(res.statusCode).toBe(200);
    expect(await held(order)).toEqual({ stock: before.stock + QTY, coupon: before.coupon - 1, slot: before.slot - 1 });
    expect((await row(order.id)).goodsReturnedAt).not.toBeNull();
  });

  it('a rider cancel after pickup keeps the stock out until the outlet confirms the goods are back', async () => {
    const order = await place();
    await flow.assign(order.id);
    await flow.pickup(order.id);
    const before = await held(order);
    expect((await post(`/api/rider/orders/${order.id}/cancel`, flow.rider, { reason: 'Bike broke down' })).statusCode).toBe(200);
    // Coupon use and slot place are free again; the goods are still on the rider's bike.
    expect(await held(order)).toEqual({ stock: before.stock, coupon: before.coupon - 1, slot: before.slot - 1 });
    const [r] = await t.database.db.select().from(deliveryRiders).where(eq(deliveryRiders.id, flow.riderId));
    expect(r!.status).toBe('online');

    const detail = await get(`/api/outlet/orders/${order.id}`, outletStaff);
    expect(detail.json()).toMatchObject({
      status: 'cancelled',
      canConfirmReturn: true,
      goodsReturnedAt: null,
      cancelReason: 'Bike broke down',
    });
    // Another outlet cannot confirm it (its order answers like an unknown one).
    expect((await post(`/api/outlet/orders/${order.id}/confirm-return`, otherOutletStaff)).statusCode).toBe(404);
    expect(await stockOf(t, productId)).toBe(before.stock);

    const confirmed = await post(`/api/outlet/orders/${order.id}/confirm-return`, outletStaff);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ canConfirmReturn: false });
    expect(confirmed.json().goodsReturnedAt).not.toBeNull();
    expect(await stockOf(t, productId)).toBe(before.stock + QTY);
    const again = await post(`/api/outlet/orders/${order.id}/confirm-return`, outletStaff);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t, productId)).toBe(before.stock + QTY);
  });

  it('an outlet cannot "return" goods of an order cancelled before pickup (they are already on the shelf)', async () => {
    const order = await place();
    await post(`/api/orders/${order.id}/cancel`, customer);
    const detail = await get(`/api/outlet/orders/${order.id}`, outletStaff);
    expect(detail.json().canConfirmReturn).toBe(false);
    const res = await post(`/api/outlet/orders/${order.id}/confirm-return`, outletStaff);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Only an order cancelled after pickup has goods to return.');
  });

  it('unpaid expiry gives back the coupon use and the slot place as well as the stock', async () => {
    const order = await place({ paymentMethod: 'mtn_money', mobileMoneyPhone: '0772100002' });
    const before = await held(order);
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.id, order.id));
    const result = await expireUnpaidOrders(t.app.deps);
    expect(result.cancelled).toContain(order.id);
    expect(await held(order)).toEqual({ stock: before.stock + QTY, coupon: before.coupon - 1, slot: before.slot - 1 });
    expect(await row(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed', cancelReason: 'Not paid within 30 minutes' });
  });

  it('a stock problem cancels through the same path and reports what it gave back', async () => {
    const order = await place();
    const before = await held(order);
    const result = await t.database.db.transaction(async (tx) => cancel(tx, (await lockOrderRow(tx, order.id))!, 'stock_problem', SYSTEM));
    expect(result).toMatchObject({
      gaveBack: { slotPlace: true, couponUse: true, stock: true },
      awaitsGoodsReturn: false,
      refundOpened: false,
    });
    expect(result.order.cancelReason).toBe('Some items are out of stock');
    expect(await held(order)).toEqual({ stock: before.stock + QTY, coupon: before.coupon - 1, slot: before.slot - 1 });
  });

  it('an admin cancels any open order with a reason; a paid one opens its refund', async () => {
    const order = await place({ paymentMethod: 'card' });
    // Taken as paid with no payment on record (the provider's own refunds are in the payments
    // tests): nothing to refund through the provider, so it is paid back in cash at an outlet.
    await t.database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order.id));
    await flow.assign(order.id);
    expect((await post(`/api/admin/orders/${order.id}/cancel`, flow.admin, {})).statusCode).toBe(400);
    expect((await post(`/api/admin/orders/${order.id}/cancel`, flow.admin, { reason: 'bad\u0000reason' })).statusCode).toBe(400);
    expect((await post(`/api/admin/orders/${order.id}/cancel`, customer, { reason: 'No thanks' })).statusCode).toBe(403);
    const before = await held(order);
    const res = await post(`/api/admin/orders/${order.id}/cancel`, flow.admin, { reason: 'Customer asked by phone' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', cancelReason: 'Customer asked by phone' });
    expect(await held(order)).toEqual({ stock: before.stock + QTY, coupon: before.coupon - 1, slot: before.slot - 1 });
    const refunds = (await get(`/api/admin/orders/${order.id}/refunds`, flow.admin)).json();
    expect(refunds.refunds).toMatchObject([{ state: 'requested', method: 'cash', reason: 'order_cancelled', requestedBy: null }]);
    expect(refunds.refundable).toBe(0);
    const number = order.id.slice(0, 8).toUpperCase();
    expect((await notes(order.id)).some((m) => m.startsWith(`Order #${number} needs UGX`) && m.includes('in cash at an outlet'))).toBe(
      true,
    );
  });

  it('a customer cannot cancel a paid order, and nobody cancels a delivered one', async () => {
    const paid = await place();
    await t.database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, paid.id));
    const res = await post(`/api/orders/${paid.id}/cancel`, customer);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This order has been paid. Please contact support to cancel it.');

    const delivered = await place();
    await flow.assign(delivered.id);
    await flow.pickup(delivered.id);
    await flow.deliver(delivered.id);
    const admin = await post(`/api/admin/orders/${delivered.id}/cancel`, flow.admin, { reason: 'Too late' });
    expect(admin.statusCode).toBe(409);
    expect(admin.json().error.message).toBe('A delivered order cannot be cancelled.');
  });

  it('an admin takes an assigned order off its rider, back to the queue; not once it is picked up', async () => {
    const order = await place();
    await flow.assign(order.id);
    expect((await post(`/api/admin/orders/${order.id}/unassign`, flow.admin, { reason: '' })).statusCode).toBe(400);
    const res = await post(`/api/admin/orders/${order.id}/unassign`, flow.admin, { reason: 'Rider phone off' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', rider: null, assignedAt: null });
    // The rider no longer sees it.
    expect((await get(`/api/rider/orders/${order.id}`, flow.rider)).statusCode).toBe(404);

    await flow.assign(order.id);
    await flow.pickup(order.id);
    const carried = await post(`/api/admin/orders/${order.id}/unassign`, flow.admin, { reason: 'Rider phone off' });
    expect(carried.statusCode).toBe(409);
    expect((await row(order.id)).status).toBe('picked_up');
  });

  it('deactivating a rider returns their assigned orders to the queue; what they carry an admin can cancel', async () => {
    const other = await makeRider(t.app, `core-rider-${driver}@shop.test`);
    await t.database.db.update(deliveryRiders).set({ status: 'online' }).where(eq(deliveryRiders.id, other.id));
    const [waiting, carried] = [await place(), await place()];
    for (const o of [waiting, carried]) {
      const res = await post(`/api/admin/orders/${o.id}/assign`, flow.admin, { riderId: other.id });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await post(`/api/rider/orders/${carried.id}/pickup`, other.cookie)).statusCode).toBe(200);

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/riders/${other.id}/active`,
      headers: { origin: ORIGIN, cookie: flow.admin },
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await row(waiting.id)).toMatchObject({ status: 'pending', riderId: null, assignedAt: null });
    expect(await row(carried.id)).toMatchObject({ status: 'picked_up', riderId: other.id });

    const before = await held(carried);
    const res = await post(`/api/admin/orders/${carried.id}/cancel`, flow.admin, { reason: 'Rider left with the goods' });
    expect(res.statusCode).toBe(200);
    expect(await held(carried)).toEqual({ stock: before.stock, coupon: before.coupon - 1, slot: before.slot - 1 });
    expect((await post(`/api/outlet/orders/${carried.id}/confirm-return`, outletStaff)).statusCode).toBe(200);
    expect(await stockOf(t, productId)).toBe(before.stock + QTY);
  });

  it('deleting a rider with only assigned orders sends them back to the queue and deletes the rider', async () => {
    const other = await makeRider(t.app, `core-gone-${driver}@shop.test`);
    await t.database.db.update(deliveryRiders).set({ status: 'online' }).where(eq(deliveryRiders.id, other.id));
    const order = await place();
    expect((await post(`/api/admin/orders/${order.id}/assign`, flow.admin, { riderId: other.id })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/riders/${other.id}`,
      headers: { origin: ORIGIN, cookie: flow.admin },
    });
    expect(res.json()).toEqual({ outcome: 'deleted' });
    expect(await row(order.id)).toMatchObject({ status: 'pending', riderId: null });
  });
});
