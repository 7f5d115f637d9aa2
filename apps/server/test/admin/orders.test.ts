/** Admin orders and dispatch, the dashboard from real data, the bell, subscriptions and outlets. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNotifications, subscriptions } from '../../src/db/schema/notifications.ts';
import { notifyAdmins } from '../../src/modules/notifications/notifications.service.ts';
import type { DomainEvent } from '../../src/platform/events.ts';
import { demoIds, insertOrder, setRiderOnline } from '../fixtures/admin-orders.ts';
import { type TestContext, createTestApp, drivers } from '../helpers.ts';
import { adminClient } from './admin-client.ts';

describe.each(drivers)('admin orders, dashboard and more on %s', (driver) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    ids = await demoIds(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists orders newest first with customer, outlet and items', async () => {
    const older = await insertOrder(t.database.db, { createdAt: new Date(Date.now() - 3_600_000) });
    const newer = await insertOrder(t.database.db, { items: [{ productId: ids.products[1]!.id, quantity: 3 }] });
    const list = (await admin.get('/api/admin/orders')).json().orders;
    expect(list.map((o: { id: string }) => o.id).slice(0, 2)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({ user: { email: 'customer@shop.test' }, outlet: { id: ids.outletId }, rider: null });
    expect(list[0].items[0]).toMatchObject({ productId: ids.products[1]!.id, quantity: 3 });
    expect((await admin.get('/api/admin/orders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lists only active online riders for assignment', async () => {
    expect((await admin.get('/api/admin/riders/available')).json()).toEqual([]);
    await setRiderOnline(t.database.db, ids.riderId);
    const list = (await admin.get('/api/admin/riders/available')).json();
    expect(list.map((r: { id: string }) => r.id)).toEqual([ids.riderId]);
  });

  it('assigns a pending cash-on-delivery order, publishing the order event', async () => {
    await setRiderOnline(t.database.db, ids.riderId);
    const order = await insertOrder(t.database.db, { paymentMethod: 'cash_on_delivery' });
    const events: DomainEvent[] = [];
    const unsubscribe = await t.app.deps.events.subscribe((e) => events.push(e));
    const res = await admin.post(`/api/admin/orders/${order.id}/assign`, { riderId: ids.riderId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'assigned', rider: { id: ids.riderId } });
    expect(res.json().assignedAt).toBeTruthy();
    await expect
      .poll(() => events.find((e) => e.type === 'order' && e.orderId === order.id))
      .toMatchObject({
        action: 'assigned',
        riderId: ids.riderId,
        status: 'assigned',
      });
    unsubscribe();
    // Not twice.
    const again = await admin.post(`/api/admin/orders/${order.id}/assign`, { riderId: ids.riderId });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('Only pending orders can be assigned to a rider.');
  });

  it('refuses unpaid mobile-money orders, unavailable riders and a missing rider', async () => {
    const unpaid = await insertOrder(t.database.db, { paymentMethod: 'mtn_money', paymentStatus: 'pending' });
    const r1 = await admin.post(`/api/admin/orders/${unpaid.id}/assign`, { riderId: ids.riderId });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().error.message).toMatch(/not paid yet/);

    const paid = await insertOrder(t.database.db, { paymentMethod: 'card', paymentStatus: 'paid' });
    await setRiderOnline(t.database.db, ids.riderId, false);
    const r2 = await admin.post(`/api/admin/orders/${paid.id}/assign`, { riderId: ids.riderId });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().error.fields.riderId).toMatch(/not available/);
    const r3 = await admin.post(`/api/admin/orders/${paid.id}/assign`, {});
    expect(r3.statusCode).toBe(400);
    expect(r3.json().error.fields.riderId).toBe('Please select a rider');
    await setRiderOnline(t.database.db, ids.riderId);
    expect((await admin.post(`/api/admin/orders/${paid.id}/assign`, { riderId: ids.riderId })).statusCode).toBe(200);
  });

  it('computes the dashboard from real orders with changes against the previous week', async () => {
    const db = t.database.db;
    const p = ids.products[4]!;
    const day = 86_400_000;
    const before = (await admin.get('/api/admin/dashboard')).json();
    // This week: two orders of 2 x 10,000 (+ delivery); last week: one; cancelled and failed never count.
    await insertOrder(db, { items: [{ productId: p.id, quantity: 2, price: 10_000 }] });
    await insertOrder(db, { items: [{ productId: p.id, quantity: 2, price: 10_000 }], createdAt: new Date(Date.now() - 2 * day) });
    await insertOrder(db, { items: [{ productId: p.id, quantity: 2, price: 10_000 }], createdAt: new Date(Date.now() - 9 * day) });
    await insertOrder(db, { status: 'cancelled', items: [{ productId: p.id, quantity: 9, price: 10_000 }] });
    await insertOrder(db, { paymentStatus: 'failed', paymentMethod: 'card', items: [{ productId: p.id, quantity: 1, price: 10_000 }] });
    await insertOrder(db, { items: [{ productId: p.id, quantity: 60, price: 1_000 }], status: 'delivered', paymentStatus: 'paid' });
    const d = (await admin.get('/api/admin/dashboard')).json();
    expect(d.revenue.value - before.revenue.value).toBe(25_000 * 2 + 65_000);
    expect(d.revenue.previous - before.revenue.previous).toBe(25_000);
    expect(d.orders.value - before.orders.value).toBe(3);
    expect(d.orders.previous - before.orders.previous).toBe(1);
    const pct = (v: number, prev: number) => Math.round(((v - prev) / prev) * 1000) / 10;
    expect(d.revenue.changePercent).toBe(pct(d.revenue.value, d.revenue.previous));
    expect(d.averageOrderValue.value).toBe(Math.round(d.revenue.value / d.orders.value));
    const customers = await db.execute(
      sql`SELECT count(*)::int AS n FROM users u WHERE NOT u.is_admin AND NOT EXISTS (SELECT 1 FROM outlet_employees e WHERE e.user_id = u.id)`,
    );
    expect(d.customers.total).toBe((customers as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(d.revenueByDay).toHaveLength(7);
    const week = d.revenueByDay.reduce((s: number, x: { revenue: number }) => s + x.revenue, 0);
    expect(week).toBe(d.revenue.value);
    expect(d.alerts.failedPayments - before.alerts.failedPayments).toBe(1);
    expect(d.alerts.unassignedPending - before.alerts.unassignedPending).toBe(3);
    expect(d.alerts.lowStock.length).toBeGreaterThan(0);
    expect(d.alerts.lowStock.every((x: { stock: number }) => x.stock < 10)).toBe(true);
    expect(d.topProducts[0]).toMatchObject({ id: p.id, quantity: 66, revenue: 120_000 });
  });

  it('shows the unread count and latest five unread notifications, and marks them read', async () => {
    for (let i = 1; i <= 7; i++) {
      await t.database.db.transaction((tx) => notifyAdmins(tx, { message: `Note ${i}`, type: 'other' }));
      // The embedded database's clock ticks in milliseconds: give each note its own second so
      // "newest first" has one right answer.
      await t.database.db
        .update(adminNotifications)
        .set({ createdAt: sql`now() - make_interval(secs => ${10 - i})` })
        .where(eq(adminNotifications.message, `Note ${i}`));
    }
    const bell = (await admin.get('/api/admin/notifications')).json();
    expect(bell.unreadCount).toBe(7);
    expect(bell.items.map((n: { message: string }) => n.message)).toEqual(['Note 7', 'Note 6', 'Note 5', 'Note 4', 'Note 3']);
    expect((await admin.post(`/api/admin/notifications/${bell.items[0].id}/read`)).statusCode).toBe(200);
    expect((await admin.get('/api/admin/notifications')).json().unreadCount).toBe(6);
    await admin.post('/api/admin/notifications/read-all');
    expect((await admin.get('/api/admin/notifications')).json()).toEqual({ unreadCount: 0, items: [] });
    const rows = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.read, false));
    expect(rows).toHaveLength(0);
  });

  it('lists subscriptions newest first and deletes a selection', async () => {
    await t.database.db.insert(subscriptions).values([
      { email: 'a@example.com', type: 'blogs', createdAt: new Date(Date.now() - 2000) },
      { email: 'b@example.com', type: 'campaigns', createdAt: new Date(Date.now() - 1000) },
      { email: 'c@example.com', type: 'default' },
    ]);
    const list = (await admin.get('/api/admin/subscriptions')).json();
    expect(list.map((s: { email: string }) => s.email)).toEqual(['c@example.com', 'b@example.com', 'a@example.com']);
    const res = await admin.post('/api/admin/subscriptions/bulk-delete', { ids: [list[0].id, list[1].id] });
    expect(res.json()).toEqual({ deleted: 2 });
    expect((await admin.get('/api/admin/subscriptions')).json()).toHaveLength(1);
  });

  it('validates and saves outlets, and manages outlet products with performance from real orders', async () => {
    const bad = await admin.post('/api/admin/outlets', {
      name: '',
      city: 'Kampala',
      country: 'Uganda',
      phone: '',
      openingHours: '',
      managerName: '',
    });
    expect(bad.statusCode).toBe(400);
    const { fields } = bad.json().error;
    expect(fields.latitude).toBe('Please select outlet location');
    expect(fields.name).toBe('Name is required');
    const created = await admin.post('/api/admin/outlets', {
      name: 'Wandegeya Outlet',
      address: 'Wandegeya Market',
      city: 'Kampala',
      country: 'Uganda',
      phone: '+256414000111',
      openingHours: 'Mon-Fri: 9:00 AM - 6:00 PM',
      managerName: 'Irene Apio',
      latitude: 0.33,
      longitude: 32.57,
    });
    expect(created.statusCode).toBe(201);
    const outlet = created.json();
    expect(outlet).toMatchObject({ isActive: true, productCount: 0 });

    const p = ids.products[2]!;
    const badProduct = await admin.post(`/api/admin/outlets/${outlet.id}/products`, {
      productId: p.id,
      outletPrice: -1,
      stock: 1.5,
      minStock: 5,
      maxStock: 2,
    });
    expect(badProduct.statusCode).toBe(400);
    expect(Object.keys(badProduct.json().error.fields)).toEqual(expect.arrayContaining(['outletPrice', 'stock']));
    const add = await admin.post(`/api/admin/outlets/${outlet.id}/products`, {
      productId: p.id,
      outletPrice: 9000,
      stock: 4,
      minStock: 5,
      maxStock: 50,
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ isAvailable: true, stock: 4, performance: { salesCount: 0, revenue: 0 } });
    const dup = await admin.post(`/api/admin/outlets/${outlet.id}/products`, {
      productId: p.id,
      outletPrice: 9000,
      stock: 4,
      minStock: 5,
      maxStock: 50,
    });
    expect(dup.json().error.fields.productId).toMatch(/already/);

    const day = 86_400_000;
    await insertOrder(t.database.db, { outletId: outlet.id, items: [{ productId: p.id, quantity: 3, price: 9000 }] });
    await insertOrder(t.database.db, {
      outletId: outlet.id,
      items: [{ productId: p.id, quantity: 2, price: 9000 }],
      createdAt: new Date(Date.now() - 40 * day),
    });
    const [row] = (await admin.get(`/api/admin/outlets/${outlet.id}/products`)).json();
    expect(row.performance).toEqual({ salesCount: 3, revenue: 27_000, growthRate: 50 });

    const edited = await admin.put(`/api/admin/outlets/${outlet.id}/products/${row.id}`, {
      productId: p.id,
      outletPrice: 9500,
      stock: 60,
      minStock: 5,
      maxStock: 50,
    });
    expect(edited.json()).toMatchObject({ outletPrice: 9500, stock: 60 });
    expect((await admin.get('/api/admin/outlets')).json().find((o: { id: string }) => o.id === outlet.id).productCount).toBe(1);
    expect((await admin.del(`/api/admin/outlets/${outlet.id}/products/${row.id}`)).statusCode).toBe(200);

    expect((await admin.del(`/api/admin/outlets/${outlet.id}`)).statusCode).toBe(200);
    const withStaff = await admin.del(`/api/admin/outlets/${ids.outletId}`);
    expect(withStaff.statusCode).toBe(409);
  });
});
