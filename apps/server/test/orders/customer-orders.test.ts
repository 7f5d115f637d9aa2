import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, orders } from '../../src/db/schema/orders.ts';
import { ORIGIN, type TestContext, cookieFrom, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder, stockOf } from './fixtures.ts';

describe.each(drivers)('customer orders on %s', (driver) => {
  let t: TestContext;
  let cookie: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    cookie = await loginAs(t.app, 'customer');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: ORIGIN },
      payload: { fullName: 'Other Customer', phone: '0772999111', email: 'other@example.com', password: 'secret12' },
    });
    other = cookieFrom(res.headers['set-cookie']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, c: string) => t.app.inject({ method: 'GET', url, headers: { cookie: c } });
  const cancel = (id: string, c: string) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: { origin: ORIGIN, cookie: c } });

  it('lists my orders newest first with their items', async () => {
    const p = await makeProduct(t, { name: 'List test product', price: 7_000, stock: 10 });
    const first = (await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 1 }]))).json().order;
    const second = (await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 2 }]))).json().order;
    const res = await get('/api/orders', cookie);
    expect(res.statusCode).toBe(200);
    const ids = res.json().orders.map((o: { id: string }) => o.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(res.json().orders[0].items[0]).toMatchObject({ productName: 'List test product', quantity: 2, price: 7_000 });
    expect((await get('/api/orders', other)).json().orders).toEqual([]);
  });

  it("answers another customer's order exactly like an unknown id", async () => {
    const p = await makeProduct(t, { price: 7_000, stock: 10 });
    const mine = (await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 1 }]))).json().order;
    expect((await get(`/api/orders/${mine.id}`, cookie)).statusCode).toBe(200);
    const theirs = await get(`/api/orders/${mine.id}`, other);
    const unknown = await get(`/api/orders/${crypto.randomUUID()}`, other);
    const garbage = await get('/api/orders/not-an-id', other);
    for (const r of [theirs, unknown, garbage]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Order not found' } });
    }
    expect((await cancel(mine.id, other)).json()).toEqual(unknown.json());
  });

  it('cancels my pending order and puts the stock and coupon use back', async () => {
    const p = await makeProduct(t, { price: 7_000, stock: 10 });
    const order = (await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 4 }], { couponCode: 'MEAT15' }))).json().order;
    expect(await stockOf(t, p.id)).toBe(6);
    const [before] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'MEAT15'));
    const res = await cancel(order.id, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'cancelled' });
    expect(res.json().order.cancelledAt).toBeTruthy();
    expect(await stockOf(t, p.id)).toBe(10);
    const [after] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'MEAT15'));
    expect(after!.usedCount).toBe(before!.usedCount - 1);
    // A second cancel must not restock twice.
    const again = await cancel(order.id, cookie);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t, p.id)).toBe(10);
  });

  it('publishes placed and cancelled order events to the live bus', async () => {
    const seen: { action: string; orderId: string; userId: string; outletId: string | null }[] = [];
    const unsubscribe = await t.app.deps.events.subscribe((e) => {
      if (e.type === 'order') seen.push(e);
    });
    try {
      const p = await makeProduct(t, { price: 7_000, stock: 10 });
      const order = (await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 1 }]))).json().order;
      await cancel(order.id, cookie);
      await expect
        .poll(() => seen.filter((e) => e.orderId === order.id).map((e) => e.action), { timeout: 5_000 })
        .toEqual(['placed', 'cancelled']);
      expect(seen.find((e) => e.orderId === order.id)).toMatchObject({ outletId: order.outlet.id });
    } finally {
      unsubscribe();
    }
  });

  it('refuses to cancel once a rider is assigned or the order is paid', async () => {
    const p = await makeProduct(t, { price: 7_000, stock: 10 });
    const a = (await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 1 }]))).json().order;
    const b = (await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 1 }]))).json().order;
    await t.database.db.update(orders).set({ status: 'assigned' }).where(eq(orders.id, a.id));
    await t.database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, b.id));
    expect((await cancel(a.id, cookie)).statusCode).toBe(409);
    const paid = await cancel(b.id, cookie);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.message).toMatch(/paid/);
    expect(await stockOf(t, p.id)).toBe(8);
  });
});
