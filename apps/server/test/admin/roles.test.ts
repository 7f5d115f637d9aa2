/** Employees > Roles: admins create, rename and delete roles; a role in use cannot be deleted. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, loginAs, ORIGIN, type TestContext } from '../helpers.ts';

describe.each(drivers)('admin roles on %s', (driver) => {
  let t: TestContext;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    cookie = await loginAs(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, c = cookie) =>
    t.app.inject({ method, url, payload, headers: { cookie: c, origin: ORIGIN } });

  it('lists roles by name with how many employees hold each', async () => {
    const res = await call('GET', '/api/admin/roles');
    expect(res.statusCode).toBe(200);
    const roles = res.json().roles;
    expect(roles.map((r: { name: string }) => r.name)).toEqual(['Butcher', 'Cashier', 'Manager', 'Packer']);
    expect(roles.find((r: { name: string }) => r.name === 'Manager').employeeCount).toBe(1);
  });

  it('creates, renames and deletes a role; names are unique whatever their case', async () => {
    const created = await call('POST', '/api/admin/roles', { name: '  Delivery Coordinator ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Delivery Coordinator', employeeCount: 0 });
    const id = created.json().id;

    const dup = await call('POST', '/api/admin/roles', { name: 'manager' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields.name).toBeDefined();
    expect((await call('POST', '/api/admin/roles', { name: '' })).statusCode).toBe(400);

    const renamed = await call('PATCH', `/api/admin/roles/${id}`, { name: 'Dispatcher' });
    expect(renamed.json()).toMatchObject({ id, name: 'Dispatcher' });
    expect((await call('PATCH', `/api/admin/roles/${id}`, { name: 'CASHIER' })).statusCode).toBe(409);
    // Renaming to its own name in another case is allowed.
    expect((await call('PATCH', `/api/admin/roles/${id}`, { name: 'DISPATCHER' })).statusCode).toBe(200);

    expect((await call('DELETE', `/api/admin/roles/${id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/roles/${id}`)).statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/roles/999999', { name: 'Ghost' })).statusCode).toBe(404);
  });

  it('refuses to delete a role in use with a clear 409', async () => {
    const roles = (await call('GET', '/api/admin/roles')).json().roles;
    const manager = roles.find((r: { name: string }) => r.name === 'Manager');
    const res = await call('DELETE', `/api/admin/roles/${manager.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/in use/) });
  });

  it('is for admins only', async () => {
    const outlet = await loginAs(t.app, 'outlet');
    expect((await call('GET', '/api/admin/roles', undefined, outlet)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/roles', { name: 'X' }, outlet)).statusCode).toBe(403);
  });
});
