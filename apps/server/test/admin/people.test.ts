/** Employees and riders created by admins: validation, all-or-nothing accounts, sign-in, status rules. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRiders, users } from '../../src/db/schema/accounts.ts';
import { user } from '../../src/db/schema/auth.ts';
import { insertOrder } from '../fixtures/admin-orders.ts';
import { type TestContext, createTestApp, drivers, signInCookie } from '../helpers.ts';
import { adminClient } from './admin-client.ts';

describe.each(drivers)('admin employees and riders on %s', (driver) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  let outletId: string;
  let otherOutletId: string;
  let roleId: number;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    const outlets = (await admin.get('/api/admin/outlets')).json();
    outletId = outlets[0].id;
    otherOutletId = outlets[1].id;
    roleId = (await admin.get('/api/admin/roles')).json()[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('validates the employee form with field messages', async () => {
    const res = await admin.post('/api/admin/employees', { email: 'nope', fullName: '', password: '123' });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(fields).toMatchObject({ email: 'Enter a valid email address', fullName: 'Full name is required' });
    expect(fields.password).toBe('Password must be at least 6 characters');
    expect(fields.outletId).toBe('Outlet is required');
    expect(fields.roleId).toBe('Role is required');
    const unknownOutlet = await admin.post('/api/admin/employees', {
      email: 'x@shop.test',
      fullName: 'X',
      password: 'secret12',
      outletId: '00000000-0000-4000-8000-000000000000',
      roleId,
    });
    expect(unknownOutlet.json().error.fields.outletId).toBe('Outlet not found');
  });

  it('creates an employee who can sign in as outlet staff, then edits and deactivates them', async () => {
    const res = await admin.post('/api/admin/employees', {
      email: 'New.Staff@Shop.test',
      fullName: 'Agnes Nalwoga',
      password: 'secret12',
      outletId,
      roleId,
    });
    expect(res.statusCode).toBe(201);
    const emp = res.json();
    expect(emp).toMatchObject({ email: 'new.staff@shop.test', fullName: 'Agnes Nalwoga', isActive: true, outlet: { id: outletId } });

    const cookie = await signInCookie(t.app, 'new.staff@shop.test', 'secret12');
    const session = (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json();
    expect(session.outletEmployee).toMatchObject({ outletId, isActive: true });
    expect(session.user.isAdmin).toBe(false);
    // An outlet employee is still refused by the admin API.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { cookie } })).statusCode).toBe(403);

    const moved = await admin.put(`/api/admin/employees/${emp.id}`, { outletId: otherOutletId, roleId });
    expect(moved.json().outlet.id).toBe(otherOutletId);
    const off = await admin.patch(`/api/admin/employees/${emp.id}/active`, { isActive: false });
    expect(off.json().isActive).toBe(false);
    const after = (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json();
    expect(after.outletEmployee.isActive).toBe(false);

    const dup = await admin.post('/api/admin/employees', {
      email: 'new.staff@shop.test',
      fullName: 'Twin',
      password: 'secret12',
      outletId,
      roleId,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toMatch(/already exists/);
  });

  it('leaves nothing behind when the last step of creating an employee fails', async () => {
    // Make the outlet_employees insert (the last step) fail inside the database.
    await t.database.db.execute(sql`
      create or replace function admin_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'outlet_employees insert refused for the test'; end $$`);
    await t.database.db.execute(
      sql`create trigger admin_test_fail before insert on outlet_employees for each row execute function admin_test_fail()`,
    );
    try {
      const res = await admin.post('/api/admin/employees', {
        email: 'half@shop.test',
        fullName: 'Half Made',
        password: 'secret12',
        outletId,
        roleId,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(await t.database.db.select().from(user).where(eq(user.email, 'half@shop.test'))).toHaveLength(0);
      expect(await t.database.db.select().from(users).where(eq(users.email, 'half@shop.test'))).toHaveLength(0);
      const sessionCheck = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: 'half@shop.test', password: 'secret12' },
      });
      expect(sessionCheck.statusCode).toBe(401);
    } finally {
      await t.database.db.execute(sql`drop trigger admin_test_fail on outlet_employees`);
    }
    const emps = (await admin.get('/api/admin/employees')).json() as { email: string }[];
    expect(emps.some((e) => e.email === 'half@shop.test')).toBe(false);
  });

  it('validates the rider form', async () => {
    const res = await admin.post('/api/admin/riders', { email: '', password: '12', fullName: '', phone: '12', vehicleType: 'car' });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['email', 'password', 'fullName', 'phone', 'vehicleType']));
    expect(fields.vehicleType).toBe('Vehicle type must be motorcycle or bicycle');
  });

  it('creates a rider (offline, active, rating 0) who can sign in, edits and toggles them', async () => {
    const res = await admin.post('/api/admin/riders', {
      email: 'fast.rider@shop.test',
      password: 'secret12',
      fullName: 'Moses Okot',
      phone: '0772 555111',
      vehicleType: 'bicycle',
    });
    expect(res.statusCode).toBe(201);
    const rider = res.json();
    expect(rider).toMatchObject({
      status: 'offline',
      isActive: true,
      rating: 0,
      totalDeliveries: 0,
      phone: '+256772555111',
      vehicleType: 'bicycle',
    });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, rider.id));
    expect(u).toBeUndefined();
    const cookie = await signInCookie(t.app, 'fast.rider@shop.test', 'secret12');
    const session = (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json();
    expect(session.rider.id).toBe(rider.id);

    const edited = await admin.put(`/api/admin/riders/${rider.id}`, {
      fullName: 'Moses Okot Jr',
      phone: '0772555112',
      vehicleType: 'motorcycle',
    });
    expect(edited.json()).toMatchObject({ fullName: 'Moses Okot Jr', vehicleType: 'motorcycle' });
    expect((await admin.patch(`/api/admin/riders/${rider.id}/active`, { isActive: false })).json().isActive).toBe(false);
    expect((await admin.patch(`/api/admin/riders/${rider.id}/active`, { isActive: true })).json().isActive).toBe(true);

    const del = await admin.del(`/api/admin/riders/${rider.id}`);
    expect(del.json()).toEqual({ outcome: 'deleted' });
    expect(await t.database.db.select().from(user).where(eq(user.id, rider.id))).toHaveLength(0);
  });

  it('deactivates instead of deleting a rider with delivered orders', async () => {
    const rider = (
      await admin.post('/api/admin/riders', {
        email: 'veteran@shop.test',
        password: 'secret12',
        fullName: 'Veteran',
        phone: '0772555113',
        vehicleType: 'motorcycle',
      })
    ).json();
    const order = await insertOrder(t.database.db, { status: 'delivered', paymentStatus: 'paid', riderId: rider.id });
    const del = await admin.del(`/api/admin/riders/${rider.id}`);
    expect(del.json()).toEqual({ outcome: 'deactivated' });
    const [row] = await t.database.db.select().from(deliveryRiders).where(eq(deliveryRiders.id, rider.id));
    expect(row?.isActive).toBe(false);
    const detail = (await admin.get(`/api/admin/orders/${order.id}`)).json();
    expect(detail.rider.id).toBe(rider.id);
  });
});
