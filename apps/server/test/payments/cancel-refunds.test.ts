/**
 * Cancelling an order whose money was taken gives it back by itself: the order core opens a full
 * refund in the cancel's transaction and the provider refund is sent after the commit (simulator:
 * requested → sent → completed, payment status refunded). Each cause that can hold money: admin,
 * rider, and a customer's payment that lands after they cancelled. A cash order before delivery
 * has taken nothing: a refund there only lowers what the rider collects. The customer is told.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { refunds } from '../../src/db/schema/refunds.ts';
import { PaymentProviderError } from '../../src/modules/payments/payment-provider.ts';
import { createOrder, orderById } from '../fixtures/orders.ts';
import { demoIds } from '../fixtures/rider-orders.ts';
import { startSimulatorPayment } from '../fixtures/simulator.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';

const CUSTOMER = 'customer@shop.test';
const ugx = (n: number) => `UGX ${n.toLocaleString('en-US')}`;

describe.each(drivers)('refund on cancel (simulator) on %s', (driver) => {
  let t: TestContext;
  let customer: string;
  let admin: string;
  let rider: string;
  let riderId: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    customer = await loginAs(t.app, 'customer');
    admin = await loginAs(t.app, 'admin');
    rider = await loginAs(t.app, 'rider');
    riderId = (await demoIds(t.database.db)).riderId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object | undefined, cookie: string) =>
    t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });
  const refundRows = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const customerOrder = async (orderId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie: customer } })).json().order;
  const refundSms = async (refundId: string) =>
    Object.fromEntries(
      (
        await t.database.db
          .select()
          .from(customerMessages)
          .where(and(eq(customerMessages.refundId, refundId), eq(customerMessages.channel, 'sms')))
      ).map((m) => [m.event, m.body]),
    );

  /** Initiated by the customer; `approve` pays it on the simulator's hosted page. */
  async function initiated(method: 'mtn_money' | 'card') {
    const order = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: method });
    const { approve } = await startSimulatorPayment(t.app, customer, order.id, method);
    return { order, approve };
  }
  async function paidOrder(method: 'mtn_money' | 'card') {
    const { order, approve } = await initiated(method);
    await approve();
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('paid');
    return order;
  }
  const assignToRider = (orderId: string) =>
    t.database.db.update(orders).set({ status: 'assigned', riderId, assignedAt: new Date() }).where(eq(orders.id, orderId));

  /** The refund went through the provider: asked (requested), accepted (sent), then REVERSED (completed). */
  function expectProviderRefundDone(row: typeof refunds.$inferSelect, amount: number, method: string) {
    expect(row).toMatchObject({ amount, method, state: 'completed', reason: 'order_cancelled', requestedBy: null, provider: 'simulator' });
    expect(row.providerReference).toBeTruthy();
    const steps = (row.providerResponses as { source: string }[]).map((a) => a.source);
    expect(steps).toEqual(['request', 'refund']);
  }

  it('an admin cancels a paid mobile-money order: refunded in full, and the customer is told twice', async () => {
    const order = await paidOrder('mtn_money');
    const res = await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'Out of goat meat today' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });

    const [row] = await refundRows(order.id);
    expectProviderRefundDone(row!, order.totalAmount, 'mobile_money');
    const view = await customerOrder(order.id);
    expect(view.paymentStatus).toBe('refunded');
    expect(view.refunds).toMatchObject([{ amount: order.totalAmount, state: 'completed', method: 'mobile_money' }]);

    const sms = await refundSms(row!.id);
    const number = order.id.slice(0, 8).toUpperCase();
    expect(sms.refund_opened).toBe(
      `Kampala Prime Meats: We are refunding ${ugx(order.totalAmount)} for order #${number} to your mobile money account. We will tell you when it is done.`,
    );
    expect(sms.refund_completed).toBe(
      `Kampala Prime Meats: Your refund of ${ugx(order.totalAmount)} for order #${number} has been sent to your mobile money account.`,
    );
  });

  it('a rider cancels a paid card order they hold: refunded through the provider', async () => {
    const order = await paidOrder('card');
    await assignToRider(order.id);
    const res = await post(`/api/rider/orders/${order.id}/cancel`, { reason: 'Customer not reachable' }, rider);
    expect(res.statusCode).toBe(200);
    const [row] = await refundRows(order.id);
    expectProviderRefundDone(row!, order.totalAmount, 'card');
    expect(await orderById(t.database.db, order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });

  it('a customer cannot cancel a paid order; a payment that lands after their cancel goes back', async () => {
    const paid = await paidOrder('mtn_money');
    const refused = await post(`/api/orders/${paid.id}/cancel`, undefined, customer);
    expect(refused.statusCode).toBe(409);
    expect(await refundRows(paid.id)).toEqual([]);

    // Cancelled while the payment page was open, then approved there.
    const { order, approve } = await initiated('mtn_money');
    expect((await post(`/api/orders/${order.id}/cancel`, undefined, customer)).statusCode).toBe(200);
    expect(await refundRows(order.id)).toEqual([]);
    await approve();
    const [row] = await refundRows(order.id);
    expectProviderRefundDone(row!, order.totalAmount, 'mobile_money');
    const view = await customerOrder(order.id);
    expect(view).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });

  it('the provider not answering leaves the refund requested to send again; the cancel stands', async () => {
    const order = await paidOrder('mtn_money');
    const provider = t.app.deps.payments!;
    const real = provider.refundRequest;
    provider.refundRequest = async () => {
      throw new PaymentProviderError('network', 'Unable to reach the payment provider', null, null);
    };
    try {
      const res = await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'Duplicate order' }, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    } finally {
      provider.refundRequest = real;
    }
    const [row] = await refundRows(order.id);
    expect(row).toMatchObject({ state: 'requested', method: 'mobile_money', providerMessage: 'Unable to reach the payment provider' });

    const again = await post(`/api/admin/refunds/${row!.id}/send`, undefined, admin);
    expect(again.json()).toMatchObject({ state: 'completed' });
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('refunded');
    // Done: the shared refund table offers no more steps, and the server refuses them.
    const twice = await post(`/api/admin/refunds/${row!.id}/send`, undefined, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Only a refund the payment provider has not answered yet can be sent again.');
    expect((await post(`/api/admin/refunds/${row!.id}/check`, undefined, admin)).statusCode).toBe(409);
  });

  it('a cash order before delivery: a refund lowers what the rider collects; cancelling it opens none', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'cash_on_delivery' });
    await assignToRider(order.id);
    const part = await post(`/api/admin/orders/${order.id}/refunds`, { amount: 3_000, reason: 'missing_item' }, admin);
    expect(part.json()).toMatchObject({ state: 'completed', method: 'cash', reducesCollection: true });
    const riderView = await t.app.inject({ method: 'GET', url: `/api/rider/orders/${order.id}`, headers: { cookie: rider } });
    expect(riderView.json().order.cashToCollect).toBe(order.totalAmount - 3_000);
    const number = order.id.slice(0, 8).toUpperCase();
    expect((await refundSms(part.json().id)).refund_opened).toBe(
      `Kampala Prime Meats: We took ${ugx(3_000)} off your order #${number}. You now pay ${ugx(order.totalAmount - 3_000)} on delivery.`,
    );

    const res = await post(`/api/rider/orders/${order.id}/cancel`, {}, rider);
    expect(res.statusCode).toBe(200);
    // No cash changed hands: nothing more to give back, the payment status stays pending.
    expect((await refundRows(order.id)).map((r) => r.amount)).toEqual([3_000]);
    expect(await orderById(t.database.db, order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
  });
});
