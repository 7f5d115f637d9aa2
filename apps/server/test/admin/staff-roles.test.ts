/**
 * Staff roles: the session carries a member's permissions, the gate follows them, an owner makes
 * custom roles and gives them to people, built-in roles stay as they are, and the shop always keeps
 * an Owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../../src/seed/demo-data.ts';
import { ensureAdminFromConfig } from '../../src/seed/seed.ts';
import { makeCustomer, makeStaff } from '../fixtures/people.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs, signInCookie } from '../helpers.ts';
import { adminClient } from './admin-client.ts';

describe.each(drivers)('staff roles on %s', (driver) => {
  let t: TestContext;
  let owner: Awaited<ReturnType<typeof adminClient>>;
  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(driver);
    owner = await adminClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs in the demo staff with their roles and permissions in the session', async () => {
    const admin = await owner.get('/api/auth/session');
    expect(admin.json().staff).toMatchObject({ roleId: 'owner', roleName: 'Owner', twoFactorEnabled: false, twoFactorRequired: false });
    expect(admin.json().staff.permissions).toContain('staff.manage');
    const dispatcher = await loginAs(t.app, 'dispatcher');
    const s = await as(dispatcher, 'GET', '/api/auth/session');
    expect(s.json().user.email).toBe(ACCOUNTS.dispatcher.email);
    expect(s.json().staff).toMatchObject({ roleName: 'Dispatcher', permissions: ['orders.read', 'dispatch.manage', 'customers.read'] });
    // A customer has no staff part.
    const customer = await loginAs(t.app, 'customer');
    expect((await as(customer, 'GET', '/api/auth/session')).json().staff).toBeUndefined();
  });

  it('lets a dispatcher see orders and dispatch but not refund, change settings or manage staff', async () => {
    const d = await loginAs(t.app, 'dispatcher');
    expect((await as(d, 'GET', '/api/admin/orders')).statusCode).toBe(200);
    expect((await as(d, 'GET', '/api/admin/dispatch')).statusCode).toBe(200);
    expect((await as(d, 'GET', '/api/admin/riders')).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/admin/settings'],
      ['GET', '/api/admin/staff'],
      ['GET', '/api/admin/reports/sales'],
      ['POST', '/api/admin/orders/00000000-0000-4000-8000-000000000000/refunds'],
    ] as const) {
      const res = await as(d, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.message).toMatch(/^Your role \(Dispatcher\) does not allow this/);
    }
  });

  it('lists the built-in roles with their members, and refuses to change one', async () => {
    const res = await owner.get('/api/admin/staff-roles');
    expect(res.statusCode).toBe(200);
    const roles = res.json().roles as { id: string; name: string; builtIn: boolean; members: number; twoFactor: boolean }[];
    expect(roles.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Owner', 'Manager', 'Dispatcher', 'Customer support', 'Catalog editor', 'Accountant']),
    );
    expect(roles.find((r) => r.id === 'owner')).toMatchObject({ builtIn: true, members: 1, twoFactor: true });
    expect(roles.find((r) => r.id === 'accountant')).toMatchObject({ twoFactor: true, members: 1 });
    const edit = await owner.put('/api/admin/staff-roles/dispatcher', { name: 'Dispatcher', permissions: ['settings.manage'] });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().error.message).toBe('Dispatcher is a built-in role and cannot be changed. Make a custom role instead.');
  });

  it('makes a custom role, gives it to a customer, who then can do exactly that', async () => {
    const created = await owner.post('/api/admin/staff-roles', { name: 'Coupon desk', permissions: ['coupons.manage', 'customers.read'] });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role).toMatchObject({ name: 'Coupon desk', builtIn: false, members: 0, permissions: ['coupons.manage', 'customers.read'] });
    expect((await owner.post('/api/admin/staff-roles', { name: 'coupon DESK', permissions: ['coupons.manage'] })).statusCode).toBe(409);
    const empty = await owner.post('/api/admin/staff-roles', { name: 'Nothing', permissions: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.permissions).toBe('Choose at least one permission');

    const person = await makeCustomer(t.app, `coupon-desk-${driver}@example.com`);
    // A customer is no staff member yet.
    expect((await as(person.cookie, 'GET', '/api/admin/coupons')).statusCode).toBe(403);
    const given = await owner.put('/api/admin/staff', { email: `Coupon-Desk-${driver}@example.com`, roleId: role.id });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ roleName: 'Coupon desk', email: `coupon-desk-${driver}@example.com` });
    // The same session now has the role's permissions, and only those.
    expect((await as(person.cookie, 'GET', '/api/admin/coupons')).statusCode).toBe(200);
    expect((await as(person.cookie, 'GET', '/api/admin/orders')).statusCode).toBe(403);

    // An edit of the role applies at once.
    const edited = await owner.put(`/api/admin/staff-roles/${role.id}`, { name: 'Coupon desk', permissions: ['orders.read'] });
    expect(edited.statusCode).toBe(200);
    expect((await as(person.cookie, 'GET', '/api/admin/orders')).statusCode).toBe(200);
    expect((await as(person.cookie, 'GET', '/api/admin/coupons')).statusCode).toBe(403);

    // A role in use cannot be deleted; once nobody holds it, it can.
    const inUse = await owner.del(`/api/admin/staff-roles/${role.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe('This role is in use: 1 staff member has it. Give them another role first.');
    expect((await owner.del(`/api/admin/staff/${person.id}`)).statusCode).toBe(200);
    expect((await as(person.cookie, 'GET', '/api/admin/orders')).statusCode).toBe(403);
    expect((await as(person.cookie, 'GET', '/api/auth/session')).json().staff).toBeUndefined();
    expect((await owner.del(`/api/admin/staff-roles/${role.id}`)).statusCode).toBe(200);
  });

  it("makes a real deployment's first admin (ADMIN_EMAIL) an Owner", async () => {
    const email = `first-admin-${driver}@example.com`;
    const config = { ...t.app.deps.config, ADMIN_EMAIL: email, ADMIN_PASSWORD: 'first-pass-1' };
    await ensureAdminFromConfig({ ...t.app.deps, config }, { info() {} });
    const cookie = await signInCookie(t.app, email, 'first-pass-1');
    expect((await as(cookie, 'GET', '/api/auth/session')).json().staff).toMatchObject({ roleId: 'owner' });
    expect((await as(cookie, 'GET', '/api/admin/settings')).statusCode).toBe(200);
    // An existing account named there keeps the role it has.
    await owner.put('/api/admin/staff', { email, roleId: 'manager' });
    await ensureAdminFromConfig({ ...t.app.deps, config }, { info() {} });
    expect((await as(cookie, 'GET', '/api/auth/session')).json().staff.roleId).toBe('manager');
  });

  it('tells the owner when no account uses the email', async () => {
    const res = await owner.put('/api/admin/staff', { email: 'nobody-here@example.com', roleId: 'manager' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.fields.email).toBe('No shop account uses this email');
  });

  it('keeps at least one Owner, and lets only an Owner make one', async () => {
    const admin = (await owner.get('/api/admin/staff')).json().staff.find((m: { email: string }) => m.email === ACCOUNTS.admin.email);
    const demote = await owner.put('/api/admin/staff', { email: ACCOUNTS.admin.email, roleId: 'manager' });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().error.message).toBe('The shop must keep at least one Owner. Make someone else an Owner first.');
    expect((await owner.del(`/api/admin/staff/${admin.userId}`)).statusCode).toBe(422);

    // A custom role with staff.manage may hand out roles, but not the Owner role.
    await owner.post('/api/admin/staff-roles', { name: `Staff desk ${driver}`, permissions: ['staff.manage'] });
    const roles = (await owner.get('/api/admin/staff-roles')).json().roles as { id: string; name: string }[];
    const desk = roles.find((r) => r.name === `Staff desk ${driver}`)!;
    const hr = await makeStaff(t.app, `hr-${driver}@example.com`, desk.id);
    const asHr = (payload: object) => as(hr.cookie, 'PUT', '/api/admin/staff', payload);
    expect((await asHr({ email: ACCOUNTS.accountant.email, roleId: 'owner' })).statusCode).toBe(403);
    expect((await asHr({ email: ACCOUNTS.admin.email, roleId: 'dispatcher' })).statusCode).toBe(403);
    expect((await asHr({ email: ACCOUNTS.accountant.email, roleId: 'manager' })).statusCode).toBe(200);
    // Two Owners: now one of them can step down.
    expect((await owner.put('/api/admin/staff', { email: ACCOUNTS.accountant.email, roleId: 'owner' })).statusCode).toBe(200);
    expect((await owner.put('/api/admin/staff', { email: ACCOUNTS.accountant.email, roleId: 'accountant' })).statusCode).toBe(200);
    // And the demo admin still signs in with the documented password, as an Owner.
    const again = await signInCookie(t.app, ACCOUNTS.admin.email);
    expect((await as(again, 'GET', '/api/auth/session')).json().staff.roleId).toBe('owner');
  });
});
