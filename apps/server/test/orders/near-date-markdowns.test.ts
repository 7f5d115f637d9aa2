/**
 * Near-date markdowns: a category's rule puts batches close to their sell-by date on offer; the
 * product page shows them, and an order's "Best before" line is priced from the rule on the server
 * (whatever the client sends), takes that use-by's batches at an outlet that holds them, is refused
 * once the offer has ended, and leaves the regular lines first expiring first out.
 */
import { addDays, shopDay } from '@meatshop/shared/batches';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/catalog.ts';
import { changeAtOutlet, mainOutlet } from '../../src/modules/inventory/outlet-stock.repository.ts';
import { recordMovements } from '../../src/modules/inventory/stock-ledger.service.ts';
import { adminClient } from '../admin/admin-client.ts';
import { outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from './fixtures.ts';

describe.each(drivers)('near-date markdowns on %s', (driver) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  let manager: string;
  let customer: string;
  let home: string;
  let categoryId: string;
  const today = shopDay();
  // The shop's default cut-off is 1 day before use-by: use by today + 2 is sold through tomorrow,
  // so a 2-day rule has it on offer today; use by today + 10 is not near-date.
  const near = addDays(today, 2);
  const far = addDays(today, 10);

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    manager = await loginAs(t.app, 'outlet');
    customer = await loginAs(t.app, 'customer');
    home = (await mainOutlet(t.database.db))!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
  const deliver = (productId: string, lotNumber: string, useBy: string, quantity: number) =>
    call(manager, 'POST', '/api/outlet/stock-deliveries', {
      items: [{ productId, quantity, batch: { lotNumber, productionDate: addDays(today, -3), useBy } }],
    });
  const batches = async (productId: string) =>
    (await call(manager, 'GET', `/api/outlet/stock-batches?view=live&productId=${productId}`))
      .json()
      .batches.map((b: { lotNumber: string | null; quantity: number }) => `${b.lotNumber ?? 'unknown'} ${b.quantity}`);
  const orderMoves = async (productId: string, orderId: string) =>
    (await call(manager, 'GET', '/api/outlet/stock-movements'))
      .json()
      .movements.filter((m: { productId: string; orderId: string; kind: string }) => m.productId === productId && m.orderId === orderId)
      .map((m: { lotNumber: string; delta: number }) => `${m.lotNumber} ${m.delta}`)
      .sort();
  const setRule = (markdownPercent: number | null, markdownDays: number | null) =>
    admin.put(`/api/admin/categories/${categoryId}`, { name: 'Near-date Sausages', markdownPercent, markdownDays });
  const productInCategory = async (name: string, price: number) => {
    const p = await makeProduct(t, { name, price, stock: 0 });
    await t.database.db.update(products).set({ categoryId }).where(eq(products.id, p.id));
    return p;
  };

  it('keeps a rule per category, whole percent 5–90 and 1–7 days, both or neither, audited', async () => {
    const created = await admin.post('/api/admin/categories', { name: 'Near-date Sausages', markdownPercent: 20, markdownDays: 2 });
    expect(created.statusCode, created.body).toBe(201);
    categoryId = created.json().id;
    expect(created.json()).toMatchObject({ markdownPercent: 20, markdownDays: 2 });

    for (const bad of [
      { markdownPercent: 4, markdownDays: 2 },
      { markdownPercent: 91, markdownDays: 2 },
      { markdownPercent: 20, markdownDays: 8 },
      { markdownPercent: 20.5, markdownDays: 2 },
      { markdownPercent: 20, markdownDays: null },
    ]) {
      const res = await setRule(bad.markdownPercent, bad.markdownDays);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const half = await setRule(20, null);
    expect(half.json().error.fields.markdownDays).toBe('Set both the percent off and the days, or leave both empty');

    expect((await setRule(25, 2)).statusCode).toBe(200);
    const trail = (await admin.get(`/api/admin/activity?entityType=category&q=${categoryId}&pageSize=1`)).json().entries[0];
    expect(trail.before).toMatchObject({ markdownPercent: 20 });
    expect(trail.after).toMatchObject({ markdownPercent: 25 });
    expect((await setRule(20, 2)).statusCode).toBe(200);
    // Only staff with the catalog permission: a customer is refused.
    const byCustomer = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/categories/${categoryId}`,
      headers: { cookie: customer, origin: ORIGIN },
      payload: { name: 'Near-date Sausages', markdownPercent: 90, markdownDays: 7 },
    });
    expect(byCustomer.statusCode).toBe(403);
  });

  it('shows the offers on the product page, grouped by use-by, and none for stock outside the window', async () => {
    const p = await productInCategory('Offer Page Sausages', 10_000);
    expect((await deliver(p.id, 'NEAR-A', near, 2)).statusCode).toBe(200);
    expect((await deliver(p.id, 'NEAR-B', near, 1)).statusCode).toBe(200);
    expect((await deliver(p.id, 'FAR-A', far, 5)).statusCode).toBe(200);
    const page = (await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` })).json().product;
    expect(page.offers).toEqual([{ useBy: near, until: addDays(near, -1), percent: 20, regularPrice: 10_000, price: 8_000, left: 3 }]);
    // A product outside any rule's category shows no offers.
    const plain = await makeProduct(t, { name: 'No Rule Sausages', price: 10_000, stock: 0 });
    expect((await deliver(plain.id, 'NEAR-C', near, 2)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${plain.id}` })).json().product.offers).toEqual([]);

    // The listing's flags: one request for every product on offer today, with its lowest price.
    const flags = (await t.app.inject({ method: 'GET', url: '/api/products/offers' })).json().offers;
    expect(flags.find((f: { productId: string }) => f.productId === p.id)).toEqual({ productId: p.id, from: 8_000, percent: 20 });
    expect(flags.find((f: { productId: string }) => f.productId === plain.id)).toBeUndefined();
  });

  it('charges the markdown price whatever the client sends, takes that batch, and the regular line first expiring first', async () => {
    // Regular stock at Ntinda (nearest to the customer); the near-date lot only at the main outlet.
    const ntinda = await outletIdByName(t.database.db, 'Ntinda Outlet');
    const p = await productInCategory('Markdown Beef Sausages', 12_000);
    await t.database.db.transaction(async (tx) => {
      const after = await changeAtOutlet(tx, ntinda, p.id, 10);
      await recordMovements(tx, [
        { outletId: ntinda, productId: p.id, delta: 10, stockAfter: after!, kind: 'delivery', reason: 'Test stock' },
      ]);
    });
    expect((await deliver(p.id, 'NEAR-1', near, 3)).statusCode).toBe(200);
    expect((await deliver(p.id, 'FAR-1', far, 5)).statusCode).toBe(200);

    const res = await placeOrder(
      t,
      customer,
      checkoutBody([{ productId: p.id, quantity: 2, bestBefore: near, price: 1 } as never, { productId: p.id, quantity: 2 }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    // The outlet holding the offer's units packs it, not the nearer one without them.
    expect(order.outlet.id).toBe(home);
    const lines = order.items.map((i: { price: number; quantity: number; markdown: unknown }) => [i.price, i.quantity, i.markdown]);
    expect(lines).toContainEqual([9_600, 2, { useBy: near, percent: 20, regularPrice: 12_000 }]);
    expect(lines).toContainEqual([12_000, 2, null]);
    expect(order.subtotalAmount).toBe(2 * 9_600 + 2 * 12_000);
    // The offer's 2 units from NEAR-1; the regular line first expiring first: the last of NEAR-1, then FAR-1.
    expect(await orderMoves(p.id, order.id)).toEqual(['FAR-1 -1', 'NEAR-1 -1', 'NEAR-1 -2']);
    expect(await batches(p.id)).toEqual(['FAR-1 4']);

    // The order screens read the markdown from the line.
    const mine = (await call(customer, 'GET', `/api/orders/${order.id}`)).json().order;
    expect(mine.items.find((i: { markdown: unknown }) => i.markdown).markdown).toEqual({ useBy: near, percent: 20, regularPrice: 12_000 });
    const slip = (await call(manager, 'GET', `/api/outlet/orders/${order.id}`)).json();
    const slipLine = slip.items.find((i: { markdown: unknown }) => i.markdown);
    expect(slipLine.batches.map((b: { lotNumber: string; quantity: number }) => `${b.lotNumber} ${b.quantity}`)).toEqual(['NEAR-1 2']);

    // A cancel gives the units back to the batches they came from.
    expect((await call(customer, 'POST', `/api/orders/${order.id}/cancel`, {})).statusCode).toBe(200);
    expect(await batches(p.id)).toEqual(['NEAR-1 3', 'FAR-1 5']);

    // More than the offer holds: refused on that line, nothing taken.
    const tooMany = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 4, bestBefore: near } as never]));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toMatch(/Only 3 of Markdown Beef Sausages \(best before .*\) left on offer/);
    expect(await batches(p.id)).toEqual(['NEAR-1 3', 'FAR-1 5']);

    // The rule changed since the cart was filled: the server charges today's markdown.
    expect((await setRule(30, 2)).statusCode).toBe(200);
    const repriced = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1, bestBefore: near } as never]));
    expect(repriced.statusCode, repriced.body).toBe(201);
    expect(repriced.json().order.items[0].price).toBe(8_400);
    expect((await setRule(20, 2)).statusCode).toBe(200);
  });

  it('refuses a line whose offer has ended, and takes nothing', async () => {
    const p = await productInCategory('Ended Offer Sausages', 10_000);
    expect((await deliver(p.id, 'NEAR-2', near, 3)).statusCode).toBe(200);
    expect((await deliver(p.id, 'FAR-2', far, 3)).statusCode).toBe(200);

    // A use-by outside the window (not yet near-date) is not on offer.
    const notYet = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1, bestBefore: far } as never]));
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().error.message).toMatch(/^The offer on Ended Offer Sausages \(best before .*\) has ended/);
    expect(notYet.json().error.fields['items.0.bestBefore']).toBeDefined();

    // The window shrinks to the sell-by day alone (tomorrow): today the batch is no longer on offer.
    expect((await setRule(20, 1)).statusCode).toBe(200);
    const ended = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1, bestBefore: near } as never]));
    expect(ended.statusCode).toBe(400);
    expect(ended.json().error.message).toMatch(/has ended/);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` })).json().product.offers).toEqual([]);

    // The rule removed: no offer either.
    expect((await setRule(null, null)).statusCode).toBe(200);
    const noRule = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1, bestBefore: near } as never]));
    expect(noRule.statusCode).toBe(400);
    expect(await batches(p.id)).toEqual(['NEAR-2 3', 'FAR-2 3']);
    expect((await setRule(20, 2)).statusCode).toBe(200);

    // A regular line of the same product still places, first expiring first.
    const regular = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1 }]));
    expect(regular.statusCode).toBe(201);
    expect(await batches(p.id)).toEqual(['NEAR-2 2', 'FAR-2 3']);
  });

  it('refuses to change the lines of an order with a near-date line, and a cancel gives its units back to the lot', async () => {
    const p = await productInCategory('Edit Offer Sausages', 10_000);
    expect((await deliver(p.id, 'NEAR-3', near, 4)).statusCode).toBe(200);
    const placed = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 2, bestBefore: near } as never]));
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order.id;
    expect(await batches(p.id)).toEqual(['NEAR-3 2']);
    const edit = await call(customer, 'POST', `/api/orders/${id}/edit`, { items: [{ productId: p.id, quantity: 1 }] });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toMatch(/near-date offers/);
    expect(await batches(p.id)).toEqual(['NEAR-3 2']);
    expect((await call(customer, 'POST', `/api/orders/${id}/cancel`, {})).statusCode).toBe(200);
    expect(await batches(p.id)).toEqual(['NEAR-3 4']);
  });

  it('keeps markdowns to products sold by the unit', async () => {
    const p = await productInCategory('Weighed Offer Goat', 30_000);
    await t.database.db
      .update(products)
      .set({ weighing: { amounts: [500, 1000], pieces: false, tolerancePercent: 10 } })
      .where(eq(products.id, p.id));
    const res = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 1, bestBefore: near } as never]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/sold by weight/);
  });
});
