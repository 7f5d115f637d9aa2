import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '@meatshop/shared/geo';
import { drivers, loginAs, ORIGIN, type TestContext, createTestApp } from '../helpers.ts';

const OUTSIDE = 'Sorry, we do not deliver to this location yet. Please choose a point inside our delivery area.';

describe('distanceKm', () => {
  it('measures Kampala to Entebbe at about 35 km', () => {
    expect(distanceKm(0.3476, 32.5825, 0.0512, 32.4637)).toBeGreaterThan(33);
    expect(distanceKm(0.3476, 32.5825, 0.0512, 32.4637)).toBeLessThan(37);
  });
});

describe.each(drivers)('delivery zones (%s)', (driver) => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await loginAs(t.app, 'admin');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: admin, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const fee = (lat: number, lng: number) => t.app.inject({ method: 'GET', url: `/api/delivery-fee?lat=${lat}&lng=${lng}` });

  it('seeds Greater Kampala at UGX 5,000 and charges it inside', async () => {
    const zones = (await call('GET', '/api/admin/zones')).json().zones;
    expect(zones).toEqual([expect.objectContaining({ name: 'Greater Kampala', radiusKm: 25, fee: 5_000, isActive: true })]);
    expect((await fee(0.3136, 32.5811)).json()).toEqual({ fee: 5_000, zone: 'Greater Kampala' });
  });

  it('refuses a point outside every zone with a clear message', async () => {
    const res = await fee(0.4244, 33.2042); // Jinja, ~70 km east
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'RULE_BROKEN', message: OUTSIDE });
  });

  it('charges the smallest zone holding the point, and validates zones', async () => {
    const inner = await call('POST', '/api/admin/zones', {
      name: 'Central Business District',
      centerLat: 0.3136,
      centerLng: 32.5811,
      radiusKm: 3,
      fee: 3_000,
    });
    expect(inner.statusCode).toBe(201);
    expect((await fee(0.3136, 32.5811)).json()).toEqual({ fee: 3_000, zone: 'Central Business District' });
    expect((await fee(0.4, 32.6)).json()).toEqual({ fee: 5_000, zone: 'Greater Kampala' });

    // An inactive zone no longer charges.
    await call('PATCH', `/api/admin/zones/${inner.json().id}`, { isActive: false });
    expect((await fee(0.3136, 32.5811)).json().fee).toBe(5_000);

    expect((await call('POST', '/api/admin/zones', { name: 'Bad', centerLat: 0.3, centerLng: 32.5, radiusKm: 0, fee: 1 })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', '/api/admin/zones', { name: 'Neg', centerLat: 0.3, centerLng: 32.5, radiusKm: 2, fee: -5 })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/admin/zones', { name: 'greater kampala', centerLat: 0.3, centerLng: 32.5, radiusKm: 2, fee: 5 }))
        .statusCode,
    ).toBe(409);
    expect((await call('PATCH', '/api/admin/zones/7b1c2d3e-0000-4000-8000-000000000000', { fee: 1 })).statusCode).toBe(404);
    expect((await fee(91, 32)).statusCode).toBe(400);
  });

  it('falls back to the default fee from settings when no zones are defined', async () => {
    for (const z of (await call('GET', '/api/admin/zones')).json().zones) await call('DELETE', `/api/admin/zones/${z.id}`);
    await call('PUT', '/api/admin/settings', { deliveryFee: 7_000 });
    expect((await fee(0.4244, 33.2042)).json()).toEqual({ fee: 7_000, zone: null });
  });

  it('is managed by admins only', async () => {
    const customer = await loginAs(t.app, 'customer');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/zones', headers: { cookie: customer } });
    expect(res.statusCode).toBe(403);
  });
});
