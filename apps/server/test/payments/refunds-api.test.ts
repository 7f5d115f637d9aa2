/**
 * /api/admin refunds with the built-in simulator (the default provider): in full and in part,
 * never more than was paid (also when admins refund at once), cash on delivery before and after
 * delivery, and what the customer and the rider see.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outletEmployees, users } from '../../src/db/schema/accounts.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { refunds } from '../../src/db/schema/refunds.ts';
import { lockOrder } from '../../src/modules/payments/payments.repository.ts';
import { openFullRefund, sendRefund } from '../../src/modules/payments/refunds.service.ts';
import { createOrder, orderById } from '../fixtures/orders.ts';
import { demoIds, idOfEmail, outletIds } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, cookieFrom, createTestApp, drivers, loginAs } from '../helpers.ts';
import { startSimulatorPayment } from '../fixtures/simulator.ts';

const CUSTOMER = 'customer@shop.test';
const ugx = (n: number) => `UGX ${n.toLocaleString('en-US')}`;

describe.each(drivers)('refunds API (simulator) on %s', (driver) => {
  let t: TestContext;
  let customer: string;
  let admin: string;
  let admin2: string;
  let rider: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    customer = await loginAs(t.app, 'customer');
    admin = await loginAs(t.app, 'admin');
    rider = await loginAs(t.app, 'rider');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: ORIGIN },
      payload: { fullName: 'Joseph Okello', phone: '0701234568', email: 'joseph@example.ug', password: 'secret12' },
    });
    admin2 = cookieFrom(res.headers['set-cookie']);
    await t.database.db.update(users).set({ isAdmin: true, staffRoleId: 'owner' }).where(eq(users.email, 'joseph@example.ug'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown, cookie = admin) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: ORIGIN, cookie } });
  const refund = (orderId: string, body: Record<string, unknown>, cookie = admin) =>
    post(`/api/admin/orders/${orderId}/refunds`, body, cookie);
  const listRefunds = async (orderId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/refunds`, headers: { cookie: admin } })).json();
  const customerOrder = async (orderId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie: customer } })).json().order;

  /** Paid on the simulator's hosted page, as a customer would. */
  async function paidOrder(method: 'mtn_money' | 'card') {
    const order = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: method });
    const { paymentUrl, approve } = await startSimulatorPayment(t.app, customer, order.id, method);
    await approve();
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('paid');
    return { order, paymentUrl };
  }

  it('refunds a mobile-money order in full end to end: the simulator approves, the customer sees Refunded', async () => {
    const { order, paymentUrl } = await paidOrder('mtn_money');
    const res = await refund(order.id, { amount: order.totalAmount, reason: 'order_cancelled', note: 'Customer moved away' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      amount: order.totalAmount,
      state: 'completed',
      method: 'mobile_money',
      reason: 'order_cancelled',
      requestedByName: 'Amina Nansubuga',
    });
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('refunded');

    const view = await customerOrder(order.id);
    expect(view.paymentStatus).toBe('refunded');
    expect(view.refunds).toEqual([
      {
        id: res.json().id,
        amount: order.totalAmount,
        state: 'completed',
        method: 'mobile_money',
        createdAt: expect.any(String),
        completedAt: expect.any(String),
      },
    ]);
    // The simulator's own page shows the refund, as Pesapal's records would.
    const page = await t.app.inject({ method: 'GET', url: new URL(paymentUrl).pathname });
    expect(page.body).toContain('Payment refunded');
    expect(page.body).toContain(`${ugx(order.totalAmount)} was returned to the payer`);

    const again = await refund(order.id, { amount: 1_000, reason: 'goodwill' });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('This order has nothing left to refund.');
    expect(await listRefunds(order.id)).toMatchObject({ refunded: order.totalAmount, refundable: 0 });
  });

  it('refunds a card order in part, then the rest in cash at an outlet; never more than was paid', async () => {
    const { order } = await paidOrder('card');
    const first = await refund(order.id, { amount: 5_000, reason: 'missing_item' });
    expect(first.json()).toMatchObject({ state: 'completed', method: 'card', amount: 5_000 });
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('partially_refunded');

    // Pesapal takes one refund per payment; the simulator keeps the same rule.
    const second = await refund(order.id, { amount: 1_000, reason: 'damaged_item' });
    expect(second.statusCode).toBe(422);
    expect(second.json().error.message).toMatch(/one refund per payment/);

    const left = order.totalAmount - 5_000;
    const over = await refund(order.id, { amount: left + 1, reason: 'goodwill', cashAtOutlet: true });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toBe(`At most ${ugx(left)} can still be refunded on this order.`);

    const cash = await refund(order.id, { amount: 3_000, reason: 'damaged_item', cashAtOutlet: true });
    expect(cash.json()).toMatchObject({ state: 'requested', method: 'cash', outletId: null });
    const [outletId] = await outletIds(t.database.db);
    const paid = await post(`/api/admin/refunds/${cash.json().id}/cash-paid`, { outletId });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ state: 'completed', outletId });
    expect((await post(`/api/admin/refunds/${cash.json().id}/cash-paid`, { outletId })).statusCode).toBe(409);

    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('partially_refunded');
    expect(await listRefunds(order.id)).toMatchObject({ refunded: 8_000, refundable: order.totalAmount - 8_000 });
    expect((await customerOrder(order.id)).refunds.map((r: { amount: number }) => r.amount)).toEqual([5_000, 3_000]);
  });

  it('refuses what cannot be refunded: mobile money in part, an unpaid order, bad input, a non-admin', async () => {
    const { order } = await paidOrder('mtn_money');
    const part = await refund(order.id, { amount: 2_000, reason: 'missing_item' });
    expect(part.statusCode).toBe(422);
    expect(part.json().error.message).toBe(
      `Mobile money can only be refunded in full (${ugx(order.totalAmount)}) through the provider. Pay a part back in cash at an outlet.`,
    );

    const unpaid = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'card' });
    const r = await refund(unpaid.id, { amount: 1_000, reason: 'goodwill' });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.message).toBe('This order has not been paid: there is nothing to refund.');

    const zero = await refund(order.id, { amount: 0, reason: 'goodwill' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields).toMatchObject({ amount: 'The amount must be more than 0' });
    const other = await refund(order.id, { amount: 1_000, reason: 'other' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields).toMatchObject({ note: 'Say why in the note' });
    expect((await refund(order.id, { amount: 1_000, reason: 'goodwill' }, customer)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/refunds`, headers: { cookie: rider } })).statusCode,
    ).toBe(403);
    expect((await refund('00000000-0000-4000-8000-000000000000', { amount: 1_000, reason: 'goodwill' })).statusCode).toBe(404);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('cash on delivery: before delivery the rider collects less; after it, an outlet pays cash back', async () => {
    const { riderId } = await demoIds(t.database.db);
    const [outletId] = await outletIds(t.database.db);
    const order = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'cash_on_delivery' });
    await t.database.db
      .update(orders)
      .set({ status: 'assigned', riderId, outletId, assignedAt: new Date() })
      .where(eq(orders.id, order.id));

    const before = await refund(order.id, { amount: 4_000, reason: 'missing_item' });
    expect(before.statusCode).toBe(201);
    expect(before.json()).toMatchObject({ state: 'completed', method: 'cash', reducesCollection: true });
    const riderView = await t.app.inject({ method: 'GET', url: `/api/rider/orders/${order.id}`, headers: { cookie: rider } });
    expect(riderView.json().order).toMatchObject({ totalAmount: order.totalAmount, cashToCollect: order.totalAmount - 4_000 });
    // Not paid yet: the payment status does not move.
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('pending');

    const cashBefore = (await t.app.inject({ method: 'GET', url: '/api/admin/cash', headers: { cookie: admin } })).json();
    const collectedBefore = cashBefore.riders.find((r: { riderId: string }) => r.riderId === riderId).collectedToday;
    await t.database.db.update(orders).set({ status: 'delivered', deliveredAt: new Date() }).where(eq(orders.id, order.id));
    const cash = (await t.app.inject({ method: 'GET', url: '/api/admin/cash', headers: { cookie: admin } })).json();
    const collected = cash.riders.find((r: { riderId: string }) => r.riderId === riderId).collectedToday;
    expect(collected - collectedBefore).toBe(order.totalAmount - 4_000);

    const after = await refund(order.id, { amount: 2_500, reason: 'damaged_item' });
    expect(after.json()).toMatchObject({ state: 'requested', method: 'cash', reducesCollection: false });
    const over = await refund(order.id, { amount: order.totalAmount - 6_500 + 1, reason: 'goodwill' });
    expect(over.statusCode).toBe(422);
    const paid = await post(`/api/admin/refunds/${after.json().id}/cash-paid`, { outletId });
    expect(paid.json()).toMatchObject({ state: 'completed', outletId });
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('partially_refunded');
    // What the rider handed over is not touched by a refund the outlet paid.
    const cashAfter = (await t.app.inject({ method: 'GET', url: '/api/admin/cash', headers: { cookie: admin } })).json();
    expect(cashAfter.riders.find((r: { riderId: string }) => r.riderId === riderId).collectedToday).toBe(collected);

    const cancelled = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'cash_on_delivery', status: 'cancelled' });
    const none = await refund(cancelled.id, { amount: 1_000, reason: 'goodwill' });
    expect(none.statusCode).toBe(422);
  });

  it("an outlet employee records a cash refund paid at the counter for their outlet's order", async () => {
    const { order } = await paidOrder('card');
    const outletUser = await idOfEmail(t.database.db, 'outlet@shop.test');
    const [staff] = await t.database.db.select().from(outletEmployees).where(eq(outletEmployees.userId, outletUser));
    await t.database.db.update(orders).set({ outletId: staff!.outletId }).where(eq(orders.id, order.id));
    const outletCookie = await loginAs(t.app, 'outlet');

    const cash = (await refund(order.id, { amount: order.totalAmount, reason: 'order_cancelled', cashAtOutlet: true })).json();
    const res = await post(`/api/outlet/refunds/${cash.id}/cash-paid`, {}, outletCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: cash.id, state: 'completed', method: 'cash', amount: order.totalAmount });
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, cash.id));
    expect(row!.outletId).toBe(staff!.outletId);
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('refunded');
    expect((await post(`/api/outlet/refunds/${cash.id}/cash-paid`, {}, outletCookie)).statusCode).toBe(409);
  });

  it('cancelling a paid order opens the whole refundable amount: through the provider when it can, else cash', async () => {
    const deps = t.app.deps;
    const system = { userId: null, name: 'Kampala Prime Meats' };
    const openFull = (orderId: string) =>
      deps.db.transaction(async (tx) => openFullRefund(tx, (await lockOrder(tx, orderId))!, system, deps.payments!));

    const { order } = await paidOrder('mtn_money');
    const opened = (await openFull(order.id))!;
    expect(opened).toMatchObject({
      amount: order.totalAmount,
      state: 'requested',
      method: 'mobile_money',
      reason: 'order_cancelled',
      requestedBy: null,
    });
    expect((await sendRefund(deps, opened.id)).state).toBe('completed');
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('refunded');
    expect(await openFull(order.id)).toBeNull();

    // The card payment already has its one provider refund: the rest is cash at an outlet.
    const card = (await paidOrder('card')).order;
    expect((await refund(card.id, { amount: 2_000, reason: 'missing_item' })).json().state).toBe('completed');
    expect(await openFull(card.id)).toMatchObject({ amount: card.totalAmount - 2_000, method: 'cash', state: 'requested' });

    const unpaid = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'card' });
    expect(await openFull(unpaid.id)).toBeNull();
    const cod = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'cash_on_delivery' });
    expect(await openFull(cod.id)).toBeNull();
  });

  it('two admins refunding at once never give back more than was paid', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'cash_on_delivery' });
    const part = Math.ceil(order.totalAmount / 4);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => refund(order.id, { amount: part, reason: 'goodwill' }, i % 2 ? admin2 : admin)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(Math.floor(order.totalAmount / part));
    expect(codes.filter((c) => c !== 201).every((c) => c === 422)).toBe(true);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBeLessThanOrEqual(order.totalAmount);
  });
});
