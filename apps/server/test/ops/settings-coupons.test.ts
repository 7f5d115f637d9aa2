import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coupons } from '../../src/db/schema/orders.ts';
import { getShopSettings } from '../../src/modules/settings/settings.service.ts';
import { drivers, loginAs, ORIGIN, type TestContext, createTestApp } from '../helpers.ts';

describe.each(drivers)('settings and coupons (%s)', (driver) => {
  let t: TestContext;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await loginAs(t.app, 'admin');
    customer = await loginAs(t.app, 'customer');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('shows the defaults, then keeps what the admin saves', async () => {
    const first = await call('GET', '/api/admin/settings', admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      deliveryFee: 5_000,
      riderRatePerDelivery: 3_000,
      riderRatePerKm: 500,
      supportEmail: 'hello@kampalaprime.ug',
    });

    const saved = await call('PUT', '/api/admin/settings', admin, {
      supportPhone: '+256700999888',
      deliveryFee: 6_000,
      hours: 'Mon-Sun 7AM-9PM',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      supportPhone: '+256700999888',
      deliveryFee: 6_000,
      hours: 'Mon-Sun 7AM-9PM',
      riderRatePerKm: 500,
    });
    expect((await getShopSettings(t.app.deps.db)).deliveryFee).toBe(6_000);
    const info = await t.app.inject({ method: 'GET', url: '/api/shop-info' });
    expect(info.json()).toEqual({
      supportPhone: '+256700999888',
      supportEmail: 'hello@kampalaprime.ug',
      hours: 'Mon-Sun 7AM-9PM',
      deliveryFee: 6_000,
    });

    const bad = await call('PUT', '/api/admin/settings', admin, { deliveryFee: -1, supportEmail: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
    await call('PUT', '/api/admin/settings', admin, { deliveryFee: 5_000 });
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/settings', customer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/coupons' })).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/coupons', customer, { code: 'HACK', percent: 100 })).statusCode).toBe(403);
  });

  it('creates, edits, (de)activates and lists coupons with codes upper-cased', async () => {
    const created = await call('POST', '/api/admin/coupons', admin, { code: 'goat25', percent: 25, usageLimit: 2 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'GOAT25',
      percent: 25,
      isActive: true,
      usageLimit: 2,
      usedCount: 0,
      unusableReason: null,
    });

    expect((await call('POST', '/api/admin/coupons', admin, { code: 'GOAT25', percent: 5 })).statusCode).toBe(409);
    expect((await call('POST', '/api/admin/coupons', admin, { code: 'ZERO', percent: 0 })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/coupons', admin, { code: 'BIG', percent: 101 })).statusCode).toBe(400);

    const edited = await call('PATCH', '/api/admin/coupons/goat25', admin, { percent: 30, isActive: false });
    expect(edited.json()).toMatchObject({ percent: 30, isActive: false, unusableReason: 'inactive' });
    expect((await call('PATCH', '/api/admin/coupons/NOPE', admin, { percent: 30 })).statusCode).toBe(404);

    const list = (await call('GET', '/api/admin/coupons', admin)).json().coupons as { code: string }[];
    expect(list.map((c) => c.code)).toEqual(expect.arrayContaining(['WELCOME10', 'SUMMER20', 'MEAT15', 'FREESHIP', 'GOAT25']));
  });

  it('shows which coupons are expired or used up, and keeps used coupons', async () => {
    const db = t.app.deps.db;
    const past = new Date(Date.now() - 60_000).toISOString();
    await call('POST', '/api/admin/coupons', admin, { code: 'OLD5', percent: 5, expiresAt: past });
    await call('POST', '/api/admin/coupons', admin, { code: 'ONCE', percent: 10, usageLimit: 1 });
    // One use, as checkout records it (checkout's own enforcement is tested in checkout-zones-coupons).
    await db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.code, 'ONCE'));
    const list = (await call('GET', '/api/admin/coupons', admin)).json().coupons as { code: string; unusableReason: string | null }[];
    expect(list.find((c) => c.code === 'OLD5')?.unusableReason).toBe('expired');
    expect(list.find((c) => c.code === 'ONCE')?.unusableReason).toBe('used_up');
    // Raising the limit makes it usable again.
    expect((await call('PATCH', '/api/admin/coupons/once', admin, { usageLimit: 5 })).json().unusableReason).toBeNull();

    // A used coupon cannot be deleted (orders name it); an unused one can.
    expect((await call('DELETE', '/api/admin/coupons/ONCE', admin)).statusCode).toBe(409);
    expect((await call('DELETE', '/api/admin/coupons/OLD5', admin)).statusCode).toBe(200);
  });
});
