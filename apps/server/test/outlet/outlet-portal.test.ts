/** The outlet portal's behaviour: dashboard figures in Kampala days, orders, ready for pickup, staff, settings. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/orders.ts';
import type { DomainEvent } from '../../src/platform/events.ts';
import { createEmployee, HOME_OUTLET, insertOrder, kampalaMidnight, outletIdByName } from '../fixtures/outlet-orders.ts';
import { createTestApp, drivers, loginAs, ORIGIN, type TestContext } from '../helpers.ts';

describe.each(drivers)('outlet portal on %s', (driver) => {
  let t: TestContext;
  let cookie: string;
  let homeId: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    homeId = await outletIdByName(t.database.db, HOME_OUTLET);
    cookie = await loginAs(t.app, 'outlet');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, c = cookie) => t.app.inject({ method: 'GET', url, headers: { cookie: c } });
  const send = (method: 'POST' | 'PATCH', url: string, payload?: object, c = cookie) =>
    t.app.inject({ method, url, payload, headers: { cookie: c, origin: ORIGIN } });

  it('counts Kampala days: today, revenue without cancelled orders, pending, average and the 7-day trend', async () => {
    const db = t.database.db;
    const a = await insertOrder(db, { outletId: homeId, quantities: [2] });
    const b = await insertOrder(db, { outletId: homeId, status: 'delivered', quantities: [1, 1] });
    await insertOrder(db, { outletId: homeId, status: 'cancelled', quantities: [4] });
    // One minute before Kampala midnight is yesterday, even though it is the same UTC day at 20:59.
    const lateYesterday = await insertOrder(db, { outletId: homeId, createdAt: new Date(kampalaMidnight(0).getTime() - 60_000) });
    const older = await insertOrder(db, {
      outletId: homeId,
      status: 'delivered',
      createdAt: new Date(kampalaMidnight(3).getTime() + 3600_000),
    });
    // Eight days ago falls outside the 7-day trend.
    await insertOrder(db, { outletId: homeId, status: 'delivered', createdAt: new Date(kampalaMidnight(8).getTime() + 3600_000) });

    const res = await get('/api/outlet/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    const revenue = a.totalAmount + b.totalAmount;
    expect(d.todayOrders).toBe(3);
    expect(d.todayRevenue).toBe(revenue);
    expect(d.averageOrderValue).toBe(Math.round(revenue / 2));
    expect(d.pendingOrders).toBe(2); // today's and late yesterday's: both still need attention
    expect(d.statusCounts).toEqual({ pending: 1, completed: 1, cancelled: 1 });
    expect(d.recentOrders).toHaveLength(5);
    expect(d.recentOrders[0]).toMatchObject({ customerName: 'Daniel Mugisha', itemCount: expect.any(Number), status: expect.any(String) });

    expect(d.revenueTrend).toHaveLength(7);
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    expect(d.revenueTrend[6]).toEqual({ date: today, revenue, orders: 2 });
    expect(d.revenueTrend[5].revenue).toBe(lateYesterday.totalAmount);
    expect(d.revenueTrend[3].revenue).toBe(older.totalAmount);
    const sum = d.revenueTrend.reduce((s: number, x: { revenue: number }) => s + x.revenue, 0);
    expect(sum).toBe(revenue + lateYesterday.totalAmount + older.totalAmount);
  });

  it('lists orders newest first, searches by customer or order number and filters by status', async () => {
    const db = t.database.db;
    const nakato = await insertOrder(db, { outletId: homeId, fullName: 'Grace Nakato', phone: '+256772888999' });
    const all = (await get('/api/outlet/orders')).json().orders;
    expect(all[0].id).toBe(nakato.id);

    const byName = (await get('/api/outlet/orders?search=nakato')).json().orders;
    expect(byName.map((o: { id: string }) => o.id)).toEqual([nakato.id]);
    const byNumber = (await get(`/api/outlet/orders?search=${nakato.id.slice(-6).toUpperCase()}`)).json().orders;
    expect(byNumber.map((o: { id: string }) => o.id)).toEqual([nakato.id]);
    const byPhone = (await get('/api/outlet/orders?search=888999')).json().orders;
    expect(byPhone).toHaveLength(1);

    const cancelled = (await get('/api/outlet/orders?status=cancelled')).json().orders;
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((o: { status: string }) => o.status === 'cancelled')).toBe(true);

    const bad = await get('/api/outlet/orders?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
    expect((await get('/api/outlet/orders?search=%25')).json().orders).toEqual([]);
  });

  it('shows an order with customer, address, items, payment and timeline', async () => {
    const order = await insertOrder(t.database.db, { outletId: homeId, quantities: [2, 1] });
    const res = await get(`/api/outlet/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id: order.id,
      status: 'pending',
      paymentMethod: 'cash_on_delivery',
      totalAmount: order.totalAmount,
      deliveryFee: 5_000,
      customer: { fullName: 'Daniel Mugisha', email: 'customer@shop.test', phone: '+256772100002' },
      address: { street: '14 Bukoto Street', city: 'Kampala', instructions: 'Gate is blue' },
      outlet: { name: HOME_OUTLET },
      readyAt: null,
      canMarkReady: true,
      rider: null,
    });
    expect(d.items).toHaveLength(2);
    expect(d.items.reduce((s: number, i: { price: number; quantity: number }) => s + i.price * i.quantity, 0)).toBe(d.subtotalAmount);
    expect((await get('/api/outlet/orders/not-a-uuid')).statusCode).toBe(400);
    expect((await get('/api/outlet/orders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('marks a waiting order ready for pickup once, and tells listeners', async () => {
    const order = await insertOrder(t.database.db, { outletId: homeId });
    const seen: DomainEvent[] = [];
    const stop = await t.app.deps.events.subscribe((e) => seen.push(e));
    try {
      const res = await send('POST', `/api/outlet/orders/${order.id}/ready`);
      expect(res.statusCode).toBe(200);
      expect(res.json().readyAt).toEqual(expect.any(String));
      expect(res.json().canMarkReady).toBe(false);
      await expect
        .poll(() => seen.find((e) => e.type === 'order' && e.orderId === order.id))
        .toMatchObject({
          type: 'order',
          action: 'ready',
          outletId: homeId,
          status: 'pending',
        });
    } finally {
      await stop();
    }
    const again = await send('POST', `/api/outlet/orders/${order.id}/ready`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already marked ready/);
  });

  it('refuses ready for orders already picked up, delivered or cancelled', async () => {
    const db = t.database.db;
    for (const status of ['picked_up', 'delivered', 'cancelled'] as const) {
      const order = await insertOrder(db, { outletId: homeId, status, pickedUpAt: status === 'cancelled' ? null : new Date() });
      const res = await send('POST', `/api/outlet/orders/${order.id}/ready`);
      expect(res.statusCode, status).toBe(409);
      const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.readyAt).toBeNull();
    }
  });

  it('lets the manager change staff roles and access, but not their own; others only read', async () => {
    const db = t.database.db;
    const cashier = await createEmployee(t.app, db, {
      email: 'cashier@shop.test',
      fullName: 'Moses Cashier',
      phone: '0772555333',
      outletId: homeId,
      role: 'Cashier',
    });
    const staff = (await get('/api/outlet/staff')).json();
    expect(staff.canManage).toBe(true);
    expect(staff.staff.map((s: { email: string }) => s.email).sort()).toEqual(['cashier@shop.test', 'outlet@shop.test']);
    const self = staff.staff.find((s: { isSelf: boolean }) => s.isSelf);
    const butcher = staff.roles.find((r: { name: string }) => r.name === 'Butcher');

    const changed = await send('PATCH', `/api/outlet/staff/${cashier.employeeId}`, { roleId: butcher.id });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ roleName: 'Butcher', isActive: true });

    const own = await send('PATCH', `/api/outlet/staff/${self.id}`, { isActive: false });
    expect(own.statusCode).toBe(422);
    expect((await send('PATCH', `/api/outlet/staff/${cashier.employeeId}`, { roleId: 99999 })).statusCode).toBe(400);
    expect((await send('PATCH', `/api/outlet/staff/${cashier.employeeId}`, {})).statusCode).toBe(400);

    // The (now) butcher reads staff and settings but may change neither.
    const asStaff = await get('/api/outlet/staff', cashier.cookie);
    expect(asStaff.json().canManage).toBe(false);
    expect((await send('PATCH', `/api/outlet/staff/${self.id}`, { isActive: false }, cashier.cookie)).statusCode).toBe(403);
    const settings = await get('/api/outlet/settings', cashier.cookie);
    expect(settings.json().canEdit).toBe(false);
    const refused = await send('PATCH', '/api/outlet/settings', { phone: '0414000000', openingHours: 'Never' }, cashier.cookie);
    expect(refused.statusCode).toBe(403);

    // Deactivated, they are out of the portal at once.
    expect((await send('PATCH', `/api/outlet/staff/${cashier.employeeId}`, { isActive: false })).json().isActive).toBe(false);
    expect((await get('/api/outlet/dashboard', cashier.cookie)).statusCode).toBe(403);
  });

  it('validates settings with clear field messages', async () => {
    const res = await send('PATCH', '/api/outlet/settings', { phone: 'abc', openingHours: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['openingHours', 'phone']);
  });
});
