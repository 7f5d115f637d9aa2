/**
 * Delivery slots at checkout: hours, same-day cut-off and capacity are enforced by
 * POST /api/orders, including two customers racing for the last place in a slot. The clock is fixed
 * through app.deps.now; 2026-11-25 is a Wednesday, and Kampala is UTC+3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { makeCustomer } from '../fixtures/people.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';

/** A Kampala wall-clock time as an instant. */
const kampala = (isoLocal: string) => new Date(`${isoLocal}+03:00`);

describe.each(drivers)('delivery slots on %s', (driver) => {
  let t: TestContext;
  let customer: string;
  let admin: string;
  let productId: string;
  const setNow = (at: Date) => {
    t.app.deps.now = () => at;
  };
  const settings = (body: object) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { origin: ORIGIN, cookie: admin }, payload: body });
  const slots = async () => (await t.app.inject({ method: 'GET', url: '/api/delivery-slots' })).json();
  const order = (deliverySlot?: string, cookie = customer) =>
    placeOrder(t, cookie, checkoutBody([{ productId, quantity: 1 }], deliverySlot ? { deliverySlot } : {}));

  beforeAll(async () => {
    t = await createTestApp(driver);
    customer = await loginAs(t.app, 'customer');
    admin = await loginAs(t.app, 'admin');
    productId = (await makeProduct(t, { name: 'Slot Sausage', price: 10_000, stock: 500 })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers "as soon as possible" and the slots left today before the cut-off, then the next delivery days', async () => {
    setNow(kampala('2026-11-25T10:00:00'));
    const s = await slots();
    expect(s.asap.available).toBe(true);
    expect(s.sameDayCutoff).toBe('14:00');
    expect(s.days.map((d: { label: string }) => d.label)).toEqual(['Today', 'Tomorrow', 'Fri 27 Nov', 'Sat 28 Nov']);
    // 08:00 and 10:00 have started; 12:00 onwards are still open today.
    expect(s.days[0].slots.map((x: { label: string }) => x.label)).toEqual(['12:00 – 14:00', '14:00 – 16:00', '16:00 – 18:00']);
    expect(s.days[1].slots).toHaveLength(5);
    expect(s.days[1].slots[0]).toMatchObject({ start: kampala('2026-11-26T08:00:00').toISOString(), remaining: 10 });

    const res = await order('asap');
    expect(res.statusCode).toBe(201);
    expect(res.json().order.deliverySlot).toMatchObject({ asap: true, label: 'As soon as possible' });
  });

  it('refuses "as soon as possible" and today\'s slots after the same-day cut-off, and books tomorrow', async () => {
    setNow(kampala('2026-11-25T15:00:00'));
    const s = await slots();
    expect(s.asap.available).toBe(false);
    expect(s.days[0].label).toBe('Tomorrow');

    const asap = await order('asap');
    expect(asap.statusCode).toBe(422);
    expect(asap.json().error.message).toBe('We are not delivering right now. Please choose a delivery slot.');

    const lateToday = await order(kampala('2026-11-25T16:00:00').toISOString());
    expect(lateToday.statusCode).toBe(422);
    expect(lateToday.json().error.fields.deliverySlot).toBe('This delivery slot is no longer available. Please choose another one.');

    // Outside the hours and past the days offered are refused the same way.
    expect((await order(kampala('2026-11-26T19:00:00').toISOString())).statusCode).toBe(422);
    expect((await order(kampala('2026-12-05T08:00:00').toISOString())).statusCode).toBe(422);

    const ok = await order(kampala('2026-11-26T08:00:00').toISOString());
    expect(ok.statusCode).toBe(201);
    expect(ok.json().order.deliverySlot).toMatchObject({
      asap: false,
      start: kampala('2026-11-26T08:00:00').toISOString(),
      end: kampala('2026-11-26T10:00:00').toISOString(),
      label: 'Thu 26 Nov, 08:00 – 10:00',
    });
    // The customer's order detail reads the same slot.
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${ok.json().order.id}`, headers: { cookie: customer } });
    expect(detail.json().order.deliverySlot.label).toBe('Thu 26 Nov, 08:00 – 10:00');
  });

  it('has no "as soon as possible" on a day without deliveries (Sunday)', async () => {
    setNow(kampala('2026-11-29T10:00:00'));
    expect((await slots()).asap.available).toBe(false);
    expect((await order('asap')).statusCode).toBe(422);
  });

  it('fills a slot to its capacity, and a cancelled order gives its place back', async () => {
    setNow(kampala('2026-11-25T09:00:00'));
    expect((await settings({ slotCapacity: 2 })).statusCode).toBe(200);
    const slot = kampala('2026-11-27T10:00:00').toISOString();
    const first = await order(slot);
    expect(first.statusCode).toBe(201);
    expect((await order(slot)).statusCode).toBe(201);
    const full = await order(slot);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('This delivery slot is full. Please choose another one.');
    const listed = (await slots()).days.flatMap((d: { slots: { start: string; remaining: number }[] }) => d.slots);
    expect(listed.find((x: { start: string }) => x.start === slot)?.remaining).toBe(0);

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${first.json().order.id}/cancel`,
      headers: { origin: ORIGIN, cookie: customer },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await order(slot)).statusCode).toBe(201);
  });

  it('gives the last place in a slot to exactly one of several customers racing for it', async () => {
    setNow(kampala('2026-11-25T09:00:00'));
    await settings({ slotCapacity: 1 });
    const others = await Promise.all([1, 2, 3].map((i) => makeCustomer(t.app, `racer${i}-${driver}@shop.test`)));
    const slot = kampala('2026-11-28T14:00:00').toISOString();
    const results = await Promise.all([customer, ...others.map((o) => o.cookie), customer, others[0]!.cookie].map((c) => order(slot, c)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    // The losers' orders were rolled back whole: no stock was taken for them.
    const listed = (await slots()).days.flatMap((d: { slots: { start: string; remaining: number }[] }) => d.slots);
    expect(listed.find((x: { start: string }) => x.start === slot)?.remaining).toBe(0);
  });

  it('books the earliest time for a client that sends no choice', async () => {
    await settings({ slotCapacity: 1 });
    // Saturday evening: Sunday has no deliveries, so Monday's first slot, then the next one once it is full.
    setNow(kampala('2026-11-28T20:00:00'));
    const a = await order();
    expect(a.statusCode).toBe(201);
    expect(a.json().order.deliverySlot.label).toBe('Mon 30 Nov, 08:00 – 10:00');
    const b = await order();
    expect(b.json().order.deliverySlot.label).toBe('Mon 30 Nov, 10:00 – 12:00');
    setNow(kampala('2026-11-30T11:00:00'));
    expect((await order()).json().order.deliverySlot.asap).toBe(true);
  });

  it('lets the admin change hours, cut-off and capacity, and checks them', async () => {
    const bad = await settings({ deliveryOpensAt: '18:00', deliveryClosesAt: '09:00' });
    expect(bad.statusCode).toBe(400);
    expect((await settings({ deliveryOpensAt: '8am' })).statusCode).toBe(400);
    const ok = await settings({
      deliveryOpensAt: '09:00',
      deliveryClosesAt: '17:00',
      sameDayCutoff: '12:00',
      slotMinutes: 240,
      deliveryDays: [1, 2, 3, 4, 5],
    });
    expect(ok.statusCode).toBe(200);
    setNow(kampala('2026-11-27T11:00:00')); // a Friday
    const s = await slots();
    expect(s.asap.available).toBe(true);
    // Fri: 13:00-17:00 left; Sat and Sun have no deliveries; Mon has two four-hour slots.
    expect(s.days.map((d: { label: string }) => d.label)).toEqual(['Today', 'Mon 30 Nov']);
    expect(s.days[1].slots.map((x: { label: string }) => x.label)).toEqual(['09:00 – 13:00', '13:00 – 17:00']);
  });
});
