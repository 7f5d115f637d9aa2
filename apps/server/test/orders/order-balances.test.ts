/**
 * A paid order made dearer (POST /api/admin/orders/:id/edit): the difference is a balance due, the
 * customer gets an SMS with a pay link for just that amount, the simulator pays it and the server
 * checks it against the balance; unpaid at pickup the rider collects it in cash; an edit down first
 * cancels what is unpaid before refunding; racing edits and payments keep the money adding up.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { orderBalances, orders, payments } from '../../src/db/schema/orders.ts';
import { paymentSimulatorTransactions } from '../../src/db/schema/payment-simulator.ts';
import { refunds } from '../../src/db/schema/refunds.ts';
import { reconcilePayments } from '../../src/modules/payments/reconciliation.ts';
import { orderFlow } from '../delivery-ops/flow.ts';
import { startSimulatorPayment } from '../fixtures/simulator.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from './fixtures.ts';

describe.each(drivers)('balances of paid orders made dearer on %s', (driver) => {
  let t: TestContext;
  let admin: string;
  let customer: string;
  let flow: Awaited<ReturnType<typeof orderFlow>>;

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await loginAs(t.app, 'admin');
    customer = await loginAs(t.app, 'customer');
    flow = await orderFlow(t);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const balances = (id: string) => t.database.db.select().from(orderBalances).where(eq(orderBalances.orderId, id));
  const staffEdit = (id: string, productId: string, quantity: number) =>
    post(`/api/admin/orders/${id}/edit`, { items: [{ productId, quantity }] }, admin);

  /** A card order of `quantity` × 10,000, paid through the simulator. */
  const paidOrder = async (quantity = 2) => {
    const p = await makeProduct(t, { price: 10_000, stock: 100 });
    const res = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity }], { paymentMethod: 'card' }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as { id: string; totalAmount: number; deliveryFee: number };
    const { approve } = await startSimulatorPayment(t.app, customer, order.id, 'card');
    await approve();
    expect((await row(order.id)).paymentStatus).toBe('paid');
    return { order, productId: p.id };
  };

  /** The newest balance pay link of the order, from the SMS in the outbox. */
  const smsLink = async (orderId: string) => {
    const sms = (await t.database.db.select().from(customerMessages).where(eq(customerMessages.orderId, orderId)))
      .filter((m) => m.event.startsWith('pay_balance_'))
      .sort((a, b) => a.event.localeCompare(b.event));
    const body = sms.at(-1)?.body ?? '';
    return { sms, body, token: body.match(/\/pay\/([A-Za-z0-9_-]{32})/)?.[1] ?? '' };
  };

  /** Approves a balance attempt on the simulator's page, then the pay page checks it. */
  const payThroughLink = async (token: string, tamper?: number) => {
    const start = await post(`/api/pay-links/${token}/pay`, { amount: 1 });
    expect(start.statusCode, start.body).toBe(200);
    const { paymentUrl, orderTrackingId } = start.json();
    if (tamper !== undefined) {
      await t.database.db
        .update(paymentSimulatorTransactions)
        .set({ amount: tamper })
        .where(eq(paymentSimulatorTransactions.trackingId, orderTrackingId));
    }
    const approved = await t.app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ decision: 'approve' }).toString(),
    });
    expect(approved.statusCode).toBe(303);
    return post(`/api/pay-links/${token}/verify`, { orderTrackingId });
  };

  /** What our records say came in (a payment refunded at the provider reads reversed), less what went or goes back. */
  const money = async (orderId: string) => {
    const paid = (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))
      .filter((p) => p.status === 'completed' || p.status === 'reversed')
      .reduce((s, p) => s + p.amount, 0);
    const collected = (await balances(orderId))
      .filter((b) => b.state === 'collected')
      .reduce((s, b) => s + b.amount - b.cancelledAmount, 0);
    const back = (await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)))
      .filter((r) => r.state !== 'failed')
      .reduce((s, r) => s + r.amount, 0);
    return { paid, collected, back, net: paid + collected - back };
  };

  it('records the difference as a balance, texts a link for just that amount, and the simulator pays it', async () => {
    const { order, productId } = await paidOrder(2);
    const res = await staffEdit(order.id, productId, 3);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalAmount: order.totalAmount + 10_000, balanceDue: 10_000, paymentStatus: 'paid' });
    expect(await balances(order.id)).toMatchObject([{ amount: 10_000, cancelledAmount: 0, state: 'due' }]);

    // The SMS with a link asking the balance, to the order's phone.
    const { sms, body, token } = await smsLink(order.id);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms' });
    expect(body).toContain('Balance to pay: UGX 10,000');
    expect(token).toHaveLength(32);

    // The changes list and the customer's order page show it.
    const edits = (await get(`/api/admin/orders/${order.id}/edits`, admin)).json().edits;
    expect(edits.at(-1)).toMatchObject({ amountDifference: 10_000, balance: { amount: 10_000, state: 'due' }, refund: null });
    const mine = (await get(`/api/orders/${order.id}`, customer)).json().order;
    expect(mine).toMatchObject({ balanceDue: 10_000, balancePayPath: `/pay/${token}` });

    // The pay page asks the balance only; whatever the caller sends, the attempt is for the balance.
    const page = (await get(`/api/pay-links/${token}`)).json();
    expect(page).toMatchObject({ balanceToPay: 10_000, payable: true, paymentStatus: 'paid', totalAmount: order.totalAmount + 10_000 });
    const verified = await payThroughLink(token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ payment_status: 'COMPLETED', amount: 10_000 });

    const [b] = await balances(order.id);
    expect(b).toMatchObject({ state: 'paid', amount: 10_000 });
    const attempt = (await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).find((p) => p.balanceId === b!.id);
    expect(attempt).toMatchObject({ amount: 10_000, status: 'completed', id: b!.paymentId });
    expect(await row(order.id)).toMatchObject({ balanceDue: 0, paymentStatus: 'paid' });
    expect((await get(`/api/pay-links/${token}`)).json()).toMatchObject({
      balanceToPay: 0,
      payable: false,
      reason: 'This balance has been paid. Thank you!',
    });
    expect((await post(`/api/pay-links/${token}/pay`, {})).statusCode).toBe(409);
    expect((await get(`/api/orders/${order.id}`, customer)).json().order).toMatchObject({ balanceDue: 0, balancePayPath: null });

    // Money received = original payment + balance payment - refunds = the order's total.
    expect(await money(order.id)).toMatchObject({ paid: order.totalAmount + 10_000, back: 0, net: (await row(order.id)).totalAmount });
    // Checking the first payment again (the result screen, the daily check) finds nothing wrong: it was
    // for the total before the edit, and is not held to the edited total.
    const first = (await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).find((p) => !p.balanceId)!;
    const again = await post('/api/payments/verify', { orderTrackingId: first.orderTrackingId }, customer);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ payment_status: 'COMPLETED' });
    await reconcilePayments(t.app.deps);
    const checked = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(checked.map((p) => p.status)).toEqual(['completed', 'completed']);
    const left = (await get(`/api/admin/orders/${order.id}/refunds`, admin)).json();
    expect(left.refundable).toBe(order.totalAmount + 10_000);
  });

  it('refuses a payment whose amount does not match the balance, and the balance stays due', async () => {
    const { order, productId } = await paidOrder(1);
    expect((await staffEdit(order.id, productId, 3)).statusCode).toBe(200);
    const { token } = await smsLink(order.id);
    const tampered = await payThroughLink(token, 1_000);
    expect(tampered.json()).toMatchObject({
      payment_status: 'FAILED',
      payment_status_description: 'The amount paid did not match your order. Please contact support.',
    });
    expect(await balances(order.id)).toMatchObject([{ state: 'due', amount: 20_000 }]);
    expect(await row(order.id)).toMatchObject({ balanceDue: 20_000, paymentStatus: 'paid' });
    const attempt = (await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).find((p) => p.balanceId);
    expect(attempt).toMatchObject({ status: 'invalid', amount: 20_000 });
    // Nothing more than the order's own payment counts as received; the balance can still be paid.
    expect((await money(order.id)).paid).toBe(order.totalAmount);
    expect((await post(`/api/pay-links/${token}/verify`, { orderTrackingId: attempt!.orderTrackingId })).json().payment_status).toBe(
      'FAILED',
    );
    expect((await payThroughLink(token)).json().payment_status).toBe('COMPLETED');
    expect(await row(order.id)).toMatchObject({ balanceDue: 0 });
  });

  it('has the rider collect an unpaid balance in cash, and adds it to the cash they hold', async () => {
    const before = (await get('/api/rider/cash', flow.rider)).json().balance as number;
    const { order, productId } = await paidOrder(1);
    expect((await staffEdit(order.id, productId, 2)).statusCode).toBe(200);
    const { token } = await smsLink(order.id);
    await flow.assign(order.id);
    await flow.pickup(order.id);
    const riderView = (await get(`/api/rider/orders/${order.id}`, flow.rider)).json();
    expect(riderView.order ?? riderView).toMatchObject({ cashToCollect: 10_000 });
    // Out for delivery: the link now sends the customer to the rider.
    expect((await get(`/api/pay-links/${token}`)).json()).toMatchObject({
      payable: false,
      reason: 'Your order is on its way: please pay the balance to the rider in cash.',
    });
    expect((await post(`/api/pay-links/${token}/pay`, {})).statusCode).toBe(409);

    await flow.deliver(order.id);
    expect(await balances(order.id)).toMatchObject([{ state: 'collected', amount: 10_000 }]);
    expect(await row(order.id)).toMatchObject({ balanceDue: 0, status: 'delivered' });
    const cash = (await get('/api/rider/cash', flow.rider)).json();
    expect(cash.balance).toBe(before + 10_000);
    expect(await money(order.id)).toMatchObject({ paid: order.totalAmount, collected: 10_000, net: order.totalAmount + 10_000 });
  });

  it('cancels an unpaid balance before refunding anything when the order is made cheaper again', async () => {
    const { order, productId } = await paidOrder(2);
    expect((await staffEdit(order.id, productId, 5)).statusCode).toBe(200);
    expect(await row(order.id)).toMatchObject({ balanceDue: 30_000 });

    // 10,000 less: the balance due goes down, nothing is refunded.
    const less = await staffEdit(order.id, productId, 4);
    expect(less.statusCode, less.body).toBe(200);
    expect(less.json()).toMatchObject({ balanceDue: 20_000, totalAmount: order.totalAmount + 20_000 });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect(await balances(order.id)).toMatchObject([{ amount: 30_000, cancelledAmount: 10_000, state: 'due' }]);
    // The pay page now asks what is left of it.
    const { token } = await smsLink(order.id);
    expect((await get(`/api/pay-links/${token}`)).json()).toMatchObject({ balanceToPay: 20_000, payable: true });

    // 30,000 less: the 20,000 still due is cancelled, and only 10,000 of what was paid goes back.
    const lower = await staffEdit(order.id, productId, 1);
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json()).toMatchObject({ balanceDue: 0, totalAmount: order.totalAmount - 10_000 });
    expect(await balances(order.id)).toMatchObject([{ amount: 30_000, cancelledAmount: 30_000, state: 'cancelled' }]);
    const back = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(back).toMatchObject([{ amount: 10_000, reason: 'order_edited' }]);
    const edits = (await get(`/api/admin/orders/${order.id}/edits`, admin)).json().edits;
    expect(edits.map((e: { balanceCancelled: number }) => e.balanceCancelled)).toEqual([0, 10_000, 20_000]);
    expect((await get(`/api/pay-links/${token}`)).json()).toMatchObject({ balanceToPay: 0, payable: false });

    // Never more back than was paid: the rest of what was paid is all a cancel refunds.
    expect((await get(`/api/admin/orders/${order.id}/refunds`, admin)).json().refundable).toBe(order.totalAmount - 10_000);
    expect((await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'Customer asked' }, admin)).statusCode).toBe(200);
    expect(await money(order.id)).toMatchObject({ paid: order.totalAmount, back: order.totalAmount, net: 0 });
  });

  it('refunds only what was paid when an order with an unpaid balance is cancelled', async () => {
    const { order, productId } = await paidOrder(1);
    expect((await staffEdit(order.id, productId, 3)).statusCode).toBe(200);
    const { token } = await smsLink(order.id);
    expect((await get(`/api/admin/orders/${order.id}/refunds`, admin)).json().refundable).toBe(order.totalAmount);
    expect((await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'Customer asked' }, admin)).statusCode).toBe(200);
    expect(await money(order.id)).toMatchObject({ paid: order.totalAmount, back: order.totalAmount, net: 0 });
    expect((await get(`/api/pay-links/${token}`)).json()).toMatchObject({
      payable: false,
      reason: 'This order has been cancelled: there is nothing to pay.',
    });
    expect((await get(`/api/orders/${order.id}`, customer)).json().order).toMatchObject({ balancePayPath: null });
  });

  it('carries an unpaid balance into the next dearer edit: one link asks everything', async () => {
    const { order, productId } = await paidOrder(1);
    expect((await staffEdit(order.id, productId, 2)).statusCode).toBe(200);
    const first = await smsLink(order.id);
    expect((await staffEdit(order.id, productId, 4)).statusCode).toBe(200);
    const second = await smsLink(order.id);
    expect(second.sms).toHaveLength(2);
    expect(second.body).toContain('Balance to pay: UGX 30,000');
    expect(await balances(order.id)).toMatchObject([
      { amount: 10_000, cancelledAmount: 10_000, state: 'cancelled' },
      { amount: 30_000, cancelledAmount: 0, state: 'due' },
    ]);
    expect((await get(`/api/pay-links/${first.token}`)).json()).toMatchObject({ payable: false, balanceToPay: 0 });
    expect((await payThroughLink(second.token)).json().payment_status).toBe('COMPLETED');
    expect(await money(order.id)).toMatchObject({ net: order.totalAmount + 30_000 });
  });

  it('keeps the figures consistent when edits and a balance payment race', async () => {
    const { order, productId } = await paidOrder(2);
    expect((await staffEdit(order.id, productId, 4)).statusCode).toBe(200);
    const { token } = await smsLink(order.id);
    const start = await post(`/api/pay-links/${token}/pay`, {});
    const { paymentUrl, orderTrackingId } = start.json();
    await t.app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ decision: 'approve' }).toString(),
    });
    // The balance payment is checked while two edits (one down, one up) land on the same order.
    const results = await Promise.all([
      post(`/api/pay-links/${token}/verify`, { orderTrackingId }),
      staffEdit(order.id, productId, 3),
      staffEdit(order.id, productId, 6),
    ]);
    for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);

    const o = await row(order.id);
    const bs = await balances(order.id);
    // The order's balance due is what its balances still ask, and at most one is due.
    expect(o.balanceDue).toBe(bs.filter((b) => b.state === 'due').reduce((s, b) => s + b.amount - b.cancelledAmount, 0));
    expect(bs.filter((b) => b.state === 'due').length).toBeLessThanOrEqual(1);
    // What came in less what goes back is the total less what is still due: the books add up.
    expect((await money(order.id)).net).toBe(o.totalAmount - o.balanceDue);
    expect(o.balanceDue).toBeGreaterThanOrEqual(0);
  });
});
