/**
 * Live rider positions (who may send, who may read, live events,
 * retention), dispatch suggestions, auto-assign with decline, and the proof of delivery for the shop.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRiders } from '../../src/db/schema/accounts.ts';
import { adminNotifications } from '../../src/db/schema/notifications.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { riderPositions } from '../../src/db/schema/tracking.ts';
import { purgeRiderPositions } from '../../src/modules/delivery/tracking.service.ts';
import { OUTLETS } from '../../src/seed/demo-data.ts';
import { openSse, type SseClient } from '../events/sse-client.ts';
import { checkoutBody, makeProduct } from '../orders/fixtures.ts';
import { createOrder } from '../fixtures/orders.ts';
import { makeCustomer, makeOutletEmployee, makeRider } from '../fixtures/people.ts';
import { jpeg, multipart } from '../fixtures/photos.ts';
import { demoIds, insertOrder, outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';

const BWAISE = OUTLETS[0]!;

describe.each(drivers)('rider tracking and dispatch on %s', (driver) => {
  let t: TestContext;
  let base: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let bwaise: string;
  let ntinda: string;
  let cookies: Record<'rider' | 'customer' | 'admin' | 'outlet' | 'otherRider' | 'otherCustomer' | 'otherOutlet', string>;
  let otherRiderId: string;
  const clients: SseClient[] = [];

  const req = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
  const deliver = async (orderId: string) => {
    const body = multipart(await jpeg());
    return t.app.inject({
      method: 'POST',
      url: `/api/rider/orders/${orderId}/deliver`,
      payload: body.payload,
      headers: { ...body.headers, cookie: cookies.rider, origin: ORIGIN },
    });
  };
  const sendPosition = (orderId: string, cookie: string, p: { lat: number; lng: number; recordedAt?: string }) =>
    req('POST', `/api/rider/orders/${orderId}/position`, cookie, p);
  const tracking = (orderId: string, cookie: string) => req('GET', `/api/tracking/orders/${orderId}`, cookie);
  const setOnline = async (riderId: string, lat: number | null, lng: number | null) =>
    t.app.deps.db
      .update(deliveryRiders)
      .set({ status: 'online', lastLatitude: lat, lastLongitude: lng, lastLocatedAt: lat === null ? null : new Date() })
      .where(eq(deliveryRiders.id, riderId));

  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const db = t.app.deps.db;
    ids = await demoIds(db);
    bwaise = await outletIdByName(db, BWAISE.name);
    ntinda = await outletIdByName(db, OUTLETS[2]!.name);
    const otherRider = await makeRider(t.app, `tracking-rider-${driver}@example.com`);
    otherRiderId = otherRider.id;
    cookies = {
      rider: await loginAs(t.app, 'rider'),
      customer: await loginAs(t.app, 'customer'),
      admin: await loginAs(t.app, 'admin'),
      outlet: await loginAs(t.app, 'outlet'),
      otherRider: otherRider.cookie,
      otherCustomer: (await makeCustomer(t.app, `tracking-customer-${driver}@example.com`)).cookie,
      otherOutlet: (await makeOutletEmployee(t.app, `tracking-staff-${driver}@example.com`, ntinda)).cookie,
    };
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t?.close();
  });

  it('takes positions only from the assigned rider while the order is picked up', async () => {
    const db = t.app.deps.db;
    const order = await insertOrder(db, { userId: ids.customerId, outletId: bwaise, status: 'picked_up', riderId: ids.riderId });
    const here = { lat: 0.345, lng: 32.575 };

    const ok = await sendPosition(order.id, cookies.rider, here);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ stored: true, position: here });
    // A second one within 5 s of the first is answered but not stored.
    const chatty = await sendPosition(order.id, cookies.rider, { lat: 0.3451, lng: 32.5751 });
    expect(chatty.json()).toMatchObject({ ok: true, stored: false });

    // Another rider gets the answer of an unknown order; a customer is not a rider at all.
    expect((await sendPosition(order.id, cookies.otherRider, here)).statusCode).toBe(404);
    expect((await sendPosition(order.id, cookies.customer, here)).statusCode).toBe(403);
    // Not picked up yet, and after delivery: refused.
    const assigned = await insertOrder(db, { userId: ids.customerId, outletId: bwaise, status: 'assigned', riderId: ids.riderId });
    const early = await sendPosition(assigned.id, cookies.rider, here);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Your position is shared only while you carry this order.');
    const done = await insertOrder(db, { userId: ids.customerId, outletId: bwaise, status: 'delivered', riderId: ids.riderId });
    expect((await sendPosition(done.id, cookies.rider, here)).statusCode).toBe(409);
    // Out-of-range coordinates are a validation error.
    expect((await sendPosition(order.id, cookies.rider, { lat: 95, lng: 32.5 })).statusCode).toBe(400);

    const stored = await db.select().from(riderPositions).where(eq(riderPositions.orderId, order.id));
    expect(stored).toHaveLength(1);
    expect(await db.select().from(riderPositions).where(eq(riderPositions.orderId, done.id))).toHaveLength(0);
  });

  it('shows the rider to the customer, the outlet and admins, with distance and arrival time; nobody else', async () => {
    const db = t.app.deps.db;
    const order = await insertOrder(db, {
      userId: ids.customerId,
      outletId: bwaise,
      status: 'picked_up',
      riderId: ids.riderId,
      lat: 0.3341,
      lng: 32.5925,
    });
    // About 2.2 km north-west of the door.
    await sendPosition(order.id, cookies.rider, { lat: 0.35, lng: 32.578 });
    // An older position arriving late from the offline queue does not move the marker back.
    await sendPosition(order.id, cookies.rider, { lat: 0.4, lng: 32.5, recordedAt: new Date(Date.now() - 60_000).toISOString() });

    for (const who of ['customer', 'outlet', 'admin'] as const) {
      const res = await tracking(order.id, cookies[who]);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        live: true,
        status: 'picked_up',
        position: { lat: 0.35, lng: 32.578 },
        rider: { fullName: 'Brian Kato' },
      });
      expect(body.distanceKm).toBeGreaterThan(2);
      expect(body.distanceKm).toBeLessThan(2.5);
      expect(body.etaMinutes).toBeGreaterThanOrEqual(5);
      expect(body.etaMinutes).toBeLessThanOrEqual(15);
    }
    for (const who of ['otherCustomer', 'otherOutlet', 'otherRider'] as const) {
      const res = await tracking(order.id, cookies[who]);
      expect(res.statusCode, who).toBe(404);
      expect(res.body).not.toContain('32.578');
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/tracking/orders/${order.id}` })).statusCode).toBe(401);
  });

  it('pushes each new position live to the customer, the outlet and admins only', async () => {
    const db = t.app.deps.db;
    const order = await insertOrder(db, { userId: ids.customerId, outletId: bwaise, status: 'picked_up', riderId: ids.riderId });
    const open = async (cookie: string) => {
      const c = await openSse(base, cookie);
      clients.push(c);
      return c;
    };
    const customer = await open(cookies.customer);
    const outlet = await open(cookies.outlet);
    const admin = await open(cookies.admin);
    const otherCustomer = await open(cookies.otherCustomer);
    const otherOutlet = await open(cookies.otherOutlet);
    await sendPosition(order.id, cookies.rider, { lat: 0.341, lng: 32.581 });
    const isPosition = (m: { event: string; data: unknown }) =>
      m.event === 'rider_position' && (m.data as { orderId: string }).orderId === order.id;
    for (const c of [customer, outlet, admin]) {
      const m = await c.next(isPosition);
      expect(m.data).toMatchObject({ lat: 0.341, lng: 32.581, orderId: order.id });
    }
    await new Promise((r) => setTimeout(r, 400));
    for (const c of [otherCustomer, otherOutlet]) expect(c.messages.filter(isPosition)).toHaveLength(0);
  });

  it('hides the position once the delivery closes, and the retention job deletes it later', async () => {
    const db = t.app.deps.db;
    const order = await insertOrder(db, { userId: ids.customerId, outletId: bwaise, status: 'picked_up', riderId: ids.riderId });
    const open = await insertOrder(db, { userId: ids.customerId, outletId: bwaise, status: 'picked_up', riderId: ids.riderId });
    await sendPosition(order.id, cookies.rider, { lat: 0.35, lng: 32.57 });
    await sendPosition(open.id, cookies.rider, { lat: 0.35, lng: 32.57 });
    const delivered = await deliver(order.id);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const after = (await tracking(order.id, cookies.customer)).json();
    expect(after).toMatchObject({ live: false, status: 'delivered', position: null, distanceKm: null });

    // Within the retention period the rows stay (for disputes); after it they are gone, open ones kept.
    expect((await purgeRiderPositions(db, 24)).deleted).toBe(0);
    const dayLater = new Date(Date.now() + 25 * 3_600_000);
    const purged = await purgeRiderPositions(db, 24, dayLater);
    expect(purged.deleted).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(riderPositions).where(eq(riderPositions.orderId, order.id))).toHaveLength(0);
    expect(await db.select().from(riderPositions).where(eq(riderPositions.orderId, open.id))).toHaveLength(1);
  });

  it('forgets the rider location when the rider goes offline', async () => {
    const db = t.app.deps.db;
    await db.update(orders).set({ status: 'delivered' }).where(eq(orders.riderId, otherRiderId));
    await setOnline(otherRiderId, null, null);
    const put = await req('PUT', '/api/rider/location', cookies.otherRider, { lat: 0.33, lng: 32.6 });
    expect(put.statusCode, put.body).toBe(200);
    const [row] = await db.select().from(deliveryRiders).where(eq(deliveryRiders.id, otherRiderId));
    expect(row).toMatchObject({ lastLatitude: 0.33, lastLongitude: 32.6 });
    expect((await req('PUT', '/api/rider/status', cookies.otherRider, { status: 'offline' })).statusCode).toBe(200);
    const [gone] = await db.select().from(deliveryRiders).where(eq(deliveryRiders.id, otherRiderId));
    expect(gone).toMatchObject({ lastLatitude: null, lastLongitude: null, lastLocatedAt: null });
    const refused = await req('PUT', '/api/rider/location', cookies.otherRider, { lat: 0.33, lng: 32.6 });
    expect(refused.statusCode).toBe(409);
  });

  it('ranks online riders by distance from the outlet and by load, and marks the suggested one', async () => {
    const db = t.app.deps.db;
    // Finish every open delivery so loads start at zero.
    await db.update(orders).set({ status: 'delivered' }).where(eq(orders.status, 'picked_up'));
    await db.update(orders).set({ status: 'delivered' }).where(eq(orders.status, 'assigned'));
    const near = await makeRider(t.app, `near-${driver}@example.com`);
    const far = await makeRider(t.app, `far-${driver}@example.com`);
    const unknown = await makeRider(t.app, `unknown-${driver}@example.com`);
    await setOnline(ids.riderId, BWAISE.latitude + 0.005, BWAISE.longitude); // ~0.6 km
    await setOnline(near.id, BWAISE.latitude + 0.01, BWAISE.longitude); // ~1.1 km
    await setOnline(far.id, BWAISE.latitude + 0.09, BWAISE.longitude); // ~10 km
    await setOnline(unknown.id, null, null);
    await setOnline(otherRiderId, null, null);
    await db.update(deliveryRiders).set({ status: 'offline' }).where(eq(deliveryRiders.id, otherRiderId));
    const order = await insertOrder(db, { userId: ids.customerId, outletId: bwaise, status: 'pending' });
    await db.update(orders).set({ paymentMethod: 'cash_on_delivery' }).where(eq(orders.id, order.id));

    const rank = async () => {
      const res = await req('GET', `/api/admin/riders/available?orderId=${order.id}`, cookies.admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: string; distanceKm: number | null; openDeliveries: number; suggested: boolean }[];
    };
    let list = await rank();
    expect(list.map((r) => r.id)).toEqual([ids.riderId, near.id, far.id, unknown.id]);
    expect(list.map((r) => r.suggested)).toEqual([true, false, false, false]);
    expect(list[0]!.distanceKm).toBeCloseTo(0.6, 0);
    expect(list[3]!.distanceKm).toBeNull();

    // One open delivery weighs like 3 km: the demo rider (0.6 km + 1 job) now ranks after the near one.
    await insertOrder(db, { userId: ids.customerId, outletId: bwaise, status: 'assigned', riderId: ids.riderId });
    list = await rank();
    expect(list.map((r) => r.id)).toEqual([near.id, ids.riderId, far.id, unknown.id]);
    expect(list[1]!.openDeliveries).toBe(1);
    expect(list.find((r) => r.suggested)?.id).toBe(near.id);

    // The suggestion is what the admin assigns.
    const assigned = await req('POST', `/api/admin/orders/${order.id}/assign`, cookies.admin, { riderId: near.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'assigned', rider: { id: near.id } });

    // The dispatch map shows online riders with positions and the open orders.
    const map = await req('GET', '/api/admin/dispatch', cookies.admin);
    expect(map.statusCode).toBe(200);
    expect(map.json().riders.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([near.id, far.id, ids.riderId]));
    expect(map.json().orders.map((o: { id: string }) => o.id)).toContain(order.id);
    expect((await req('GET', '/api/admin/dispatch', cookies.customer)).statusCode).toBe(403);
  });

  it('auto-assigns a new cash order to the suggested rider; a decline returns it to the queue and tells admins', async () => {
    const db = t.app.deps.db;
    await db.update(orders).set({ status: 'delivered' }).where(eq(orders.status, 'assigned'));
    // Only the demo rider online, next to the Ntinda outlet (the one nearest the checkout point).
    await db.update(deliveryRiders).set({ status: 'offline' });
    await setOnline(ids.riderId, 0.355, 32.615);
    const product = await makeProduct(t, { price: 20_000, stock: 50 });
    const place = () => req('POST', '/api/orders', cookies.customer, checkoutBody([{ productId: product.id, quantity: 1 }]));

    // Off by default: the order waits in the queue.
    const manual = await place();
    expect(manual.statusCode, manual.body).toBe(201);
    expect(manual.json().order.status).toBe('pending');

    const on = await req('PUT', '/api/admin/settings', cookies.admin, { autoAssignRiders: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().autoAssignRiders).toBe(true);
    const auto = await place();
    expect(auto.statusCode, auto.body).toBe(201);
    const orderId = auto.json().order.id as string;
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'assigned', riderId: ids.riderId });
    const riderList = await req('GET', '/api/rider/orders', cookies.rider);
    expect(riderList.json().orders.map((o: { id: string }) => o.id)).toContain(orderId);

    // Another rider cannot decline it; the assigned rider can, once.
    expect((await req('POST', `/api/rider/orders/${orderId}/decline`, cookies.otherRider)).statusCode).toBe(404);
    const declined = await req('POST', `/api/rider/orders/${orderId}/decline`, cookies.rider);
    expect(declined.statusCode, declined.body).toBe(200);
    const [back] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(back).toMatchObject({ status: 'pending', riderId: null, assignedAt: null });
    const notes = await db.select().from(adminNotifications).where(eq(adminNotifications.orderId, orderId));
    expect(notes.map((n) => n.message)).toContain(
      `Rider Brian Kato declined order #${orderId.slice(-6).toUpperCase()}: it is back in the queue`,
    );
    expect((await req('POST', `/api/rider/orders/${orderId}/decline`, cookies.rider)).statusCode).toBe(404);

    // A mobile-money order waits unpaid, and goes to the suggested rider the moment it is paid.
    const momo = await createOrder(db, { email: 'customer@shop.test', paymentMethod: 'mtn_money', mobileMoneyPhone: '+256772100002' });
    const [unpaid] = await db.select().from(orders).where(eq(orders.id, momo.id));
    expect(unpaid).toMatchObject({ status: 'pending', riderId: null });
    const { paymentUrl } = (await req('POST', '/api/payments/initiate', cookies.customer, { orderId: momo.id })).json();
    const approved = await t.app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ decision: 'approve', pin: '4821' }).toString(),
    });
    expect(approved.statusCode).toBe(303);
    const [paid] = await db.select().from(orders).where(eq(orders.id, momo.id));
    expect(paid).toMatchObject({ paymentStatus: 'paid', status: 'assigned', riderId: ids.riderId });
    // A picked-up order cannot be declined.
    const carried = await insertOrder(db, { userId: ids.customerId, outletId: bwaise, status: 'picked_up', riderId: ids.riderId });
    expect((await req('POST', `/api/rider/orders/${carried.id}/decline`, cookies.rider)).statusCode).toBe(409);
    await req('PUT', '/api/admin/settings', cookies.admin, { autoAssignRiders: false });
  });

  it('gives the admin the proof of delivery, and lets the outlet download it', async () => {
    const db = t.app.deps.db;
    const order = await insertOrder(db, { userId: ids.customerId, outletId: bwaise, status: 'picked_up', riderId: ids.riderId });
    const res = await deliver(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const admin = (await req('GET', `/api/admin/orders/${order.id}`, cookies.admin)).json();
    expect(admin).toMatchObject({ status: 'delivered', rider: { fullName: 'Brian Kato' } });
    expect(admin.deliveredAt).toBeTruthy();
    expect(admin.deliveryPhotoUrl).toMatch(new RegExp(`^/api/delivery-photos/${order.id}/\\d+\\.jpg$`));

    const download = await req('GET', `${admin.deliveryPhotoUrl}?download=1`, cookies.outlet);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="proof-of-delivery-${order.id.slice(-6).toUpperCase()}.jpg"`,
    );
    expect((await req('GET', `${admin.deliveryPhotoUrl}?download=1`, cookies.otherOutlet)).statusCode).toBe(404);
  });
});
