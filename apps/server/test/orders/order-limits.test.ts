/**
 * Per-customer order limits: open orders (not delivered or cancelled) and orders per minute, counted
 * under a lock on the customer so parallel placements from one account cannot get past them.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/orders.ts';
import { makeCustomer } from '../fixtures/people.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder, stockOf } from './fixtures.ts';

describe.each(drivers)('order limits per customer on %s', (driver) => {
  let t: TestContext;
  let admin: string;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(driver, { shopOrderLimits: true });
    admin = await loginAs(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const settings = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { origin: ORIGIN, cookie: admin }, payload });
  const freshCustomer = () => makeCustomer(t.app, `limits-${driver}-${++n}@example.com`);
  /** Moves a customer's orders back in time, as if they had been placed minutes ago. */
  const age = (userId: string) =>
    t.database.db.update(orders).set({ createdAt: sql`now() - interval '5 minutes'` }).where(eq(orders.userId, userId));

  beforeEach(async () => {
    expect((await settings({ maxOpenOrdersPerCustomer: 5, maxOrdersPerMinute: 3 })).statusCode).toBe(200);
  });

  it('lets 3 of 60 parallel placements from one account through, and answers the rest 429', async () => {
    const customer = await freshCustomer();
    const p = await makeProduct(t, { name: 'Limited Sausage', price: 9_000, stock: 100 });
    const results = await Promise.all(
      Array.from({ length: 60 }, () => placeOrder(t, customer.cookie, checkoutBody([{ productId: p.id, quantity: 1 }]))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(57);
    const refused = results.find((r) => r.statusCode === 429)!.json();
    expect(refused.error.code).toBe('RATE_LIMITED');
    expect(refused.error.message).toMatch(/too quickly.*wait a minute/i);
    expect(await stockOf(t, p.id)).toBe(97);
  });

  it('refuses a sixth open order with 422 until one is delivered or cancelled', async () => {
    const customer = await freshCustomer();
    const p = await makeProduct(t, { price: 5_000, stock: 100 });
    const place = () => placeOrder(t, customer.cookie, checkoutBody([{ productId: p.id, quantity: 1 }]));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await place();
      expect(res.statusCode).toBe(201);
      ids.push(res.json().order.id);
      await age(customer.id); // keep the per-minute limit out of this test
    }
    const sixth = await place();
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().error).toMatchObject({ code: 'RULE_BROKEN' });
    expect(sixth.json().error.message).toMatch(/already have 5 orders in progress/);
    expect(await stockOf(t, p.id)).toBe(95);

    // A cancelled order frees a place; so does a delivered one.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${ids[0]}/cancel`,
      headers: { origin: ORIGIN, cookie: customer.cookie },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await place()).statusCode).toBe(201);
    await age(customer.id);
    expect((await place()).statusCode).toBe(422);
    await t.database.db.update(orders).set({ status: 'delivered', deliveredAt: new Date() }).where(eq(orders.id, ids[1]!));
    expect((await place()).statusCode).toBe(201);
  });

  it('allows more orders once the minute has passed', async () => {
    const customer = await freshCustomer();
    const p = await makeProduct(t, { price: 5_000, stock: 100 });
    const place = () => placeOrder(t, customer.cookie, checkoutBody([{ productId: p.id, quantity: 1 }]));
    for (let i = 0; i < 3; i++) expect((await place()).statusCode).toBe(201);
    expect((await place()).statusCode).toBe(429);
    await age(customer.id);
    expect((await place()).statusCode).toBe(201);
  });

  it('counts each customer on their own', async () => {
    const a = await freshCustomer();
    const b = await freshCustomer();
    const p = await makeProduct(t, { price: 5_000, stock: 100 });
    for (let i = 0; i < 3; i++)
      expect((await placeOrder(t, a.cookie, checkoutBody([{ productId: p.id, quantity: 1 }]))).statusCode).toBe(201);
    expect((await placeOrder(t, a.cookie, checkoutBody([{ productId: p.id, quantity: 1 }]))).statusCode).toBe(429);
    expect((await placeOrder(t, b.cookie, checkoutBody([{ productId: p.id, quantity: 1 }]))).statusCode).toBe(201);
  });

  it('answers a repeated Idempotency-Key with its order even at the limit', async () => {
    const customer = await freshCustomer();
    const p = await makeProduct(t, { price: 5_000, stock: 100 });
    const body = checkoutBody([{ productId: p.id, quantity: 1 }]);
    const first = await placeOrder(t, customer.cookie, body, { 'idempotency-key': 'limits-repeat-1' });
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await placeOrder(t, customer.cookie, body)).statusCode).toBe(201);
    const again = await placeOrder(t, customer.cookie, body, { 'idempotency-key': 'limits-repeat-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(first.json().order.id);
  });

  it('takes the limits from the admin settings, and refuses limits below 1', async () => {
    const customer = await freshCustomer();
    const p = await makeProduct(t, { price: 5_000, stock: 100 });
    expect((await settings({ maxOpenOrdersPerCustomer: 1 })).statusCode).toBe(200);
    expect((await placeOrder(t, customer.cookie, checkoutBody([{ productId: p.id, quantity: 1 }]))).statusCode).toBe(201);
    const second = await placeOrder(t, customer.cookie, checkoutBody([{ productId: p.id, quantity: 1 }]));
    expect(second.statusCode).toBe(422);
    expect(second.json().error.message).toMatch(/already have 1 orders? in progress/);
    const bad = await settings({ maxOpenOrdersPerCustomer: 0, maxOrdersPerMinute: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('maxOpenOrdersPerCustomer');
  });
});
