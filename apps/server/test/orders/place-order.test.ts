import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNotifications } from '../../src/db/schema/notifications.ts';
import { products } from '../../src/db/schema/catalog.ts';
import { coupons, orders } from '../../src/db/schema/orders.ts';
import { outlets } from '../../src/db/schema/outlets.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder, stockOf } from './fixtures.ts';

describe.each(drivers)('placing an order on %s', (driver) => {
  let t: TestContext;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    cookie = await loginAs(t.app, 'customer');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prices from the database, takes stock and writes a pending order at the nearest outlet', async () => {
    const [ntinda] = await t.database.db.select().from(outlets).where(eq(outlets.name, 'Ntinda Outlet'));
    const sausage = await makeProduct(t, { price: 20_000, discountPrice: 18_000, stock: 30, outletId: ntinda!.id });
    const bacon = await makeProduct(t, { price: 12_500, stock: 30, outletId: ntinda!.id });
    const res = await placeOrder(
      t,
      cookie,
      checkoutBody([
        { productId: sausage.id, quantity: 2 },
        { productId: bacon.id, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    // 2 x 18,000 (discount price) + 12,500 = 48,500; + 5,000 delivery.
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'cash_on_delivery',
      subtotalAmount: 48_500,
      deliveryFee: 5_000,
      discountAmount: null,
      totalAmount: 53_500,
      orderNumber: order.id.slice(0, 8).toUpperCase(),
    });
    expect(order.outlet.name).toBe('Ntinda Outlet');
    expect(order.shippingAddress).toMatchObject({ fullName: 'Daniel Mugisha', phone: '+256772100002', city: 'Kampala' });
    expect(order.items).toHaveLength(2);
    expect(order.items.find((i: { productId: string }) => i.productId === sausage.id)).toMatchObject({
      price: 18_000,
      quantity: 2,
      lineTotal: 36_000,
    });
    expect(await stockOf(t, sausage.id)).toBe(28);
    expect(await stockOf(t, bacon.id)).toBe(29);
    const notes = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.orderId, order.id));
    expect(notes[0]?.message).toMatch(new RegExp(`^New order #${order.orderNumber}`));
  });

  it('answers with the order exactly as reading it back shows it', async () => {
    // The placement shapes its answer from what it holds instead of reading the order back.
    const [photo] = await t.database.db.select().from(outlets).limit(1);
    const ribs = await makeProduct(t, { name: 'Beef ribs', price: 25_000, stock: 10, outletId: photo!.id });
    const bacon = await makeProduct(t, { name: 'Aged bacon', price: 12_500, discountPrice: 11_000, stock: 10, outletId: photo!.id });
    await t.database.db
      .update(products)
      .set({ imageUrls: ['/media/product-images/ribs.webp'] })
      .where(eq(products.id, ribs.id));
    const res = await placeOrder(t, cookie, {
      ...checkoutBody([
        { productId: ribs.id, quantity: 1 },
        { productId: bacon.id, quantity: 3 },
      ]),
      couponCode: 'WELCOME10',
    });
    expect(res.statusCode).toBe(201);
    const placed = res.json().order;
    expect(placed.items.map((i: { productName: string }) => i.productName)).toEqual(['Aged bacon', 'Beef ribs']);
    expect(placed.items[1].imageUrl).toBe('/media/product-images/ribs.webp');
    expect(placed.outlet).toMatchObject({ id: photo!.id, name: photo!.name, address: photo!.address, phone: photo!.phone });
    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${placed.id}`, headers: { cookie } });
    expect(read.statusCode).toBe(200);
    expect(placed).toEqual(read.json().order);
  });

  it('ignores a tampered price or total in the request', async () => {
    const p = await makeProduct(t, { price: 30_000, stock: 10 });
    const body = {
      ...checkoutBody([{ productId: p.id, quantity: 1, price: 1, unitPrice: 1 } as never]),
      totalAmount: 1,
      subtotal: 1,
      discountAmount: 29_000,
      deliveryFee: 0,
    };
    const res = await placeOrder(t, cookie, body);
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({ subtotalAmount: 30_000, deliveryFee: 5_000, discountAmount: null, totalAmount: 35_000 });
    expect(order.items[0].price).toBe(30_000);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.totalAmount).toBe(35_000);
  });

  it.each([
    ['WELCOME10', 10],
    ['SUMMER20', 20],
    ['MEAT15', 15],
    ['FREESHIP', 5],
  ])('applies %s as %s percent off the subtotal, rounded to whole shillings', async (code, percent) => {
    const p = await makeProduct(t, { price: 13_333, stock: 10 });
    const validate = await t.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      headers: { origin: ORIGIN, cookie },
      payload: { code: `  ${code.toLowerCase()} `, items: [{ productId: p.id, quantity: 3 }] },
    });
    expect(validate.statusCode).toBe(200);
    const discount = Math.round((39_999 * percent) / 100);
    expect(validate.json()).toEqual({ code, percent, subtotal: 39_999, discountAmount: discount });

    const res = await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 3 }], { couponCode: ` ${code.toLowerCase()}` }));
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({
      couponCode: code,
      subtotalAmount: 39_999,
      discountAmount: discount,
      totalAmount: 39_999 + 5_000 - discount,
    });
  });

  it('refuses unknown, empty, inactive, expired and used-up coupons', async () => {
    const post = (code: string) =>
      t.app.inject({ method: 'POST', url: '/api/coupons/validate', headers: { origin: ORIGIN, cookie }, payload: { code } });
    expect((await post('NOPE')).json().error.message).toBe('Invalid coupon code');
    const empty = await post('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please enter a coupon code');
    await t.database.db.insert(coupons).values([
      { code: 'OFF1', percent: 10, isActive: false },
      { code: 'OLD1', percent: 10, expiresAt: new Date(Date.now() - 60_000) },
      { code: 'ONCE1', percent: 10, usageLimit: 1 },
    ]);
    expect((await post('off1')).statusCode).toBe(400);
    expect((await post('old1')).statusCode).toBe(400);
    expect((await post('once1')).statusCode).toBe(200);

    const p = await makeProduct(t, { price: 10_000, stock: 10 });
    const first = await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 1 }], { couponCode: 'ONCE1' }));
    expect(first.statusCode).toBe(201);
    const second = await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 1 }], { couponCode: 'ONCE1' }));
    expect(second.statusCode).toBe(400);
    expect(second.json().error.message).toBe('Invalid coupon code');
    // The refused order took no stock.
    expect(await stockOf(t, p.id)).toBe(9);
    const [c] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'ONCE1'));
    expect(c?.usedCount).toBe(1);
  });

  it('answers 409 naming the product when stock is short, and takes nothing', async () => {
    const plenty = await makeProduct(t, { price: 5_000, stock: 10 });
    const short = await makeProduct(t, { name: 'Beef Sausages 500g test', price: 5_000, stock: 2 });
    const res = await placeOrder(
      t,
      cookie,
      checkoutBody([
        { productId: plenty.id, quantity: 4 },
        { productId: short.id, quantity: 3 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(res.json().error.message).toContain('Beef Sausages 500g test');
    expect(await stockOf(t, plenty.id)).toBe(10);
    expect(await stockOf(t, short.id)).toBe(2);
  });

  it('warns admins when stock falls to the low-stock threshold', async () => {
    const p = await makeProduct(t, { name: 'Low stock test ham', price: 5_000, stock: 12 });
    expect((await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 3 }]))).statusCode).toBe(201);
    const notes = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.type, 'warning'));
    expect(notes.map((n) => n.message)).toContain('Low stock: Low stock test ham has 9 left');
  });

  it('creates one order for a double submit with the same Idempotency-Key', async () => {
    const p = await makeProduct(t, { price: 8_000, stock: 10 });
    const body = checkoutBody([{ productId: p.id, quantity: 2 }]);
    const key = `checkout-${crypto.randomUUID()}`;
    const [a, b] = await Promise.all([
      placeOrder(t, cookie, body, { 'idempotency-key': key }),
      placeOrder(t, cookie, body, { 'idempotency-key': key }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().order.id).toBe(b.json().order.id);
    const again = await placeOrder(t, cookie, body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(a.json().order.id);
    expect(await stockOf(t, p.id)).toBe(8);
    const rows = await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a quantity of 0', (id: string) => checkoutBody([{ productId: id, quantity: 0 }]), 'items.0.quantity'],
    ['a quantity of 11', (id: string) => checkoutBody([{ productId: id, quantity: 11 }]), 'items.0.quantity'],
    ['an empty cart', () => checkoutBody([]), 'items'],
    ['an unknown product', () => checkoutBody([{ productId: crypto.randomUUID(), quantity: 1 }]), 'items.0.productId'],
    ['a product id that is not an id', () => checkoutBody([{ productId: 'abc', quantity: 1 }]), 'items.0.productId'],
    ['no delivery location', (id: string) => checkoutBody([{ productId: id, quantity: 1 }], { location: undefined }), 'location'],
    [
      'a location outside East Africa',
      (id: string) => checkoutBody([{ productId: id, quantity: 1 }], { location: { lat: 51.5, lng: -0.12 } }),
      'location',
    ],
    [
      'an address without city',
      (id: string) =>
        checkoutBody([{ productId: id, quantity: 1 }], { address: { street: '', city: '', country: 'Uganda', formattedAddress: 'x' } }),
      'address.city',
    ],
    [
      'an address without a formatted address',
      (id: string) =>
        checkoutBody([{ productId: id, quantity: 1 }], {
          address: { street: '', city: 'Kampala', country: 'Uganda', formattedAddress: ' ' },
        }),
      'address.formattedAddress',
    ],
    [
      'a bad phone',
      (id: string) => checkoutBody([{ productId: id, quantity: 1 }], { contact: { fullName: 'A', email: 'a@b.co', phone: '12' } }),
      'contact.phone',
    ],
    [
      'mobile money without a number',
      (id: string) => checkoutBody([{ productId: id, quantity: 1 }], { paymentMethod: 'mtn_money' }),
      'mobileMoneyPhone',
    ],
    [
      'an Airtel number for MTN Mobile Money',
      (id: string) => checkoutBody([{ productId: id, quantity: 1 }], { paymentMethod: 'mtn_money', mobileMoneyPhone: '0752123456' }),
      'mobileMoneyPhone',
    ],
    [
      'an unknown payment method',
      (id: string) => checkoutBody([{ productId: id, quantity: 1 }], { paymentMethod: 'bitcoin' }),
      'paymentMethod',
    ],
  ])('answers 400 for %s', async (_what, body, field) => {
    const p = await makeProduct(t, { price: 5_000, stock: 5 });
    const res = await placeOrder(t, cookie, body(p.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    expect(await stockOf(t, p.id)).toBe(5);
  });

  it('gives the spec message when mobile money has no number', async () => {
    const p = await makeProduct(t, { price: 5_000, stock: 5 });
    const res = await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 1 }], { paymentMethod: 'airtel_money' }));
    expect(res.json().error.fields.mobileMoneyPhone).toBe('Please enter your mobile money number');
    const ok = await placeOrder(
      t,
      cookie,
      checkoutBody([{ productId: p.id, quantity: 1 }], { paymentMethod: 'airtel_money', mobileMoneyPhone: '0752 123456' }),
    );
    expect(ok.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, ok.json().order.id));
    expect(row?.mobileMoneyPhone).toBe('+256752123456');
  });

  it('refuses visitors and non-customers', async () => {
    const p = await makeProduct(t, { price: 5_000, stock: 5 });
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { origin: ORIGIN },
      payload: checkoutBody([{ productId: p.id, quantity: 1 }]),
    });
    expect(anon.statusCode).toBe(401);
    const rider = await placeOrder(t, await loginAs(t.app, 'rider'), checkoutBody([{ productId: p.id, quantity: 1 }]));
    expect(rider.statusCode).toBe(403);
  });

  it('refuses the order when no outlet is active: nothing is in stock anywhere', async () => {
    const p = await makeProduct(t, { name: 'Closed shop sausage', price: 5_000, stock: 5 });
    await t.database.db.update(outlets).set({ isActive: false });
    try {
      expect(await stockOf(t, p.id)).toBe(0);
      const res = await placeOrder(t, cookie, checkoutBody([{ productId: p.id, quantity: 1 }]));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('Closed shop sausage is out of stock. Please remove it from your cart.');
    } finally {
      await t.database.db.update(outlets).set({ isActive: true });
    }
    expect(await stockOf(t, p.id)).toBe(5);
  });
});
