/**
 * The reconciliation job against the fake Pesapal: a payment the provider now says FAILED while we
 * say paid is listed as a difference (admins told once, our records untouched); one that agrees is
 * not listed and not asked about again; a payment we still hold as pending that the provider says
 * COMPLETED is credited through the normal verification path; "Check again" asks at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNotifications } from '../../src/db/schema/notifications.ts';
import { payments } from '../../src/db/schema/orders.ts';
import { reconcilePayments } from '../../src/modules/payments/reconciliation.ts';
import { createOrder, orderById } from '../fixtures/orders.ts';
import { drivers, ORIGIN, type TestContext } from '../helpers.ts';
import type { FakePesapal } from './fake-pesapal.ts';
import { startPesapalShop } from './pesapal-shop.ts';

const STATUS_PATH = '/api/Transactions/GetTransactionStatus';

describe.each(drivers)('payment reconciliation on %s', (driver) => {
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

  const post = (url: string, cookie: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, cookie } });
  const differences = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/reports/payments/differences', headers: { cookie: admin } })).json();

  async function startedPayment(method: 'mtn_money' | 'card' = 'mtn_money') {
    const order = await createOrder(t.database.db, { email: 'customer@shop.test', paymentMethod: method });
    const { orderTrackingId } = (await post('/api/payments/initiate', customer, { orderId: order.id })).json();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderTrackingId, orderTrackingId));
    return { order, trackingId: orderTrackingId as string, paymentId: payment!.id };
  }
  async function paidPayment() {
    const p = await startedPayment();
    fake.settle(p.trackingId, 1);
    const ipn = await t.app.inject({ method: 'GET', url: `/api/payments/ipn?OrderTrackingId=${p.trackingId}` });
    expect(ipn.json().status).toBe(200);
    return p;
  }
  const notesFor = (orderId: string) =>
    t.database.db
      .select()
      .from(adminNotifications)
      .where(eq(adminNotifications.orderId, orderId))
      .then((rows) => rows.filter((n) => n.message.startsWith('Payment check')));

  let disputed: Awaited<ReturnType<typeof paidPayment>>;
  let agreeing: Awaited<ReturnType<typeof paidPayment>>;

  it('paid here, FAILED at the provider: listed as a difference, admins told, our records left alone', async () => {
    disputed = await paidPayment();
    agreeing = await paidPayment();
    fake.settle(disputed.trackingId, 2);

    const run = await reconcilePayments(t.app.deps);
    expect(run.differences).toBe(1);

    const list = await differences();
    const mine = list.differences.filter((d: { orderId: string }) => [disputed.order.id, agreeing.order.id].includes(d.orderId));
    expect(mine).toEqual([
      expect.objectContaining({
        paymentId: disputed.paymentId,
        orderNumber: disputed.order.id.slice(0, 8).toUpperCase(),
        method: 'mtn_money',
        ourStatus: 'completed',
        orderPaymentStatus: 'paid',
        providerStatus: 'FAILED',
        amount: disputed.order.totalAmount,
        difference: 'We recorded this payment paid; the provider says FAILED.',
      }),
    ]);
    expect(list.lastCheckedAt).not.toBeNull();
    expect((await orderById(t.database.db, disputed.order.id)).paymentStatus).toBe('paid');
    const [attempt] = await t.database.db.select().from(payments).where(eq(payments.id, disputed.paymentId));
    expect(attempt!.status).toBe('completed');
    expect((await notesFor(disputed.order.id)).map((n) => n.message)).toEqual([
      `Payment check for order #${disputed.order.id.slice(0, 8).toUpperCase()}: We recorded this payment paid; the provider says FAILED.`,
    ]);
    expect(await notesFor(agreeing.order.id)).toEqual([]);
  });

  it('the next run asks again about the difference only, and tells nobody twice', async () => {
    const before = fake.count(STATUS_PATH);
    const asked = () => fake.count(STATUS_PATH) - before;
    await reconcilePayments(t.app.deps);
    expect(asked()).toBe(1);
    expect(await notesFor(disputed.order.id)).toHaveLength(1);
    expect((await differences()).differences.map((d: { paymentId: string }) => d.paymentId)).toContain(disputed.paymentId);
  });

  it('pending here, COMPLETED at the provider: credited through the verification path, not listed', async () => {
    const p = await startedPayment('card');
    fake.settle(p.trackingId, 1, { method: 'Visa' });
    await reconcilePayments(t.app.deps);
    expect((await orderById(t.database.db, p.order.id)).paymentStatus).toBe('paid');
    expect((await differences()).differences.map((d: { orderId: string }) => d.orderId)).not.toContain(p.order.id);
    const notes = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.orderId, p.order.id));
    expect(notes.map((n) => n.message)).toContain(`Payment received for order #${p.order.id.slice(0, 8).toUpperCase()}`);
  });

  it('"Check again": answers at once, and a difference the provider has settled leaves the list', async () => {
    const still = await post(`/api/admin/reports/payments/${disputed.paymentId}/check`, admin);
    expect(still.statusCode).toBe(200);
    expect(still.json()).toEqual({
      agrees: false,
      providerStatus: 'FAILED',
      difference: 'We recorded this payment paid; the provider says FAILED.',
    });

    fake.settle(disputed.trackingId, 1);
    const now = await post(`/api/admin/reports/payments/${disputed.paymentId}/check`, admin);
    expect(now.json()).toEqual({ agrees: true, providerStatus: 'COMPLETED', difference: null });
    expect((await differences()).differences.map((d: { paymentId: string }) => d.paymentId)).not.toContain(disputed.paymentId);
  });

  it('"Check again" when the provider does not answer: a clear error, nothing recorded as agreeing', async () => {
    fake.settle(disputed.trackingId, 2);
    fake.fail(STATUS_PATH, '500', 3);
    const res = await post(`/api/admin/reports/payments/${disputed.paymentId}/check`, admin);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/payment provider did not answer/);
    fake.fail(STATUS_PATH, '500', 0);
    const missing = await post('/api/admin/reports/payments/00000000-0000-4000-8000-000000000000/check', admin);
    expect(missing.statusCode).toBe(404);
    const other = await post(`/api/admin/reports/payments/${disputed.paymentId}/check`, customer);
    expect(other.statusCode).toBe(403);
  });

  it('REVERSED: completes a refund the provider accepted; without one of ours it is a difference', async () => {
    const refunded = await paidPayment();
    const res = await post(`/api/admin/orders/${refunded.order.id}/refunds`, admin, {
      amount: refunded.order.totalAmount,
      reason: 'goodwill',
    });
    expect(res.json().state).toBe('sent');
    const chargedBack = await paidPayment();
    fake.settle(refunded.trackingId, 3);
    fake.settle(chargedBack.trackingId, 3);

    await reconcilePayments(t.app.deps);
    expect((await orderById(t.database.db, refunded.order.id)).paymentStatus).toBe('refunded');
    expect((await orderById(t.database.db, chargedBack.order.id)).paymentStatus).toBe('paid');
    const listed = (await differences()).differences;
    expect(listed.map((d: { orderId: string }) => d.orderId)).not.toContain(refunded.order.id);
    expect(listed.find((d: { orderId: string }) => d.orderId === chargedBack.order.id)).toMatchObject({
      providerStatus: 'REVERSED',
      difference: 'We recorded this payment paid; the provider says REVERSED, and we asked for no refund.',
    });
  });

  it('two runs at once (two instances) ask about each payment once', async () => {
    const fresh = [await startedPayment(), await startedPayment()];
    for (const p of fresh) fake.settle(p.trackingId, 2);
    const before = fake.count(STATUS_PATH);
    const runs = await Promise.all([reconcilePayments(t.app.deps), reconcilePayments(t.app.deps)]);
    const asked = fake.count(STATUS_PATH) - before;
    // The two new ones and the two open differences (FAILED, charge-back), each once, whichever run took it.
    expect(asked).toBe(fresh.length + 2);
    expect(runs[0]!.checked + runs[1]!.checked).toBe(asked);
    for (const p of fresh) expect((await orderById(t.database.db, p.order.id)).paymentStatus).toBe('failed');
  });
});
