/** /api/payments with the built-in simulator (the default provider), and its hosted page. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNotifications } from '../../src/db/schema/notifications.ts';
import { payments } from '../../src/db/schema/orders.ts';
import { ORIGIN, type TestContext, cookieFrom, createTestApp, drivers, loginAs } from '../helpers.ts';
import { createOrder, orderById } from '../fixtures/orders.ts';

const CUSTOMER = 'customer@shop.test';

describe.each(drivers)('payments API (simulator) on %s', (driver) => {
  let t: TestContext;
  let customer: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    customer = await loginAs(t.app, 'customer');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: ORIGIN },
      payload: { fullName: 'Grace Atim', phone: '0701234567', email: 'grace@example.ug', password: 'secret12' },
    });
    other = cookieFrom(res.headers['set-cookie']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
  const initiate = (orderId: string, cookie = customer) => post('/api/payments/initiate', { orderId }, cookie);
  const verify = (orderTrackingId: string, cookie = customer) => post('/api/payments/verify', { orderTrackingId }, cookie);
  const simulatorPost = (paymentUrl: string, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  const notificationsFor = (orderId: string) =>
    t.database.db.select().from(adminNotifications).where(eq(adminNotifications.orderId, orderId));

  it('initiates from the order in the database, ignoring any amount sent, and shows the simulator page', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'mtn_money' });
    const res = await post(
      '/api/payments/initiate',
      { orderId: order.id, amount: 1, paymentMethod: 'card', customerInfo: { firstName: 'X' }, phone: '0', email: 'x@y.z' },
      customer,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.paymentUrl).toBe(`${ORIGIN}/pay/simulator/${body.orderTrackingId}`);

    const [attempt] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(attempt).toMatchObject({
      provider: 'simulator',
      method: 'mtn_money',
      amount: order.totalAmount,
      currency: 'UGX',
      status: 'pending',
    });
    expect(attempt!.orderTrackingId).toBe(body.orderTrackingId);
    expect(attempt!.providerResponses).toHaveLength(1);

    const page = await t.app.inject({ method: 'GET', url: new URL(body.paymentUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Kampala Prime Meats');
    expect(page.body).toContain(`UGX ${order.totalAmount.toLocaleString('en-US')}`);
    expect(page.body).toContain('MTN Mobile Money');
    expect(page.body).toContain('0772 100 002');
    expect(page.body).toContain('name="pin"');
    expect(page.body).not.toContain('<script');
    // Chrome sends `Origin: null` on form posts under no-referrer, which the page's origin check refuses.
    expect(page.headers['referrer-policy']).toBe('same-origin');
  });

  it('approves with any 4-digit PIN: redirects like Pesapal, marks the order paid once, verify is idempotent', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'airtel_money', mobileMoneyPhone: '+256701234567' });
    const { paymentUrl, orderTrackingId } = (await initiate(order.id)).json();

    const bad = await simulatorPost(paymentUrl, { decision: 'approve', pin: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter your 4-digit PIN.');

    const res = await simulatorPost(paymentUrl, { decision: 'approve', pin: '4821' });
    expect(res.statusCode).toBe(303);
    const back = new URL(res.headers.location as string);
    expect(back.origin + back.pathname).toBe(`${ORIGIN}/orders/confirm`);
    expect(back.searchParams.get('OrderTrackingId')).toBe(orderTrackingId);
    const [attempt] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(back.searchParams.get('OrderMerchantReference')).toBe(attempt!.merchantReference);

    // The simulator's IPN already credited the order; verify confirms it and changes nothing.
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('paid');
    for (let i = 0; i < 3; i++) {
      const v = await verify(orderTrackingId);
      expect(v.statusCode).toBe(200);
      expect(v.json()).toEqual({
        payment_status: 'COMPLETED',
        payment_status_description: 'COMPLETED',
        payment_method: 'Airtel Money',
        amount: order.totalAmount,
        currency: 'UGX',
        orderId: order.id,
      });
    }
    // A late IPN changes nothing either.
    const ipn = await t.app.inject({
      method: 'GET',
      url: `/api/payments/ipn?OrderTrackingId=${orderTrackingId}&OrderMerchantReference=${attempt!.merchantReference}&OrderNotificationType=IPNCHANGE`,
    });
    expect(ipn.json()).toEqual({
      orderNotificationType: 'IPNCHANGE',
      orderTrackingId,
      orderMerchantReference: attempt!.merchantReference,
      status: 200,
    });

    const notes = await notificationsFor(order.id);
    expect(notes.map((n) => [n.type, n.message])).toEqual([
      ['success', `Payment received for order #${order.id.slice(0, 8).toUpperCase()}`],
    ]);
    const [after] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(after!.status).toBe('completed');
    // submit + simulator IPN + 3 verifies + late IPN: every provider answer kept.
    expect(after!.providerResponses).toHaveLength(6);

    // Paid: a second initiate is refused.
    const again = await initiate(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order has already been paid.');
  });

  it('declines with the documented test PIN 0000: order stays unpaid (failed), admins told', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'mtn_money' });
    const { paymentUrl, orderTrackingId } = (await initiate(order.id)).json();
    expect((await simulatorPost(paymentUrl, { decision: 'approve', pin: '0000' })).statusCode).toBe(303);
    const v = (await verify(orderTrackingId)).json();
    expect(v).toMatchObject({ payment_status: 'FAILED', payment_status_description: 'Wrong PIN entered. The payment was declined' });
    const o = await orderById(t.database.db, order.id);
    expect(o.paymentStatus).toBe('failed');
    expect(o.status).toBe('pending');
    const notes = await notificationsFor(order.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'error' });

    // A failed payment can be tried again, and then succeed.
    const retry = (await initiate(order.id)).json();
    await simulatorPost(retry.paymentUrl, { decision: 'approve', pin: '1234' });
    expect((await verify(retry.orderTrackingId)).json().payment_status).toBe('COMPLETED');
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('paid');
    // The first attempt's late answer does not undo it.
    expect((await verify(orderTrackingId)).json().payment_status).toBe('FAILED');
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('paid');
  });

  it('card: approve or decline on the simulator page', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'card' });
    const { paymentUrl, orderTrackingId } = (await initiate(order.id)).json();
    const page = await t.app.inject({ method: 'GET', url: new URL(paymentUrl).pathname });
    expect(page.body).toContain('Approve payment');
    expect(page.body).toContain('Decline payment');
    await simulatorPost(paymentUrl, { decision: 'decline' });
    const v = (await verify(orderTrackingId)).json();
    expect(v.payment_status).toBe('FAILED');
    expect(v.payment_status_description).toMatch(/Unable to Authorize/);
    // Settled: the page shows the outcome, and posting again only redirects.
    expect((await t.app.inject({ method: 'GET', url: new URL(paymentUrl).pathname })).body).toContain('Payment not completed');
    expect((await simulatorPost(paymentUrl, { decision: 'approve' })).statusCode).toBe(303);
    expect((await verify(orderTrackingId)).json().payment_status).toBe('FAILED');
  });

  it('verify before the payer answers says INVALID (still waiting), not failed', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER });
    const { orderTrackingId } = (await initiate(order.id)).json();
    const v = (await verify(orderTrackingId)).json();
    expect(v.payment_status).toBe('INVALID');
    expect((await orderById(t.database.db, order.id)).paymentStatus).toBe('pending');
  });

  it("refuses another customer's order and tracking id exactly like unknown ones (404)", async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER });
    const res = await initiate(order.id, other);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    expect((await initiate(crypto.randomUUID(), other)).json().error.message).toBe('Order not found');

    const { orderTrackingId } = (await initiate(order.id)).json();
    const v = await verify(orderTrackingId, other);
    expect(v.statusCode).toBe(404);
    expect((await verify(crypto.randomUUID(), other)).statusCode).toBe(404);
  });

  it('refuses visitors, cash on delivery, cancelled and expired orders, and bad input', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER });
    expect((await post('/api/payments/initiate', { orderId: order.id })).statusCode).toBe(401);
    expect((await post('/api/payments/verify', { orderTrackingId: 'x' })).statusCode).toBe(401);

    const cod = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'cash_on_delivery' });
    expect((await initiate(cod.id)).statusCode).toBe(422);
    const cancelled = await createOrder(t.database.db, { email: CUSTOMER, status: 'cancelled' });
    expect((await initiate(cancelled.id)).json().error.message).toBe('This order can no longer be paid.');
    const old = await createOrder(t.database.db, { email: CUSTOMER, createdAt: new Date(Date.now() - 31 * 60_000) });
    expect((await initiate(old.id)).statusCode).toBe(422);

    const badId = await post('/api/payments/initiate', { orderId: 'not-a-uuid' }, customer);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.code).toBe('VALIDATION');
    expect((await post('/api/payments/verify', {}, customer)).statusCode).toBe(400);
  });

  it('answers an IPN for an unknown tracking id with status 500, and one without parameters too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/ipn',
      payload: { OrderTrackingId: crypto.randomUUID(), OrderNotificationType: 'IPNCHANGE' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(500);
    const empty = await t.app.inject({ method: 'GET', url: '/api/payments/ipn' });
    expect(empty.json()).toEqual({ orderNotificationType: 'IPNCHANGE', orderTrackingId: '', orderMerchantReference: '', status: 500 });
  });

  it('refuses a cross-site form post to the simulator page', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER });
    const { paymentUrl } = (await initiate(order.id)).json();
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve&pin=1234',
    });
    expect(res.statusCode).toBe(403);
    const [attempt] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id)));
    expect(attempt!.status).toBe('pending');
  });
});
