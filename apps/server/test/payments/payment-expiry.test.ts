/** Unpaid mobile-money and card orders expire after 30 minutes: cancelled, stock returned, once. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { adminNotifications } from '../../src/db/schema/notifications.ts';
import { expireUnpaidOrders, startExpiryJob } from '../../src/modules/payments/payment-expiry.ts';
import { createSimulatorProvider } from '../../src/modules/payments/simulator/simulator-provider.ts';
import { settleSimulatorTransaction } from '../../src/modules/payments/simulator/simulator.repository.ts';
import { createOrder, orderById, stockOf } from '../fixtures/orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';

const CUSTOMER = 'customer@shop.test';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe.each(drivers)('payment expiry on %s', (driver) => {
  let t: TestContext;
  let customer: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    customer = await loginAs(t.app, 'customer');
  });
  afterAll(async () => {
    await t?.close();
  });

  const expire = () => expireUnpaidOrders(t.app.deps);

  it('cancels an unpaid order after 30 minutes and returns its stock, exactly once', async () => {
    const order = await createOrder(t.database.db, {
      email: CUSTOMER,
      paymentMethod: 'mtn_money',
      lines: [{ quantity: 3 }, { quantity: 2 }],
      createdAt: minutesAgo(31),
    });
    const [a, b] = order.items;
    const before = [await stockOf(t.database.db, a!.productId), await stockOf(t.database.db, b!.productId)];

    const r = await expire();
    expect(r.cancelled).toContain(order.id);
    const o = await orderById(t.database.db, order.id);
    expect(o).toMatchObject({ status: 'cancelled', paymentStatus: 'failed', cancelReason: 'Not paid within 30 minutes' });
    expect(o.cancelledAt).toBeInstanceOf(Date);
    expect([await stockOf(t.database.db, a!.productId), await stockOf(t.database.db, b!.productId)]).toEqual([
      before[0]! + 3,
      before[1]! + 2,
    ]);
    const notes = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.orderId, order.id));
    expect(notes.map((n) => n.type)).toEqual(['warning']);

    // A second run, or a restart running it again, changes nothing.
    expect((await expire()).cancelled).not.toContain(order.id);
    expect(await stockOf(t.database.db, a!.productId)).toBe(before[0]! + 3);

    // And the customer can no longer pay it.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: { origin: ORIGIN, cookie: customer },
      payload: { orderId: order.id },
    });
    expect(res.statusCode).toBe(422);
  });

  it('leaves recent, paid and cash-on-delivery orders alone', async () => {
    const recent = await createOrder(t.database.db, { email: CUSTOMER, createdAt: minutesAgo(29) });
    const paid = await createOrder(t.database.db, { email: CUSTOMER, paymentStatus: 'paid', createdAt: minutesAgo(90) });
    const cod = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'cash_on_delivery', createdAt: minutesAgo(90) });
    const r = await expire();
    for (const o of [recent, paid, cod]) {
      expect(r.cancelled).not.toContain(o.id);
      expect((await orderById(t.database.db, o.id)).status).toBe('pending');
    }
  });

  it('credits a payment the provider completed but nobody reported, instead of cancelling', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER, paymentMethod: 'card', createdAt: minutesAgo(20) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: { origin: ORIGIN, cookie: customer },
      payload: { orderId: order.id },
    });
    const { orderTrackingId } = res.json();
    // Paid at the provider; the callback and IPN never arrived. Then the window passes.
    await settleSimulatorTransaction(t.database.db, orderTrackingId, {
      status: 'completed',
      statusDescription: 'Payment approved',
      confirmationCode: 'X1',
    });
    const r = await expireUnpaidOrders(t.app.deps, new Date(Date.now() + 11 * 60_000));
    expect(r.cancelled).not.toContain(order.id);
    expect(await orderById(t.database.db, order.id)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
  });

  it('the job runs on its interval and stops cleanly', async () => {
    const order = await createOrder(t.database.db, { email: CUSTOMER, createdAt: minutesAgo(40) });
    const logged: object[] = [];
    const job = startExpiryJob(t.app.deps, { info: (o) => void logged.push(o), error: (o) => void logged.push(o) }, 50);
    await expect.poll(async () => (await orderById(t.database.db, order.id)).status, { timeout: 10_000 }).toBe('cancelled');
    await job.stop();
    expect(logged[0]).toMatchObject({ cancelled: expect.arrayContaining([order.id]) });
  });

  it('two instances expiring at once cancel and restock each order once', async () => {
    const orders: Awaited<ReturnType<typeof createOrder>>[] = [];
    for (let i = 0; i < 3; i++)
      orders.push(await createOrder(t.database.db, { email: CUSTOMER, lines: [{ quantity: 1 }], createdAt: minutesAgo(45) }));
    const productId = orders[0]!.items[0]!.productId;
    const before = await stockOf(t.database.db, productId);

    // A second instance: its own connection pool (PostgreSQL) to the same database.
    let second = t.app.deps;
    let close = async () => {};
    if (driver === 'postgres') {
      const rows = (await t.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] };
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${rows.rows[0]!.name}`;
      const db2 = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
      second = { ...t.app.deps, db: db2.db, payments: createSimulatorProvider(db2.db, ORIGIN) };
      close = () => db2.close();
    }
    const [r1, r2] = await Promise.all([expireUnpaidOrders(t.app.deps), expireUnpaidOrders(second)]);
    await close();
    const all = [...r1.cancelled, ...r2.cancelled].filter((id) => orders.some((o) => o.id === id));
    expect(all.sort()).toEqual(orders.map((o) => o.id).sort());
    expect(await stockOf(t.database.db, productId)).toBe(before + 3);
  });
});
