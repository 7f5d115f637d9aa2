/**
 * Cold chain: the periodic check raises each alert once (even two instances checking at once), the
 * dispatcher sees every open alert and an outlet only its own, and the delivery performance report
 * adds up time out of the chiller per order, rider and outlet.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/client.ts';
import { productCategories, products } from '../../src/db/schema/catalog.ts';
import { coldChainAlerts } from '../../src/db/schema/cold-chain.ts';
import { adminNotifications } from '../../src/db/schema/notifications.ts';
import { orderItems, orders } from '../../src/db/schema/orders.ts';
import { type Audience, canSee } from '../../src/modules/accounts/event-audience.ts';
import { checkColdChain } from '../../src/modules/cold-chain/cold-chain.service.ts';
import { updateShopSettings } from '../../src/modules/settings/settings.service.ts';
import { ACCOUNTS } from '../../src/seed/demo-data.ts';
import { createEmployee, HOME_OUTLET, insertOrder, OTHER_OUTLET, outletIdByName } from '../fixtures/outlet-orders.ts';
import { idOfEmail } from '../fixtures/rider-orders.ts';
import { createTestApp, drivers, loginAs, ORIGIN, type TestContext } from '../helpers.ts';

const minutes = (m: number) => m * 60_000;

describe.each(drivers)('cold chain on %s', (driver) => {
  let t: TestContext;
  let db: Db;
  let homeId: string;
  let otherId: string;
  let admin: string;
  let outlet: string;
  let outletY: string;
  let rider: string;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    db = t.database.db;
    homeId = await outletIdByName(db, HOME_OUTLET);
    otherId = await outletIdByName(db, OTHER_OUTLET);
    await updateShopSettings(db, { chillLimitMinutes: 90, chillAlertPercent: 80 }, null);
    admin = await loginAs(t.app, 'admin');
    outlet = await loginAs(t.app, 'outlet');
    rider = await loginAs(t.app, 'rider');
    customer = await loginAs(t.app, 'customer');
    outletY = (
      await createEmployee(t.app, db, {
        email: 'chiller.y@shop.test',
        fullName: 'Other Packer',
        phone: '0772555222',
        outletId: otherId,
        role: 'Cashier',
      })
    ).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const alertsOf = async (orderId: string) =>
    db.select({ level: coldChainAlerts.level }).from(coldChainAlerts).where(eq(coldChainAlerts.orderId, orderId));
  const noticesOf = async (orderId: string) =>
    db.select({ message: adminNotifications.message }).from(adminNotifications).where(eq(adminNotifications.orderId, orderId));
  const mine = (r: { raised: string[] }, orderId: string) => r.raised.filter((k) => k.startsWith(orderId));

  /** A second instance: its own connection pool to the same database on PostgreSQL. */
  async function secondInstance(): Promise<{ db: Db; close(): Promise<void> }> {
    if (driver !== 'postgres') return { db, close: async () => {} };
    const rows = (await db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows.rows[0]!.name}`;
    const db2 = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    return { db: db2.db, close: () => db2.close() };
  }

  it('raises the near alert once at the threshold, even with two checks at once, then the over alert once', async () => {
    const packedAt = new Date(Date.now() - minutes(100));
    const order = await insertOrder(db, { outletId: homeId, status: 'assigned', readyAt: packedAt });
    const at = (m: number) => new Date(packedAt.getTime() + minutes(m));

    expect(mine(await checkColdChain(db, at(71)), order.id)).toEqual([]);
    expect(await alertsOf(order.id)).toEqual([]);

    const second = await secondInstance();
    const [r1, r2] = await Promise.all([checkColdChain(db, at(72)), checkColdChain(second.db, at(72))]);
    await second.close();
    expect([...mine(r1, order.id), ...mine(r2, order.id)]).toEqual([`${order.id}:near`]);
    expect(await alertsOf(order.id)).toEqual([{ level: 'near' }]);
    expect(await noticesOf(order.id)).toEqual([{ message: expect.stringContaining('Cold chain: 72 of 90 min out of the chiller') }]);

    // Later runs before the limit say nothing new; passing the limit raises the second alert, once.
    expect(mine(await checkColdChain(db, at(80)), order.id)).toEqual([]);
    const [o1, o2] = await Promise.all([checkColdChain(db, at(90)), checkColdChain(db, at(91))]);
    expect([...mine(o1, order.id), ...mine(o2, order.id)]).toEqual([`${order.id}:over`]);
    expect((await alertsOf(order.id)).map((a) => a.level).sort()).toEqual(['near', 'over']);
    expect(await noticesOf(order.id)).toHaveLength(2);
    expect(mine(await checkColdChain(db, at(200)), order.id)).toEqual([]);
  });

  it("sends the live event to admins and the order's outlet only", () => {
    const event = { type: 'cold_chain', orderId: 'o1', outletId: homeId, level: 'near', minutesOut: 72, limitMinutes: 90 } as const;
    const who = (a: Partial<Audience>): Audience => ({ userId: 'u', isAdmin: false, riderId: null, outletId: null, ...a });
    expect(canSee(who({ isAdmin: true }), event)).toBe(true);
    expect(canSee(who({ outletId: homeId }), event)).toBe(true);
    expect(canSee(who({ outletId: otherId }), event)).toBe(false);
    expect(canSee(who({ riderId: 'r1' }), event)).toBe(false);
    expect(canSee(who({}), event)).toBe(false);
  });

  it('leaves orders not yet packed, delivered or cancelled alone', async () => {
    const long = new Date(Date.now() - minutes(300));
    const unpacked = await insertOrder(db, { outletId: homeId, createdAt: long });
    const cancelled = await insertOrder(db, { outletId: homeId, status: 'cancelled', readyAt: long });
    const delivered = await insertOrder(db, { outletId: homeId, status: 'delivered', readyAt: long });
    await checkColdChain(db, new Date());
    for (const o of [unpacked, cancelled, delivered]) expect(await alertsOf(o.id)).toEqual([]);
  });

  it('shows the dispatcher every open alert and each outlet only its own', async () => {
    const home = await insertOrder(db, { outletId: homeId, status: 'assigned', readyAt: new Date(Date.now() - minutes(75)) });
    const other = await insertOrder(db, { outletId: otherId, status: 'assigned', readyAt: new Date(Date.now() - minutes(75)) });
    await checkColdChain(db, new Date());

    const all = await get('/api/admin/cold-chain', admin);
    expect(all.statusCode).toBe(200);
    const byId = new Map(all.json().alerts.map((a: { orderId: string }) => [a.orderId, a]));
    expect(byId.get(home.id)).toMatchObject({ level: 'near', minutesOut: 75, limitMinutes: 90, outletName: HOME_OUTLET });
    expect(byId.has(other.id)).toBe(true);

    const ids = async (cookie: string) =>
      (await get('/api/outlet/cold-chain', cookie)).json().alerts.map((a: { orderId: string }) => a.orderId);
    expect(await ids(outlet)).toContain(home.id);
    expect(await ids(outlet)).not.toContain(other.id);
    expect(await ids(outletY)).toContain(other.id);
    expect(await ids(outletY)).not.toContain(home.id);

    // Riders and customers are not told; outlet staff cannot read the dispatcher's list.
    expect((await get('/api/outlet/cold-chain', rider)).statusCode).toBe(403);
    expect((await get('/api/admin/cold-chain', customer)).statusCode).toBe(403);
    expect((await get('/api/admin/cold-chain', outlet)).statusCode).toBe(403);

    // Once delivered it leaves the screens.
    await db.update(orders).set({ status: 'delivered', deliveredAt: new Date() }).where(eq(orders.id, home.id));
    expect(await ids(outlet)).not.toContain(home.id);
  });

  it('reports time out of the chiller per order, rider and outlet, with the category limit', async () => {
    const riderId = await idOfEmail(db, ACCOUNTS.rider.email);
    // Delivered on 1 February 2024 in Kampala (UTC+3): a day no other order of the test database has.
    const deliveredAt = new Date('2024-02-01T09:00:00Z');
    const deliveredOrder = async (outletId: string, out: number) => {
      const o = await insertOrder(db, { outletId, readyAt: new Date(deliveredAt.getTime() - minutes(out)) });
      await db.update(orders).set({ status: 'delivered', deliveredAt, riderId }).where(eq(orders.id, o.id));
      return o;
    };
    const slow = await deliveredOrder(homeId, 100);
    const quick = await deliveredOrder(homeId, 45);
    const otherQuick = await deliveredOrder(otherId, 30);
    const range = '?from=2024-02-01&to=2024-02-01';

    const res = await get(`/api/admin/reports/delivery-performance${range}`, admin);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(
      report.orders.map((o: { orderId: string; minutesOut: number; overLimit: boolean }) => [o.orderId, o.minutesOut, o.overLimit]),
    ).toEqual([
      [slow.id, 100, true],
      [quick.id, 45, false],
      [otherQuick.id, 30, false],
    ]);
    expect(report.totals).toEqual({ orders: 3, averageMinutes: 58.3, longestMinutes: 100, overLimit: 1 });
    expect(report.riders).toEqual([
      { id: riderId, name: ACCOUNTS.rider.fullName, orders: 3, averageMinutes: 58.3, longestMinutes: 100, overLimit: 1 },
    ]);
    expect(report.outlets).toEqual([
      { id: homeId, name: HOME_OUTLET, orders: 2, averageMinutes: 72.5, longestMinutes: 100, overLimit: 1 },
      { id: otherId, name: OTHER_OUTLET, orders: 1, averageMinutes: 30, longestMinutes: 30, overLimit: 0 },
    ]);

    const csv = await get(`/api/admin/reports/delivery-performance.csv${range}`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const number = slow.id.slice(0, 8).toUpperCase();
    expect(csv.body).toContain(
      `"Order","#${number}","${ACCOUNTS.rider.fullName}","2024-02-01T07:20:00.000Z","2024-02-01T09:00:00.000Z",1,100,100,90,1`,
    );
    expect(csv.body).toContain(`"Outlet","${HOME_OUTLET}","","","",2,72.5,100,"",1`);
    expect(csv.body).toContain(`"Total","","","","",3,58.3,100,"",1`);

    // Sausages keep longer: a 120-minute category limit on the slow order's only line brings it within.
    const [line] = await db
      .select({ categoryId: products.categoryId })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, slow.id));
    await db
      .update(productCategories)
      .set({ chillLimitMinutes: 120 })
      .where(and(eq(productCategories.id, line!.categoryId!)));
    const after = (await get(`/api/admin/reports/delivery-performance${range}`, admin)).json();
    expect(after.orders[0]).toMatchObject({ orderId: slow.id, limitMinutes: 120, overLimit: false });
    expect(after.totals.overLimit).toBe(0);
    await db.update(productCategories).set({ chillLimitMinutes: null }).where(eq(productCategories.id, line!.categoryId!));
  });

  it('lets the admin set a category limit and the shop default, with clear refusals', async () => {
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie: admin, origin: ORIGIN }, payload });
    const created = await send('POST', '/api/admin/categories', { name: 'Fresh offal', chillLimitMinutes: 60 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Fresh offal', chillLimitMinutes: 60 });
    const tooShort = await send('POST', '/api/admin/categories', { name: 'Ice cream', chillLimitMinutes: 2 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('Time out of the chiller must be at least 5 minutes');

    const saved = await send('PUT', '/api/admin/settings', { chillLimitMinutes: 75, chillAlertPercent: 90 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ chillLimitMinutes: 75, chillAlertPercent: 90 });
    const bad = await send('PUT', '/api/admin/settings', { chillAlertPercent: 150 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Warning point must be at most 100%');
    await updateShopSettings(db, { chillLimitMinutes: 90, chillAlertPercent: 80 }, null);
  });
});
