/**
 * An outlet employee sees and changes only their own outlet: orders, staff and settings of another
 * outlet stay out of reach even when the browser sends that outlet's id.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outletEmployees } from '../../src/db/schema/accounts.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { outlets } from '../../src/db/schema/outlets.ts';
import { createEmployee, HOME_OUTLET, insertOrder, OTHER_OUTLET, outletIdByName } from '../fixtures/outlet-orders.ts';
import { createTestApp, drivers, loginAs, ORIGIN, type TestContext } from '../helpers.ts';

describe.each(drivers)('outlet portal scoping on %s', (driver) => {
  let t: TestContext;
  let cookie: string;
  let homeId: string;
  let otherId: string;
  let homeOrderId: string;
  let otherOrderId: string;
  let otherEmployeeId: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    homeId = await outletIdByName(db, HOME_OUTLET);
    otherId = await outletIdByName(db, OTHER_OUTLET);
    homeOrderId = (await insertOrder(db, { outletId: homeId, fullName: 'Home Customer' })).id;
    otherOrderId = (await insertOrder(db, { outletId: otherId, fullName: 'Other Customer', quantities: [3, 2] })).id;
    otherEmployeeId = (
      await createEmployee(t.app, db, {
        email: 'cashier.other@shop.test',
        fullName: 'Other Cashier',
        phone: '0772555111',
        outletId: otherId,
        role: 'Cashier',
      })
    ).employeeId;
    cookie = await loginAs(t.app, 'outlet');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const send = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie, origin: ORIGIN } });

  it("cannot read another outlet's order, by id or in the list, even when naming that outlet", async () => {
    const detail = await get(`/api/outlet/orders/${otherOrderId}?outletId=${otherId}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().error.code).toBe('NOT_FOUND');

    const list = await get(`/api/outlet/orders?outletId=${otherId}`);
    expect(list.statusCode).toBe(200);
    const ids = list.json().orders.map((o: { id: string }) => o.id);
    expect(ids).toContain(homeOrderId);
    expect(ids).not.toContain(otherOrderId);

    const search = await get(`/api/outlet/orders?search=Other%20Customer&outletId=${otherId}`);
    expect(search.json().orders).toEqual([]);
  });

  it("leaves another outlet's orders out of the dashboard figures", async () => {
    const res = await get(`/api/outlet/dashboard?outletId=${otherId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.todayOrders).toBe(1);
    expect(body.recentOrders.map((o: { id: string }) => o.id)).toEqual([homeOrderId]);
  });

  it("cannot mark another outlet's order ready for pickup", async () => {
    const res = await send('POST', `/api/outlet/orders/${otherOrderId}/ready`, { outletId: otherId });
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, otherOrderId));
    expect(row!.readyAt).toBeNull();
  });

  it("lists only the own outlet's staff and cannot change another outlet's employee", async () => {
    const list = await get(`/api/outlet/staff?outletId=${otherId}`);
    expect(list.statusCode).toBe(200);
    const emails = list.json().staff.map((s: { email: string }) => s.email);
    expect(emails).toEqual(['outlet@shop.test']);

    const res = await send('PATCH', `/api/outlet/staff/${otherEmployeeId}`, { isActive: false, outletId: otherId });
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(outletEmployees).where(eq(outletEmployees.id, otherEmployeeId));
    expect(row!.isActive).toBe(true);
  });

  it("reads and changes only the own outlet's settings, whatever outlet id is sent", async () => {
    const read = await get(`/api/outlet/settings?outletId=${otherId}`);
    expect(read.json()).toMatchObject({ id: homeId, name: HOME_OUTLET });

    const [before] = await t.database.db.select().from(outlets).where(eq(outlets.id, otherId));
    const res = await send('PATCH', '/api/outlet/settings', {
      outletId: otherId,
      id: otherId,
      phone: '0414 999888',
      openingHours: 'Daily: 7:00 AM - 9:00 PM',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: homeId, phone: '+256414999888', openingHours: 'Daily: 7:00 AM - 9:00 PM' });
    const [after] = await t.database.db.select().from(outlets).where(eq(outlets.id, otherId));
    expect(after!.phone).toBe(before!.phone);
    expect(after!.openingHours).toBe(before!.openingHours);
  });

  it('keeps everyone but active outlet staff out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/outlet/dashboard' })).statusCode).toBe(401);
    for (const role of ['customer', 'rider', 'admin'] as const) {
      const c = await loginAs(t.app, role);
      const res = await t.app.inject({ method: 'GET', url: '/api/outlet/orders', headers: { cookie: c } });
      expect(res.statusCode, role).toBe(403);
    }
    const inactive = await createEmployee(t.app, t.database.db, {
      email: 'gone@shop.test',
      fullName: 'Former Packer',
      phone: '0772555222',
      outletId: homeId,
      role: 'Packer',
      isActive: false,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/outlet/dashboard', headers: { cookie: inactive.cookie } });
    expect(res.statusCode).toBe(403);
  });
});
