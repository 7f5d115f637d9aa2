/**
 * Refunds through Pesapal against the fake Pesapal: the adapter's RefundRequest call (accepted,
 * refused, no answer), and the admin's refund from request to completion by the payment's IPN.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminNotifications } from '../../src/db/schema/notifications.ts';
import { payments } from '../../src/db/schema/orders.ts';
import { PaymentProviderError } from '../../src/modules/payments/payment-provider.ts';
import { createPesapalProvider } from '../../src/modules/payments/pesapal/pesapal-provider.ts';
import { createOrder, orderById } from '../fixtures/orders.ts';
import { ORIGIN, type TestContext, drivers } from '../helpers.ts';
import { FAKE_KEY, FAKE_SECRET, type FakePesapal, startFakePesapal } from './fake-pesapal.ts';
import { startPesapalShop } from './pesapal-shop.ts';

const REFUND_PATH = '/api/Transactions/RefundRequest';

describe('Pesapal adapter: RefundRequest', () => {
  let fake: FakePesapal;
  let trackingId: string;
  let code: string;
  const make = () =>
    createPesapalProvider({
      baseUrl: fake.baseUrl,
      consumerKey: FAKE_KEY,
      consumerSecret: FAKE_SECRET,
      ipnUrl: 'https://shop.example/api/payments/ipn',
      ipnStore: { get: async () => null, set: async () => {} },
      timeoutMs: 500,
      retries: 2,
      backoffMs: 10,
    });
  const refund = (over: Partial<{ amount: number; confirmationCode: string }> = {}) =>
    make().refundRequest({
      orderTrackingId: trackingId,
      confirmationCode: code,
      amount: 45_000,
      username: 'Sarah Namutebi',
      remarks: 'Order #ABCD1234: Missing item',
      ...over,
    });

  beforeEach(async () => {
    fake = await startFakePesapal({ timeoutDelayMs: 2_000 });
    const p = make();
    const sub = await p.submitOrder({
      merchantReference: 'ABCD1234-REF',
      amount: 45_000,
      currency: 'UGX',
      description: 'Order #ABCD1234',
      callbackUrl: 'https://shop.example/orders/confirm',
      cancellationUrl: 'https://shop.example/orders/x',
      method: 'card',
      billing: { email: 'a@b.ug', phone: '0772100002', firstName: 'A', lastName: 'B', line1: '', city: 'Kampala', countryCode: 'UG' },
    });
    trackingId = sub.orderTrackingId;
    fake.settle(trackingId, 1, { method: 'Visa' });
    code = (await p.getTransactionStatus(trackingId)).confirmationCode;
  });
  afterEach(async () => {
    await fake.close();
  });

  it('accepted: sends the documented body with the bearer token and reads status "200"', async () => {
    const answer = await refund({ amount: 10_000 });
    expect(answer).toMatchObject({ accepted: true, message: 'Refund request successfully' });
    const call = fake.calls.find((c) => c.path === REFUND_PATH)!;
    expect(call.method).toBe('POST');
    expect(call.auth).toMatch(/^Bearer tok_/);
    expect(call.body).toEqual({
      confirmation_code: code,
      amount: 10_000,
      username: 'Sarah Namutebi',
      remarks: 'Order #ABCD1234: Missing item',
    });
    expect(fake.refunds).toHaveLength(1);
  });

  it('refused: a body status "500" is a refusal with Pesapal\'s message, not an error', async () => {
    await refund();
    const second = await refund();
    expect(second).toMatchObject({ accepted: false, message: 'Multiple refunds are not allowed' });
    fake.refuseRefunds = 'Refund declined by merchant';
    const third = await refund({ confirmationCode: 'nope' });
    expect(third).toMatchObject({ accepted: false, message: 'Refund declined by merchant' });
  });

  it('provider error: HTTP 500 and a time-out throw, and a time-out is not retried (it may have arrived)', async () => {
    fake.fail(REFUND_PATH, '500');
    const err = await refund().catch((e) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err.kind).toBe('provider');

    fake.fail(REFUND_PATH, 'timeout');
    const timeout = await refund().catch((e) => e);
    expect(timeout).toBeInstanceOf(PaymentProviderError);
    expect(timeout).toMatchObject({ kind: 'network', code: 'timeout' });
    expect(fake.count(REFUND_PATH)).toBe(2);
    expect(fake.refunds).toHaveLength(0);
  });
});

describe.each(drivers)('refunds through Pesapal on %s', (driver) => {
  let t: TestContext;
  let fake: FakePesapal;
  let customer: string;
  let admin: string;
  beforeAll(async () => {
    ({ t, fake, customer, admin } = await startPesapalShop(driver));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const post = (url: string, payload: unknown, cookie: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: ORIGIN, cookie } });
  const ipn = (trackingId: string) => t.app.inject({ method: 'GET', url: `/api/payments/ipn?OrderTrackingId=${trackingId}` });

  /** An order paid through the fake Pesapal (by IPN), as the shop records it. */
  async function paidOrder(method: 'mtn_money' | 'card', fakeMethod: string) {
    const order = await createOrder(t.database.db, { email: 'customer@shop.test', paymentMethod: method });
    const { orderTrackingId } = (await post('/api/payments/initiate', { orderId: order.id }, customer)).json();
    fake.settle(orderTrackingId, 1, { method: fakeMethod });
    expect((await ipn(orderTrackingId)).json().status).toBe(200);
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('paid');
    return { order, trackingId: orderTrackingId as string };
  }

  it('accepted: sent, then completed when Pesapal reports the payment REVERSED; the customer sees Refunded', async () => {
    const { order, trackingId } = await paidOrder('mtn_money', 'MTN');
    const res = await post(`/api/admin/orders/${order.id}/refunds`, { amount: order.totalAmount, reason: 'goodwill' }, admin);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ state: 'sent', method: 'mobile_money', providerMessage: 'Refund request successfully' });
    expect(fake.refunds.at(-1)).toMatchObject({ amount: order.totalAmount, username: 'Amina Nansubuga' });
    expect(fake.refunds.at(-1)!.remarks).toContain(`Order #${order.id.slice(0, 8).toUpperCase()}: Goodwill`);
    // Accepted is not refunded: Pesapal still says COMPLETED, so the order stays paid.
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('paid');

    fake.settle(trackingId, 3);
    expect((await ipn(trackingId)).json().status).toBe(200);
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('refunded');
    const view = (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: { cookie: customer } })).json().order;
    expect(view.paymentStatus).toBe('refunded');
    expect(view.refunds).toEqual([expect.objectContaining({ amount: order.totalAmount, state: 'completed', method: 'mobile_money' })]);
    const notes = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.orderId, order.id));
    expect(notes.map((n) => n.message)).toContain(
      `Refund of UGX ${order.totalAmount.toLocaleString('en-US')} for order #${order.id.slice(0, 8).toUpperCase()} completed`,
    );
  });

  it("refused: the refund fails with Pesapal's reason, admins are told, and the amount is refundable again", async () => {
    const { order } = await paidOrder('card', 'Visa');
    fake.refuseRefunds = 'Refund declined by merchant';
    try {
      const res = await post(`/api/admin/orders/${order.id}/refunds`, { amount: 5_000, reason: 'damaged_item' }, admin);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ state: 'failed', providerMessage: 'Refund declined by merchant' });
    } finally {
      fake.refuseRefunds = null;
    }
    const notes = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.orderId, order.id));
    expect(notes.map((n) => n.message)).toContain(
      `Refund of UGX 5,000 for order #${order.id.slice(0, 8).toUpperCase()} was refused: Refund declined by merchant`,
    );
    const list = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/refunds`, headers: { cookie: admin } })).json();
    expect(list).toMatchObject({ refunded: 0, refundable: order.totalAmount });
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('paid');
  });

  it('provider error: stays requested with the error logged; sending again later goes through', async () => {
    const { order } = await paidOrder('card', 'Visa');
    fake.fail(REFUND_PATH, '500');
    const res = await post(`/api/admin/orders/${order.id}/refunds`, { amount: 7_000, reason: 'missing_item' }, admin);
    expect(res.statusCode).toBe(201);
    const refund = res.json();
    expect(refund.state).toBe('requested');
    expect(refund.providerMessage).toMatch(/Pesapal could not take the refund request/);
    // Still promised back: a second refund cannot take the same money meanwhile.
    const list = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/refunds`, headers: { cookie: admin } })).json();
    expect(list.refundable).toBe(order.totalAmount - 7_000);

    const again = await post(`/api/admin/refunds/${refund.id}/send`, {}, admin);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ state: 'sent', amount: 7_000 });
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 7_000 });
    const [attempt] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(attempt!.status).toBe('completed');
  });
});
