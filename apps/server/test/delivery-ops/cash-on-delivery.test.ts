/**
 * Cash on delivery reconciliation: delivered cash-on-delivery orders add to the
 * cash a rider holds; hand-overs recorded by outlet staff or an admin take it off; each shift (a
 * Kampala day) compares cash collected with cash handed over and flags any difference.
 */
import { kampalaDate } from '@meatshop/shared/delivery-slots';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { orderFlow } from './flow.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(drivers)('cash on delivery on %s', (driver) => {
  let t: TestContext;
  let flow: Awaited<ReturnType<typeof orderFlow>>;
  let customer: string;
  let outlet: string;
  const today = () => kampalaDate(new Date());
  const riderCash = async () => (await t.app.inject({ method: 'GET', url: '/api/rider/cash', headers: { cookie: flow.rider } })).json();
  const handover = (cookie: string, payload: object, area: 'outlet' | 'admin' = 'outlet') =>
    t.app.inject({ method: 'POST', url: `/api/${area}/cash/handovers`, headers: { origin: ORIGIN, cookie }, payload });
  const deliverOne = async () => {
    const o = await flow.place(customer);
    await flow.assign(o.id);
    await flow.pickup(o.id);
    await flow.deliver(o.id);
    return o;
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    flow = await orderFlow(t);
    customer = await loginAs(t.app, 'customer');
    outlet = await loginAs(t.app, 'outlet');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds delivered cash-on-delivery orders to what the rider holds, and only delivered ones', async () => {
    expect(await riderCash()).toMatchObject({ balance: 0, collectedToday: 0, shifts: [] });
    const a = await deliverOne();
    const b = await deliverOne();
    // Assigned and picked up, not delivered yet: the rider has not taken the cash.
    const c = await flow.place(customer);
    await flow.assign(c.id);
    await flow.pickup(c.id);

    const cash = await riderCash();
    expect(cash.balance).toBe(a.totalAmount + b.totalAmount);
    expect(cash.collectedToday).toBe(a.totalAmount + b.totalAmount);
    expect(cash.shifts).toHaveLength(1);
    expect(cash.shifts[0]).toMatchObject({
      date: today(),
      orders: 2,
      collected: a.totalAmount + b.totalAmount,
      handedOver: 0,
      status: 'open',
      flagged: false,
    });
    await flow.deliver(c.id);
  });

  it('flags a hand-over that does not match the cash collected, and settles once it does', async () => {
    const held = (await riderCash()).balance;
    const short = await handover(outlet, { riderId: flow.riderId, amount: held - 5_000, note: 'Counted at the till' });
    expect(short.statusCode).toBe(201);
    expect(short.json()).toMatchObject({ balance: 5_000, flaggedShifts: 1 });
    const shift = short.json().shifts[0];
    expect(shift).toMatchObject({ status: 'short', flagged: true, difference: -5_000, handedOver: held - 5_000 });
    expect(shift.handovers[0]).toMatchObject({ amount: held - 5_000, receivedByName: 'Ruth Achieng', note: 'Counted at the till' });
    expect(shift.handovers[0].outletName).toBeTruthy();

    // The admin sees the same difference, per rider and per shift.
    const overview = (await t.app.inject({ method: 'GET', url: '/api/admin/cash', headers: { cookie: flow.admin } })).json();
    const rider = overview.riders.find((r: { riderId: string }) => r.riderId === flow.riderId);
    expect(rider).toMatchObject({ balance: 5_000, flaggedShifts: 1 });
    expect(overview.riders[0].riderId).toBe(flow.riderId);

    const rest = await handover(flow.admin, { riderId: flow.riderId, amount: 5_000 }, 'admin');
    expect(rest.statusCode).toBe(201);
    expect(rest.json()).toMatchObject({ balance: 0, flaggedShifts: 0 });
    expect(rest.json().shifts[0]).toMatchObject({ status: 'settled', difference: 0 });
    expect(rest.json().shifts[0].handovers.map((h: { receivedByName: string }) => h.receivedByName)).toContain('Amina Nansubuga');
  });

  it('flags a past shift whose cash was never handed over, and one handed over in excess', async () => {
    const o = await deliverOne();
    const twoDaysAgo = new Date(Date.now() - 2 * DAY);
    await t.database.db.update(orders).set({ deliveredAt: twoDaysAgo }).where(eq(orders.id, o.id));
    let cash = await riderCash();
    const past = cash.shifts.find((s: { date: string }) => s.date === kampalaDate(twoDaysAgo));
    expect(past).toMatchObject({ collected: o.totalAmount, status: 'not_handed_over', flagged: true });
    expect(cash.balance).toBe(o.totalAmount);

    const over = await handover(outlet, { riderId: flow.riderId, amount: o.totalAmount + 2_000, shiftDate: kampalaDate(twoDaysAgo) });
    expect(over.statusCode).toBe(201);
    cash = over.json();
    expect(cash.shifts.find((s: { date: string }) => s.date === kampalaDate(twoDaysAgo))).toMatchObject({
      status: 'over',
      difference: 2_000,
      flagged: true,
    });
    expect(cash.balance).toBe(-2_000);
  });

  it('refuses hand-overs for a future shift, of nothing, for an unknown rider, or by anyone but staff and admins', async () => {
    const tomorrow = kampalaDate(new Date(Date.now() + DAY));
    expect((await handover(outlet, { riderId: flow.riderId, amount: 1_000, shiftDate: tomorrow })).statusCode).toBe(400);
    expect((await handover(outlet, { riderId: flow.riderId, amount: 0 })).statusCode).toBe(400);
    expect((await handover(outlet, { riderId: 'nobody', amount: 1_000 })).statusCode).toBe(404);
    expect((await handover(flow.rider, { riderId: flow.riderId, amount: 1_000 })).statusCode).toBe(403);
    expect((await handover(customer, { riderId: flow.riderId, amount: 1_000 }, 'admin')).statusCode).toBe(403);
  });
});
