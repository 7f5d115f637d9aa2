/**
 * Trade prices through the API: staff keep a tier's and an account's lists; a member's price sheet
 * resolves them (account over tier over retail, dates in Kampala); order placement prices every
 * line from the lists, holds minimum quantities and case sizes, and lifts the household cap of 10
 * for members only; the public listing stays the same answer for everyone; a household sees no
 * trade price and cannot read a sheet; a trade order's lines are not edited at retail.
 */
import { addDays, shopDay } from '@meatshop/shared/batches';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/orders.ts';
import { tradeAccounts, tradeMembers } from '../../src/db/schema/trade.ts';
import { adminClient } from '../admin/admin-client.ts';
import { makeCustomer } from '../fixtures/people.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';

describe.each(drivers)('trade prices on %s', (driver) => {
  let t: TestContext;
  let member: string;
  let household: Awaited<ReturnType<typeof makeCustomer>>;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  let accountId: string;
  let beef: { id: string };
  let pork: { id: string };
  let lamb: { id: string };
  const today = shopDay();

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    member = await loginAs(t.app, 'customer');
    household = await makeCustomer(t.app, `household-${driver}@example.com`);
    const db = t.database.db;
    const customerId = (await (await call(member, 'GET', '/api/account/profile')).json()).id as string;
    const [acc] = await db
      .insert(tradeAccounts)
      .values({
        businessName: 'Serena Kitchen',
        tin: '1000000009',
        address: 'Kampala',
        lat: 0.35,
        lng: 32.6,
        contactName: 'Chef',
        contactPhone: '+256772000009',
        weeklyVolume: 'over_10m',
        status: 'approved',
        tierId: 'restaurant',
        appliedBy: customerId,
      })
      .returning();
    accountId = acc!.id;
    await db.insert(tradeMembers).values({ accountId, userId: customerId, role: 'owner' });
    beef = await makeProduct(t, { name: 'Trade Beef Brisket', price: 20_000, stock: 500 });
    pork = await makeProduct(t, { name: 'Trade Pork Belly', price: 10_000, discountPrice: 9_000, stock: 500 });
    lamb = await makeProduct(t, { name: 'Trade Lamb Leg', price: 30_000, stock: 500 });
  });
  afterAll(async () => {
    await t?.close();
  });

  function call(cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
  }
  const sheet = async () => {
    const res = await call(member, 'GET', '/api/account/trade/prices');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return Object.fromEntries((res.json().prices as { productId: string }[]).map((p) => [p.productId, p])) as Record<
      string,
      Record<string, unknown>
    >;
  };

  it('keeps a tier list and an account list, refusing a line with both a price and a percentage', async () => {
    const both = await admin.post('/api/admin/trade/prices', { tierId: 'restaurant', productId: beef.id, fixedPrice: 1, percentOff: 5 });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields.fixedPrice).toBe('Give either a price or a percentage off, not both');
    const noOwner = await admin.post('/api/admin/trade/prices', { productId: beef.id, fixedPrice: 17_000 });
    expect(noOwner.statusCode).toBe(400);
    for (const line of [
      { tierId: 'restaurant', productId: beef.id, fixedPrice: 17_000 },
      { tierId: 'restaurant', productId: pork.id, percentOff: 10 },
      {
        accountId,
        productId: beef.id,
        fixedPrice: 18_000,
        minQuantity: 5,
        caseSize: 5,
        validFrom: addDays(today, -1),
        validTo: addDays(today, 1),
      },
      // Not yet valid: ignored today.
      { accountId, productId: lamb.id, fixedPrice: 1_000, validFrom: addDays(today, 1) },
    ]) {
      const res = await admin.post('/api/admin/trade/prices', line);
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = await admin.get(`/api/admin/trade/prices?accountId=${accountId}`);
    expect(list.json().lines).toHaveLength(2);
  });

  it("resolves the member's sheet: account over tier over retail, percent off the discount price, dates in Kampala", async () => {
    const s = await sheet();
    expect(s[beef.id]).toMatchObject({ unitPrice: 18_000, source: 'account', minQuantity: 5, caseSize: 5 });
    expect(s[pork.id]).toMatchObject({ unitPrice: 8_100, source: 'tier' });
    expect(s[lamb.id]).toBeUndefined();
    // A household has no sheet, and the public listing is the same answer for a member as for anyone.
    expect((await call(household.cookie, 'GET', '/api/account/trade/prices')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/products?limit=100' });
    const asMember = await call(member, 'GET', '/api/products?limit=100');
    expect(asMember.body).toBe(anonymous.body);
  });

  it('prices the order from the lists, holds minimums and case sizes, and lifts the cap of 10 for members only', async () => {
    const few = await placeOrder(t, member, checkoutBody([{ productId: beef.id, quantity: 3 }]));
    expect(few.statusCode).toBe(400);
    expect(few.json().error.fields['items.0.quantity']).toBe('Trade Beef Brisket: order at least 5 on your trade price list.');
    const odd = await placeOrder(t, member, checkoutBody([{ productId: beef.id, quantity: 12 }]));
    expect(odd.json().error.fields['items.0.quantity']).toBe('Trade Beef Brisket comes in cases of 5: order a multiple of 5.');

    const big = await placeOrder(
      t,
      member,
      checkoutBody([
        { productId: beef.id, quantity: 40 },
        { productId: pork.id, quantity: 12 },
        { productId: lamb.id, quantity: 11 },
      ]),
    );
    expect(big.statusCode, big.body).toBe(201);
    const order = big.json().order as { id: string; subtotalAmount: number; items: { productId: string; price: number }[] };
    const priceOf = (id: string) => order.items.find((i) => i.productId === id)!.price;
    expect([priceOf(beef.id), priceOf(pork.id), priceOf(lamb.id)]).toEqual([18_000, 8_100, 30_000]);
    expect(order.subtotalAmount).toBe(40 * 18_000 + 12 * 8_100 + 11 * 30_000);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.tradeAccountId).toBe(accountId);

    // A household: retail prices, and still at most 10 a line.
    const capped = await placeOrder(t, household.cookie, checkoutBody([{ productId: beef.id, quantity: 11 }]));
    expect(capped.statusCode).toBe(400);
    expect(capped.json().error.fields['items.0.quantity']).toBe('Quantity cannot be more than 10');
    const retail = await placeOrder(t, household.cookie, checkoutBody([{ productId: beef.id, quantity: 2 }]));
    expect(retail.json().order.items[0].price).toBe(20_000);

    // Editing a trade order's lines would re-price them at retail: refused.
    const edit = await call(member, 'POST', `/api/orders/${order.id}/edit`, { items: [{ productId: beef.id, quantity: 5 }] });
    expect(edit.statusCode).toBe(409);
  });

  it('falls back to the tier when the account line has ended, and changes and removals are audited', async () => {
    const { lines } = (await admin.get(`/api/admin/trade/prices?accountId=${accountId}`)).json() as {
      lines: { id: string; productId: string }[];
    };
    const beefLine = lines.find((l) => l.productId === beef.id)!;
    const ended = await admin.put(`/api/admin/trade/prices/${beefLine.id}`, {
      productId: beef.id,
      fixedPrice: 18_000,
      validFrom: addDays(today, -5),
      validTo: addDays(today, -1),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await sheet())[beef.id]).toMatchObject({ unitPrice: 17_000, source: 'tier', minQuantity: 1, caseSize: 1 });
    const removed = await admin.del(`/api/admin/trade/prices/${beefLine.id}`);
    expect(removed.json().lines).toHaveLength(1);
    const trail = await admin.get('/api/admin/activity?entityType=trade_price');
    expect(trail.statusCode).toBe(200);
    expect(trail.body).toContain(beefLine.id);
  });
});
