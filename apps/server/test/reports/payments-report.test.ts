/**
 * Admin > Reports > Payments: paid and refunded per Kampala day and money channel. Provider payments
 * count on the day we recorded them completed, cash orders on the day they were delivered (less what
 * was taken off the cash to collect), completed refunds on the day they completed; Kampala midnight
 * decides the day.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { orders, payments } from '../../src/db/schema/orders.ts';
import { refunds } from '../../src/db/schema/refunds.ts';
import { createOrder } from '../fixtures/orders.ts';
import { createTestApp, drivers, loginAs, type TestContext } from '../helpers.ts';

const CUSTOMER = 'customer@shop.test';
/** An instant at `hh:mm` on a Kampala day (UTC+3). */
const kampala = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+03:00`);

async function paidBy(db: Db, method: 'mtn_money' | 'airtel_money' | 'card', at: Date, status = 'completed') {
  const order = await createOrder(db, { email: CUSTOMER, paymentMethod: method, paymentStatus: 'paid', createdAt: at });
  const [p] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: 'simulator',
      method,
      merchantReference: `R-${order.id.slice(0, 8)}`,
      amount: order.totalAmount,
      status,
      completedAt: status === 'completed' ? at : null,
    })
    .returning();
  return { order, payment: p! };
}

async function refund(
  db: Db,
  orderId: string,
  r: { amount: number; method: string; state: string; at?: Date; reducesCollection?: boolean },
) {
  await db.insert(refunds).values({
    orderId,
    amount: r.amount,
    reason: 'goodwill',
    method: r.method,
    state: r.state,
    reducesCollection: r.reducesCollection ?? false,
    completedAt: r.state === 'completed' ? (r.at ?? null) : null,
  });
}

describe.each(drivers)('payments report (%s)', (driver) => {
  let t: TestContext;
  let admin: string;
  let a: number; // MTN, 1 March
  let b: number; // card, 1 March 23:30
  let c: number; // card, 2 March 00:30
  let d: number; // Airtel, 2 March
  let cash: number; // cash order delivered 2 March, 5,000 taken off before delivery
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await loginAs(t.app, 'admin');
    const db = t.database.db;
    const A = await paidBy(db, 'mtn_money', kampala('2026-03-01', '10:00'));
    const B = await paidBy(db, 'card', kampala('2026-03-01', '23:30'));
    const C = await paidBy(db, 'card', kampala('2026-03-02', '00:30'));
    const D = await paidBy(db, 'airtel_money', kampala('2026-03-02', '12:00'));
    await paidBy(db, 'mtn_money', kampala('2026-03-02', '13:00'), 'failed');
    const cod = await createOrder(db, { email: CUSTOMER, paymentMethod: 'cash_on_delivery', createdAt: kampala('2026-03-02', '08:00') });
    await db
      .update(orders)
      .set({ status: 'delivered', deliveredAt: kampala('2026-03-02', '11:00') })
      .where(eq(orders.id, cod.id));
    [a, b, c, d, cash] = [A.order.totalAmount, B.order.totalAmount, C.order.totalAmount, D.order.totalAmount, cod.totalAmount - 5_000];
    // Cash taken off before delivery is not money given back: it lowers what was collected.
    await refund(db, cod.id, {
      amount: 5_000,
      method: 'cash',
      state: 'completed',
      at: kampala('2026-03-02', '09:00'),
      reducesCollection: true,
    });
    await refund(db, A.order.id, { amount: 10_000, method: 'mobile_money', state: 'completed', at: kampala('2026-03-03', '09:00') });
    // Paid back at an outlet in cash for a card order: the cash row, on the day it was paid back.
    await refund(db, B.order.id, { amount: 4_000, method: 'cash', state: 'completed', at: kampala('2026-03-03', '23:59') });
    // Not given back yet, or refused: not counted.
    await refund(db, C.order.id, { amount: 3_000, method: 'card', state: 'sent' });
    await refund(db, D.order.id, { amount: 2_000, method: 'mobile_money', state: 'failed' });
    // Outside the range: paid 28 February 23:59, refunded 4 March 00:00.
    const E = await paidBy(db, 'card', kampala('2026-02-28', '23:59'));
    await refund(db, E.order.id, { amount: 1_000, method: 'card', state: 'completed', at: kampala('2026-03-04', '00:00') });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });

  it('rows per day and method, by Kampala day, with totals', async () => {
    const res = await get('/api/admin/reports/payments?from=2026-03-01&to=2026-03-03');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    const row = (day: string, method: string, payments: number, paid: number, refunded: number) =>
      expect.objectContaining({ day, method, payments, paid, refunded, net: paid - refunded });
    expect(r.rows).toEqual([
      row('2026-03-01', 'mobile_money', 1, a, 0),
      row('2026-03-01', 'card', 1, b, 0),
      row('2026-03-02', 'mobile_money', 1, d, 0),
      row('2026-03-02', 'card', 1, c, 0),
      row('2026-03-02', 'cash', 1, cash, 0),
      row('2026-03-03', 'mobile_money', 0, 0, 10_000),
      row('2026-03-03', 'cash', 0, 0, 4_000),
    ]);
    expect(r.rows[0].label).toBe('Mobile money');
    expect(r.byMethod).toEqual([
      expect.objectContaining({ method: 'mobile_money', payments: 2, paid: a + d, refunded: 10_000, net: a + d - 10_000 }),
      expect.objectContaining({ method: 'card', payments: 2, paid: b + c, refunded: 0, net: b + c }),
      expect.objectContaining({ method: 'cash', payments: 1, paid: cash, refunded: 4_000, net: cash - 4_000 }),
    ]);
    const paid = a + b + c + d + cash;
    expect(r.totals).toEqual({ payments: 5, paid, refunded: 14_000, net: paid - 14_000 });
  });

  it('one day alone: a payment at 23:30 Kampala time is that day, at 00:30 the next', async () => {
    const r = (await get('/api/admin/reports/payments?from=2026-03-01&to=2026-03-01')).json();
    expect(r.totals).toEqual({ payments: 2, paid: a + b, refunded: 0, net: a + b });
  });

  it('CSV: a line per day and method, per method total, and the grand total', async () => {
    const res = await get('/api/admin/reports/payments.csv?from=2026-03-01&to=2026-03-03');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="payments-2026-03-01-to-2026-03-03.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Date","Method","Payments","Paid (UGX)","Refunded (UGX)","Net (UGX)"');
    expect(lines[1]).toBe(`"2026-03-01","Mobile money",1,${a},0,${a}`);
    expect(lines).toHaveLength(1 + 7 + 3 + 1);
    const paid = a + b + c + d + cash;
    expect(lines.at(-1)).toBe(`"Total","All methods",5,${paid},14000,${paid - 14_000}`);
  });

  it('defaults to the last 7 Kampala days; refuses a reversed range; admins only', async () => {
    const r = (await get('/api/admin/reports/payments')).json();
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' });
    const from = new Date(`${today}T12:00:00Z`);
    from.setUTCDate(from.getUTCDate() - 6);
    expect({ from: r.from, to: r.to }).toEqual({ from: from.toISOString().slice(0, 10), to: today });
    const bad = await get('/api/admin/reports/payments?from=2026-03-03&to=2026-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/start date must be on or before the end date/);
    const customer = await loginAs(t.app, 'customer');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/reports/payments', headers: { cookie: customer } });
    expect(res.statusCode).toBe(403);
  });
});
