/** /api/payments with Pesapal configured, against the fake Pesapal server: what the customer and admins see. */
import { PAYMENT_MESSAGES } from '@meatshop/shared/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNotifications } from '../../src/db/schema/notifications.ts';
import { orderBalances, payments } from '../../src/db/schema/orders.ts';
import { openBalance } from '../../src/modules/orders/lifecycle/balance.ts';
import { issueBalancePayLink } from '../../src/modules/payments/pay-links.service.ts';
import { createOrder, orderById } from '../fixtures/orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { FAKE_KEY, FAKE_SECRET, type FakePesapal, startFakePesapal } from './fake-pesapal.ts';

const CUSTOMER = 'customer@shop.test';

describe.each(drivers)('payments API (Pesapal) on %s', (driver) => {
  let t: TestContext;
  let fake: FakePesapal;
  let customer: string;
  beforeAll(async () => {
    fake = await startFakePesapal({ timeoutDelayMs: 6_000 });
    t = await createTestApp(driver, {
      env: {
        PESAPAL_CONSUMER_KEY: FAKE_KEY,
        PESAPAL_CONSUMER_SECRET: FAKE_SECRET,
        PESAPAL_BASE_URL: fake.baseUrl,
        PESAPAL_TIMEOUT_MS: '2000',
      },
    });
    customer = await loginAs(t.app, 'customer');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: ORIGIN, cookie: customer } });
  const initiate = (orderId: string) => post('/api/payments/initiate', { orderId });
  const verify = (orderTrackingId: string) => post('/api/payments/verify', { orderTrackingId });
  const attemptsOf = (orderId: string) =>
    t.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);

  it('pays through Pesapal: IPN registered for our URL, order submitted from the database, IPN then verify', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'mtn_money' });
    const res = await initiate(order.id);
    expect(res.statusCode).toBe(200);
    const { paymentUrl, orderTrackingId } = res.json();
    expect(paymentUrl).toContain(`/pesapaliframe/PesapalIframe3/Index?OrderTrackingId=${orderTrackingId}`);
    expect(fake.ipns.map((i) => i.url)).toEqual([`${ORIGIN}/api/payments/ipn`]);
    const sent = fake.orders.get(orderTrackingId)!.body;
    expect(sent).toMatchObject({
      amount: order.totalAmount,
      currency: 'UGX',
      callback_url: `${ORIGIN}/orders/confirm`,
      billing_address: {
        phone_number: '0772100002',
        email_address: CUSTOMER,
        first_name: 'Daniel',
        last_name: 'Mugisha',
        country_code: 'UG',
      },
    });

    // Callback before the mobile-money prompt is answered: still waiting.
    expect((await verify(orderTrackingId)).json().payment_status).toBe('INVALID');

    fake.settle(orderTrackingId, 1, { method: 'MTN' });
    const ipn = await t.app.inject({
      method: 'GET',
      url: `/api/payments/ipn?OrderTrackingId=${orderTrackingId}&OrderMerchantReference=${sent.id}&OrderNotificationType=IPNCHANGE`,
    });
    expect(ipn.statusCode).toBe(200);
    expect(ipn.headers['content-type']).toMatch(/application\/json/);
    expect(ipn.json()).toEqual({ orderNotificationType: 'IPNCHANGE', orderTrackingId, orderMerchantReference: sent.id, status: 200 });
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('paid');

    const v = await verify(orderTrackingId);
    expect(v.json()).toMatchObject({ payment_status: 'COMPLETED', payment_method: 'MTN', amount: order.totalAmount, currency: 'UGX' });
    const notes = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.orderId, order.id));
    expect(notes).toHaveLength(1);

    // A second payment reuses the registered IPN id.
    const second = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'card' });
    expect((await initiate(second.id)).statusCode).toBe(200);
    expect(fake.count('/api/URLSetup/RegisterIPN')).toBe(1);
  });

  it('sends Pesapal just the balance of a paid order made dearer, and the IPN pays that balance', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'card' });
    const first = (await initiate(order.id)).json().orderTrackingId;
    fake.settle(first, 1);
    expect((await verify(first)).json().payment_status).toBe('COMPLETED');
    // The order core opens a balance as an edit would, with its pay link.
    const token = await t.database.db.transaction(async (tx) => {
      const balance = await openBalance(tx, order.id, 7_500);
      return (await issueBalancePayLink(tx, order.id, balance.id, ORIGIN)).token;
    });
    const start = await t.app.inject({ method: 'POST', url: `/api/pay-links/${token}/pay`, headers: { origin: ORIGIN }, payload: {} });
    expect(start.statusCode, start.body).toBe(200);
    const { orderTrackingId } = start.json();
    expect(fake.orders.get(orderTrackingId)!.body).toMatchObject({
      amount: 7_500,
      currency: 'UGX',
      callback_url: `${ORIGIN}/pay/${token}`,
    });
    fake.settle(orderTrackingId, 1);
    const ref = fake.orders.get(orderTrackingId)!.body.id;
    await t.app.inject({ method: 'GET', url: `/api/payments/ipn?OrderTrackingId=${orderTrackingId}&OrderMerchantReference=${ref}` });
    expect(await orderById(t.database.db, order.id)).toMatchObject({
      paymentStatus: 'paid',
      balanceDue: 0,
      totalAmount: order.totalAmount,
    });
    const [b] = await t.database.db.select().from(orderBalances).where(eq(orderBalances.orderId, order.id));
    expect(b).toMatchObject({ state: 'paid', amount: 7_500 });
  });

  it('accepts a POST IPN with a form body and camelCase keys', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER });
    const { orderTrackingId } = (await initiate(order.id)).json();
    fake.settle(orderTrackingId, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/ipn',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://pay.pesapal.com' },
      payload: `orderTrackingId=${orderTrackingId}&orderNotificationType=IPNCHANGE`,
    });
    expect(res.json().status).toBe(200);
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('paid');
  });

  it("an IPN whose merchant reference is not the attempt's is not processed", async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER });
    const { orderTrackingId } = (await initiate(order.id)).json();
    fake.settle(orderTrackingId, 1);
    const before = fake.count('/api/Transactions/GetTransactionStatus');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/payments/ipn?OrderTrackingId=${orderTrackingId}&OrderMerchantReference=SOMEONE-ELSE`,
    });
    expect(res.json().status).toBe(500);
    expect(fake.count('/api/Transactions/GetTransactionStatus')).toBe(before);
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('pending');
  });

  it('does not mark paid when the amount or currency paid differ from the order', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER });
    const { orderTrackingId } = (await initiate(order.id)).json();
    fake.settle(orderTrackingId, 1, { amount: order.totalAmount - 1000 });
    const v = (await verify(orderTrackingId)).json();
    expect(v.payment_status).toBe('FAILED');
    expect(v.payment_status_description).toBe('The amount paid did not match your order. Please contact support.');
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('pending');
    const [attempt] = await attemptsOf(order.id);
    expect(attempt!.status).toBe('invalid');
    const notes = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.orderId, order.id));
    expect(notes.map((n) => n.type)).toEqual(['error']);
    expect(notes[0]!.message).toMatch(/did not match/);

    const other = await createOrder(t.database.db, { email: CUSTOMER });
    const b = (await initiate(other.id)).json();
    fake.settle(b.orderTrackingId, 1, { currency: 'KES' });
    expect((await verify(b.orderTrackingId)).json().payment_status).toBe('FAILED');
    expect((await orderById(t.database.db, other.id)).paymentStatus).toBe('pending');
  });

  it('records FAILED and REVERSED payments', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER });
    const { orderTrackingId } = (await initiate(order.id)).json();
    fake.settle(orderTrackingId, 2);
    const v = (await verify(orderTrackingId)).json();
    expect(v).toMatchObject({
      payment_status: 'FAILED',
      payment_status_description: 'Unable to Authorize Transaction.Kindly contact your bank for assistance',
    });
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('failed');
    expect((await attemptsOf(order.id))[0]!.status).toBe('failed');

    // Paid, then reversed (a chargeback): the money went back, the order says so.
    const paid = await createOrder(t.database.db, { email: CUSTOMER });
    const p = (await initiate(paid.id)).json();
    fake.settle(p.orderTrackingId, 1);
    expect((await verify(p.orderTrackingId)).json().payment_status).toBe('COMPLETED');
    fake.settle(p.orderTrackingId, 3, { description: 'Reversed by MTN' });
    expect((await verify(p.orderTrackingId)).json()).toMatchObject({
      payment_status: 'REVERSED',
      payment_status_description: 'Reversed by MTN',
    });
    expect((await orderById(t.database.db, paid.id)).paymentStatus).toBe('refunded');
    const notes = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.orderId, paid.id));
    expect(notes.map((n) => n.type).sort()).toEqual(['error', 'success']);
  });

  it('a Pesapal 500 on submission: the service-unavailable message, the order stays pending, the answer is kept', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER });
    fake.fail('/api/Transactions/SubmitOrderRequest', '500');
    const res = await initiate(order.id);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({ code: 'PAYMENT_UNAVAILABLE', message: PAYMENT_MESSAGES.unavailable });
    const o = await orderById(t.database.db, order.id);
    expect([o.status, o.paymentStatus]).toEqual(['pending', 'pending']);
    const [attempt] = await attemptsOf(order.id);
    expect(attempt!.status).toBe('failed');
    expect(attempt!.providerResponses).toEqual([
      expect.objectContaining({ source: 'submit', error: expect.objectContaining({ kind: 'provider', code: 'internal_server_error' }) }),
    ]);
    // It works again once Pesapal is back.
    expect((await initiate(order.id)).statusCode).toBe(200);
  });

  it('a Pesapal time-out: the cannot-connect message', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER });
    fake.fail('/api/Transactions/SubmitOrderRequest', 'timeout');
    const res = await initiate(order.id);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(PAYMENT_MESSAGES.cannotConnect);
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('pending');
  });

  it('verify while Pesapal is down: the cannot-verify message, and nothing changes', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER });
    const { orderTrackingId } = (await initiate(order.id)).json();
    fake.fail('/api/Transactions/GetTransactionStatus', '500');
    const res = await verify(orderTrackingId);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(PAYMENT_MESSAGES.cannotVerify);
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('pending');
  });
});
