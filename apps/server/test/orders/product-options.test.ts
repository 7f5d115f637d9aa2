import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/catalog.ts';
import { orderItems } from '../../src/db/schema/orders.ts';
import { outlets } from '../../src/db/schema/outlets.ts';
import { HOME_OUTLET, outletIdByName } from '../fixtures/outlet-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder, stockOf } from './fixtures.ts';

const CUT = {
  name: 'Cut',
  values: [
    { label: 'Whole', available: true, priceDelta: 0 },
    { label: 'Cubed', available: true, priceDelta: 1_000 },
    { label: 'Minced', available: false, priceDelta: 2_000 },
  ],
};

describe.each(drivers)('options and notes on order lines on %s', (driver) => {
  let t: TestContext;
  let customer: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    customer = await loginAs(t.app, 'customer');
    admin = await loginAs(t.app, 'admin');
  });
  afterAll(() => t?.close());

  const goat = async (stock = 20) => {
    const p = await makeProduct(t, { name: `Goat meat ${Math.random().toString(36).slice(2, 6)}`, price: 26_000, stock });
    await t.database.db
      .update(products)
      .set({ options: [CUT] })
      .where(eq(products.id, p.id));
    return p;
  };
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('prices the picked cut on the server, ignores a price the client sends, and keeps the cut and note on the order', async () => {
    const p = await goat();
    const res = await placeOrder(
      t,
      customer,
      checkoutBody([{ productId: p.id, quantity: 2, options: { Cut: 'Cubed' }, note: '3 cm pieces', price: 1, unitPrice: 1 } as never]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json();
    expect(order.subtotalAmount).toBe(2 * 27_000);
    expect(order.items[0]).toMatchObject({
      price: 27_000,
      lineTotal: 54_000,
      options: [{ name: 'Cut', value: 'Cubed', priceDelta: 1_000 }],
      note: '3 cm pieces',
    });
    expect(await stockOf(t, p.id)).toBe(18);
    // What the customer, the back office and the outlet read back.
    const mine = (await get(`/api/orders/${order.id}`, customer)).json().order;
    expect(mine.items[0]).toMatchObject({ options: [{ name: 'Cut', value: 'Cubed' }], note: '3 cm pieces' });
    const staff = await get(`/api/admin/orders/${order.id}`, admin);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().items[0]).toMatchObject({ options: [{ name: 'Cut', value: 'Cubed' }], note: '3 cm pieces' });
  });

  it('shows the outlet that packs the order the cut and the note', async () => {
    const home = await outletIdByName(t.database.db, HOME_OUTLET);
    const p = await makeProduct(t, { name: 'Goat for the outlet', price: 26_000, stock: 5, outletId: home });
    await t.database.db
      .update(products)
      .set({ options: [CUT] })
      .where(eq(products.id, p.id));
    const [o] = await t.database.db.select().from(outlets).where(eq(outlets.id, home));
    const res = await placeOrder(
      t,
      customer,
      checkoutBody([{ productId: p.id, quantity: 1, options: { Cut: 'Cubed' }, note: 'For pilau' } as never], {
        location: { lat: o!.latitude, lng: o!.longitude },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const outletCookie = await loginAs(t.app, 'outlet');
    const view = await get(`/api/outlet/orders/${res.json().order.id}`, outletCookie);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().items[0]).toMatchObject({ options: [{ name: 'Cut', value: 'Cubed', priceDelta: 1_000 }], note: 'For pilau' });
  });

  it('keeps two cuts of one product as two lines, drawing on one stock', async () => {
    const p = await goat(5);
    const res = await placeOrder(
      t,
      customer,
      checkoutBody([
        { productId: p.id, quantity: 2, options: { Cut: 'Whole' } },
        { productId: p.id, quantity: 3, options: { Cut: 'Cubed' } },
      ] as never),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json();
    expect(order.subtotalAmount).toBe(2 * 26_000 + 3 * 27_000);
    expect(order.items).toHaveLength(2);
    expect(await stockOf(t, p.id)).toBe(0);
  });

  it('refuses an unavailable or unknown cut with a clear message and takes nothing', async () => {
    const p = await goat(10);
    for (const [options, message] of [
      [{ Cut: 'Minced' }, `Cut "Minced" is not available for ${p.name} right now`],
      [{ Cut: 'Sliced' }, `Cut "Sliced" is not offered for ${p.name}`],
      [{ Skin: 'Off' }, `${p.name} has no option "Skin"`],
    ] as const) {
      const res = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1, options } as never]));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await stockOf(t, p.id)).toBe(10);
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.productId, p.id));
    expect(lines).toHaveLength(0);
  });

  it('refuses a note longer than 120 characters', async () => {
    const p = await goat(10);
    const res = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1, note: 'x'.repeat(121) } as never]));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('A note can be at most 120 characters');
  });

  it('lets staff set a product’s options in the product form, refusing a repeated value', async () => {
    const p = await goat();
    const current = (await get(`/api/admin/products`, admin)).json();
    const list = Array.isArray(current) ? current : current.products;
    const mine = list.find((x: { id: string }) => x.id === p.id);
    expect(mine.options).toEqual([CUT]);
    const [cat] = (await get('/api/categories', admin)).json().categories;
    const body = {
      name: p.name,
      description: 'Goat',
      price: 26_000,
      stock: 20,
      categoryId: cat.id,
      options: [{ name: 'Skin', values: [{ label: 'On' }, { label: 'Off', priceDelta: 500 }] }],
    };
    const put = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${p.id}`,
        payload: payload as object,
        headers: { origin: ORIGIN, cookie: admin },
      });
    const ok = await put(body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().options).toEqual([
      {
        name: 'Skin',
        values: [
          { label: 'On', available: true, priceDelta: 0 },
          { label: 'Off', available: true, priceDelta: 500 },
        ],
      },
    ]);
    const pub = (await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` })).json().product;
    expect(pub.options[0].name).toBe('Skin');
    const bad = await put({ ...body, options: [{ name: 'Skin', values: [{ label: 'On' }, { label: 'on' }] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Each value of an option must be different');
  });

  it('refuses to change the lines of an order holding a cut for the butcher', async () => {
    const p = await goat();
    const placed = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1, options: { Cut: 'Cubed' } } as never]));
    const order = placed.json().order;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/edit`,
      payload: { items: [{ productId: p.id, quantity: 2 }] },
      headers: { origin: ORIGIN, cookie: admin },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/cut or a note for the butcher/);
    expect(await stockOf(t, p.id)).toBe(19);
  });
});
