/**
 * A rider who signs up on their own waits for an admin: they can sign in and see that they wait, but
 * cannot go online, are never given an order (so never see a customer's name or address) until an
 * admin approves them. Riders an admin adds, and the demo rider, are active at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRiders } from '../../src/db/schema/accounts.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { ORIGIN, type TestContext, cookieFrom, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, NTINDA, placeOrder } from '../orders/fixtures.ts';

describe.each(drivers)('rider approval on %s', (driver) => {
  let t: TestContext;
  let admin: string;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await loginAs(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { origin: ORIGIN, cookie } });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  async function signUp() {
    n++;
    const res = await send('POST', '/api/rider/sign-up', '', {
      fullName: `Self Signed ${n}`,
      phone: `0752 12345${n}`,
      vehicleType: 'motorcycle',
      email: `self-${driver}-${n}@example.com`,
      password: 'secret12',
    });
    expect(res.statusCode, res.body).toBe(201);
    return { cookie: cookieFrom(res.headers['set-cookie']), id: res.json().rider.id as string, session: res.json() };
  }

  it('starts a self-registered rider pending: signed in, told they wait, but unable to work', async () => {
    const r = await signUp();
    expect(r.session.rider).toMatchObject({ approval: 'pending', isActive: false, status: 'offline' });
    const me = await get('/api/rider/me', r.cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ approval: 'pending', isActive: false });
    // Signing in again works, and says the same.
    const signIn = await send('POST', '/api/rider/sign-in', '', { email: `self-${driver}-${n}@example.com`, password: 'secret12' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().rider.approval).toBe('pending');

    const online = await send('PUT', '/api/rider/status', r.cookie, { status: 'online' });
    expect(online.statusCode).toBe(403);
    expect(online.json().error.message).toMatch(/waiting for approval/);
    for (const url of ['/api/rider/orders', '/api/rider/stats', '/api/rider/cash']) expect((await get(url, r.cookie)).statusCode).toBe(403);

    const listed = (await get('/api/admin/riders', admin)).json().find((x: { id: string }) => x.id === r.id);
    expect(listed).toMatchObject({ approval: 'pending', isActive: false });
    const notified = await get('/api/admin/notifications', admin);
    expect(JSON.stringify(notified.json())).toContain(`Self Signed ${n} is waiting for approval`);
  });

  it('gives a pending rider no order, neither automatically nor by hand', async () => {
    const r = await signUp();
    // Even marked online with a position at the outlet, dispatch passes them over.
    await t.database.db
      .update(deliveryRiders)
      .set({ status: 'online', lastLatitude: NTINDA.lat, lastLongitude: NTINDA.lng, lastLocatedAt: new Date() })
      .where(eq(deliveryRiders.id, r.id));
    expect((await send('PUT', '/api/admin/settings', admin, { autoAssignRiders: true })).statusCode).toBe(200);
    try {
      const customer = await loginAs(t.app, 'customer');
      const p = await makeProduct(t, { price: 8_000, stock: 10 });
      const placed = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1 }]));
      expect(placed.statusCode).toBe(201);
      const id = placed.json().order.id as string;
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
      expect(row!.riderId).not.toBe(r.id);
      const assign = await send('POST', `/api/admin/orders/${id}/assign`, admin, { riderId: r.id });
      expect(assign.statusCode).toBeGreaterThanOrEqual(400);
      expect(assign.statusCode).toBeLessThan(500);
      const [after] = await t.database.db.select().from(orders).where(eq(orders.id, id));
      expect(after!.riderId).not.toBe(r.id);
    } finally {
      await send('PUT', '/api/admin/settings', admin, { autoAssignRiders: false });
    }
  });

  it('lets an admin approve a pending rider, who can then go online', async () => {
    const r = await signUp();
    // Switching them on is not a way around approval.
    const active = await send('PATCH', `/api/admin/riders/${r.id}/active`, admin, { isActive: true });
    expect(active.statusCode).toBe(409);
    expect((await send('POST', `/api/admin/riders/${r.id}/approve`, r.cookie)).statusCode).toBe(403);

    const approved = await send('POST', `/api/admin/riders/${r.id}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ approval: 'approved', isActive: true });
    expect((await send('POST', `/api/admin/riders/${r.id}/approve`, admin)).statusCode).toBe(409);
    expect((await get('/api/rider/me', r.cookie)).json().approval).toBe('approved');
    const online = await send('PUT', '/api/rider/status', r.cookie, { status: 'online' });
    expect(online.statusCode).toBe(200);
    expect(online.json().status).toBe('online');
  });

  it('lets an admin decline a pending rider, who stays out and is told so', async () => {
    const r = await signUp();
    const declined = await send('POST', `/api/admin/riders/${r.id}/decline`, admin);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ approval: 'declined', isActive: false });
    expect((await get('/api/rider/me', r.cookie)).json().approval).toBe('declined');
    const online = await send('PUT', '/api/rider/status', r.cookie, { status: 'online' });
    expect(online.statusCode).toBe(403);
    expect(online.json().error.message).toMatch(/not approved/);
    expect((await send('PATCH', `/api/admin/riders/${r.id}/active`, admin, { isActive: true })).statusCode).toBe(409);
  });

  it('keeps riders an admin adds, and the demo rider, approved and active', async () => {
    const created = await send('POST', '/api/admin/riders', admin, {
      email: `admin-made-${driver}@example.com`,
      password: 'secret12',
      fullName: 'Admin Made',
      phone: '0752 999888',
      vehicleType: 'bicycle',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ approval: 'approved', isActive: true });
    const demo = await loginAs(t.app, 'rider');
    expect((await get('/api/rider/me', demo)).json()).toMatchObject({ approval: 'approved', isActive: true });
    expect((await send('PUT', '/api/rider/status', demo, { status: 'offline' })).statusCode).toBe(200);
  });
});
