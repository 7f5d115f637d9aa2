/**
 * Zones and coupons at checkout: the delivery fee is the fee of the zone holding the delivery point, a point
 * outside every zone is refused with a clear message, and coupons stop at their expiry and usage limit.
 */
import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/catalog.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { ACCOUNTS } from '../../src/seed/demo-data.ts';
import { createTestApp, drivers, loginAs, ORIGIN, type TestContext } from '../helpers.ts';

const OUTSIDE = 'Sorry, we do not deliver to this location yet. Please choose a point inside our delivery area.';
const KOLOLO = { lat: 0.334, lng: 32.596 };

describe.each(drivers)('checkout with delivery zones and coupons (%s)', (driver) => {
  let t: TestContext;
  let admin: string;
  let customer: string;
  let product: { id: string; price: number; discountPrice: number | null };
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await loginAs(t.app, 'admin');
    customer = await loginAs(t.app, 'customer');
    const rows = await t.app.deps.db.select().from(products).where(gt(products.stock, 20)).orderBy(desc(products.stock)).limit(1);
    product = rows[0]!;
  });
  afterAll(() => t.close());

  const admin$ = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: admin, origin: ORIGIN }, payload });

  const place = (location: { lat: number; lng: number }, couponCode?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer, origin: ORIGIN, 'idempotency-key': `ops-${driver}-${++n}-${Date.now()}` },
      payload: {
        items: [{ productId: product.id, quantity: 1 }],
        ...(couponCode ? { couponCode } : {}),
        contact: { fullName: ACCOUNTS.customer.fullName, email: ACCOUNTS.customer.email, phone: ACCOUNTS.customer.phone },
        address: {
          street: 'Plot 4 Kira Road',
          city: 'Kampala',
          state: 'Central',
          postalCode: '',
          country: 'Uganda',
          formattedAddress: 'Plot 4 Kira Road, Kampala',
        },
        location,
        paymentMethod: 'cash_on_delivery',
      },
    });

  const stored = async (res: { json(): { order: { id: string } } }) => {
    const [row] = await t.app.deps.db.select().from(orders).where(eq(orders.id, res.json().order.id));
    return row!;
  };
  const unit = () => (product.discountPrice != null && product.discountPrice < product.price ? product.discountPrice : product.price);

  it('charges the fee of the smallest zone holding the delivery point', async () => {
    const wide = await place({ lat: 0.4, lng: 32.6 });
    expect(wide.statusCode).toBe(201);
    expect((await stored(wide)).deliveryFee).toBe(5_000);

    expect(
      (await admin$('POST', '/api/admin/zones', { name: 'Kololo', centerLat: KOLOLO.lat, centerLng: KOLOLO.lng, radiusKm: 2, fee: 3_000 }))
        .statusCode,
    ).toBe(201);
    const near = await place(KOLOLO);
    expect(near.statusCode).toBe(201);
    const order = await stored(near);
    expect(order.deliveryFee).toBe(3_000);
    expect(order.totalAmount).toBe(unit() + 3_000);
  });

  it('refuses a point outside every zone with a clear message', async () => {
    const res = await place({ lat: 0.4244, lng: 33.2042 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(OUTSIDE);
  });

  it('refuses an expired coupon', async () => {
    await admin$('POST', '/api/admin/coupons', { code: 'GONE10', percent: 10, expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const res = await place(KOLOLO, 'gone10');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('stops a coupon at its usage limit', async () => {
    await admin$('POST', '/api/admin/coupons', { code: 'TWICE', percent: 10, usageLimit: 2 });
    for (let i = 0; i < 2; i++) {
      const ok = await place(KOLOLO, 'twice');
      expect(ok.statusCode).toBe(201);
      expect((await stored(ok)).couponCode).toBe('TWICE');
    }
    const third = await place(KOLOLO, 'TWICE');
    expect(third.statusCode).toBeGreaterThanOrEqual(400);
    expect(third.statusCode).toBeLessThan(500);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: { cookie: admin } })).json().coupons;
    expect(list.find((c: { code: string }) => c.code === 'TWICE')).toMatchObject({ usedCount: 2, unusableReason: 'used_up' });
  });
});
