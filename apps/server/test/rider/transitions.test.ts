import { canRiderDo, RIDER_ACTIONS, type RiderAction } from '@meatshop/shared/delivery';
import { ORDER_STATUSES, type OrderStatus } from '@meatshop/shared/status';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRiders } from '../../src/db/schema/accounts.ts';
import { products } from '../../src/db/schema/catalog.ts';
import { riderEarnings } from '../../src/db/schema/delivery.ts';
import { adminNotifications } from '../../src/db/schema/notifications.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { OUTLETS } from '../../src/seed/demo-data.ts';
import { makeRider } from '../fixtures/people.ts';
import { jpeg, multipart } from '../fixtures/photos.ts';
import { demoIds, insertOrder, outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';

describe.each(drivers)('rider delivery transitions on %s', (driver) => {
  let t: TestContext;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let outletId: string;
  let cookies: { rider: string; other: string; inactive: string; customer: string };
  let inactiveId: string;
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp(driver);
    ids = await demoIds(t.app.deps.db);
    outletId = await outletIdByName(t.app.deps.db, OUTLETS[0]!.name);
    const other = await makeRider(t.app, `other-rider-${driver}@example.com`);
    const inactive = await makeRider(t.app, `inactive-rider-${driver}@example.com`);
    inactiveId = inactive.id;
    // Signed in while active, then deactivated by an admin: the session stays, the work stops.
    await t.app.deps.db.update(deliveryRiders).set({ isActive: false }).where(eq(deliveryRiders.id, inactive.id));
    cookies = {
      rider: await loginAs(t.app, 'rider'),
      other: other.cookie,
      inactive: inactive.cookie,
      customer: await loginAs(t.app, 'customer'),
    };
    photo = await jpeg();
  });
  afterAll(async () => {
    await t?.close();
  });

  const act = (action: RiderAction, orderId: string, cookie: string) => {
    const url = `/api/rider/orders/${orderId}/${action}`;
    if (action === 'deliver') {
      const body = multipart(photo);
      return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie, origin: ORIGIN } });
    }
    return t.app.inject({ method: 'POST', url, payload: {}, headers: { cookie, origin: ORIGIN } });
  };

  const expected = (who: keyof typeof cookies, action: RiderAction, status: OrderStatus) => {
    if (who === 'customer' || who === 'inactive') return 403;
    if (who === 'other') return 404;
    return canRiderDo(action, status) ? 200 : 409;
  };

  for (const who of ['rider', 'other', 'inactive', 'customer'] as const) {
    for (const status of ORDER_STATUSES) {
      for (const action of RIDER_ACTIONS) {
        it(`${who}: ${action} on ${status} → ${expected(who, action, status)}`, async () => {
          const riderId = who === 'inactive' ? inactiveId : ids.riderId;
          const order = await insertOrder(t.app.deps.db, { userId: ids.customerId, outletId, status, riderId });
          const res = await act(action, order.id, cookies[who]);
          const code = expected(who, action, status);
          expect(res.statusCode, res.body).toBe(code);
          const [after] = await t.app.deps.db.select().from(orders).where(eq(orders.id, order.id));
          if (code === 200) {
            expect(res.json().order.status).toBe({ pickup: 'picked_up', deliver: 'delivered', cancel: 'cancelled' }[action]);
            expect(after!.updatedAt.getTime()).toBeGreaterThan(order.updatedAt.getTime() - 1);
          } else {
            expect(after!.status).toBe(status);
            expect(res.json().error.message).toBeTruthy();
          }
          if (code === 409) expect(res.json().error.code).toBe('CONFLICT');
          if (code === 404) expect(res.json().error.message).toBe('Order not found');
        });
      }
    }
  }

  // The table above leaves picked-up orders behind; each story below starts from a rider with none.
  const clearRider = async () => {
    const db = t.app.deps.db;
    await db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(and(eq(orders.riderId, ids.riderId), inArray(orders.status, ['assigned', 'picked_up'])));
    await db.update(deliveryRiders).set({ status: 'online' }).where(eq(deliveryRiders.id, ids.riderId));
  };

  it('answers an unknown order id like another rider’s order', async () => {
    const res = await act('pickup', crypto.randomUUID(), cookies.rider);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Order not found');
  });

  it('walks a whole delivery: timestamps, rider status, total deliveries, earning entry', async () => {
    await clearRider();
    const db = t.app.deps.db;
    const [before] = await db.select().from(deliveryRiders).where(eq(deliveryRiders.id, ids.riderId));
    const order = await insertOrder(db, { userId: ids.customerId, outletId, status: 'assigned', riderId: ids.riderId });
    const picked = await act('pickup', order.id, cookies.rider);
    expect(picked.json().order.pickedUpAt).toBeTruthy();
    let [rider] = await db.select().from(deliveryRiders).where(eq(deliveryRiders.id, ids.riderId));
    expect(rider!.status).toBe('delivering');

    const delivered = await act('deliver', order.id, cookies.rider);
    const body = delivered.json().order;
    expect(body.deliveredAt).toBeTruthy();
    expect(body.deliveryPhotoUrl).toMatch(new RegExp(`^/api/delivery-photos/${order.id}/\\d+\\.jpg$`));
    [rider] = await db.select().from(deliveryRiders).where(eq(deliveryRiders.id, ids.riderId));
    expect(rider!.status).toBe('online');
    expect(rider!.totalDeliveries).toBe(before!.totalDeliveries + 1);

    const [earning] = await db.select().from(riderEarnings).where(eq(riderEarnings.orderId, order.id));
    // Bwaise (0.3563, 32.5581) to the fixture's drop-off (0.3341, 32.5925): about 4.5 km.
    expect(earning!.type).toBe('delivery');
    expect(earning!.distanceKm).toBeGreaterThan(4);
    expect(earning!.distanceKm).toBeLessThan(5);
    expect(earning!.amount).toBe(3_000 + Math.round(earning!.distanceKm! * 500));
  });

  it('stays delivering while another picked-up order remains', async () => {
    await clearRider();
    const db = t.app.deps.db;
    const a = await insertOrder(db, { userId: ids.customerId, outletId, status: 'assigned', riderId: ids.riderId });
    const b = await insertOrder(db, { userId: ids.customerId, outletId, status: 'assigned', riderId: ids.riderId });
    await act('pickup', a.id, cookies.rider);
    await act('pickup', b.id, cookies.rider);
    await act('deliver', a.id, cookies.rider);
    let [rider] = await db.select().from(deliveryRiders).where(eq(deliveryRiders.id, ids.riderId));
    expect(rider!.status).toBe('delivering');
    await act('cancel', b.id, cookies.rider);
    [rider] = await db.select().from(deliveryRiders).where(eq(deliveryRiders.id, ids.riderId));
    expect(rider!.status).toBe('online');
  });

  it('cancel before pickup puts the stock back; after pickup the goods wait for the outlet; admins are told', async () => {
    const db = t.app.deps.db;
    const [p] = await db.select().from(products).where(eq(products.isArchived, false)).limit(1);
    const stock = async () => (await db.select().from(products).where(eq(products.id, p!.id)))[0]!.stock;
    const start = await stock();
    const carried = await insertOrder(db, {
      userId: ids.customerId,
      outletId,
      status: 'picked_up',
      riderId: ids.riderId,
      items: [{ productId: p!.id, quantity: 3 }],
    });
    const res = await act('cancel', carried.id, cookies.rider);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.cancelledAt).toBeTruthy();
    // The rider still holds them: selling them again now would oversell.
    expect(await stock()).toBe(start);
    const notes = await db
      .select()
      .from(adminNotifications)
      .where(and(eq(adminNotifications.orderId, carried.id)));
    expect(notes[0]?.message).toMatch(/cancelled by rider Brian Kato/);

    const waiting = await insertOrder(db, {
      userId: ids.customerId,
      outletId,
      status: 'assigned',
      riderId: ids.riderId,
      items: [{ productId: p!.id, quantity: 3 }],
    });
    expect((await act('cancel', waiting.id, cookies.rider)).statusCode).toBe(200);
    expect(await stock()).toBe(start + 3);
  });

  it('lets the rider go online and offline, but not offline while carrying an order', async () => {
    await clearRider();
    const db = t.app.deps.db;
    const put = (status: string) =>
      t.app.inject({ method: 'PUT', url: '/api/rider/status', payload: { status }, headers: { cookie: cookies.rider, origin: ORIGIN } });
    expect((await put('offline')).json().status).toBe('offline');
    expect((await put('online')).json().status).toBe('online');
    const order = await insertOrder(db, { userId: ids.customerId, outletId, status: 'assigned', riderId: ids.riderId });
    await act('pickup', order.id, cookies.rider);
    const refused = await put('offline');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Finish your active delivery before going offline.');
    await act('cancel', order.id, cookies.rider);
    expect((await put('bogus')).statusCode).toBe(400);
  });
});
