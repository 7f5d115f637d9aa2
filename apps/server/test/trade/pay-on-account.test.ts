/**
 * Pay on account through the API: staff give an approved business terms and a credit limit
 * (audited); its members then order without paying, up to the limit; two orders at once that
 * together pass it cannot both be placed; a cancelled order frees what it held; a household
 * customer and a business without terms cannot pay on account.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../src/db/schema/audit.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { tradeAccounts, tradeMembers } from '../../src/db/schema/trade.ts';
import { adminClient } from '../admin/admin-client.ts';
import { makeCustomer } from '../fixtures/people.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';

describe.each(drivers)('pay on account on %s', (driver) => {
  let t: TestContext;
  let owner: string;
  let chef: { id: string; cookie: string };
  let accountId: string;
  let product: { id: string };
  let admin: Awaited<ReturnType<typeof adminClient>>;
  const onAccount = (quantity: number) => checkoutBody([{ productId: product.id, quantity }], { paymentMethod: 'on_account' });

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    owner = await loginAs(t.app, 'customer');
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/account/trade/apply',
      headers: { cookie: owner, origin: ORIGIN },
      payload: {
        businessName: 'Khana Khazana',
        tin: '1000765432',
        address: 'Acacia Avenue, Kololo',
        lat: 0.3345,
        lng: 32.5955,
        contactName: 'Asha Patel',
        contactPhone: '0772123456',
        weeklyVolume: '2m_10m',
      },
    });
    accountId = applied.json().account.id;
    // A second member, so two people of one business can order at the same moment.
    chef = await makeCustomer(t.app, `credit-chef-${driver}@example.com`);
    await t.database.db.insert(tradeMembers).values({ accountId, userId: chef.id, role: 'approver' });
    product = await makeProduct(t, { name: 'Credit Goat Meat', price: 30_000, stock: 100 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses on account before the business is approved with terms', async () => {
    const applied = await placeOrder(t, owner, onAccount(1));
    expect(applied.statusCode).toBe(400);
    expect(applied.json().error.fields.paymentMethod).toContain('approved trade account with terms');
    // Terms only for an approved account.
    const early = await admin.put(`/api/admin/trade/accounts/${accountId}/credit`, { termsDays: 14, creditLimit: 100_000 });
    expect(early.statusCode).toBe(400);
    expect((await admin.post(`/api/admin/trade/accounts/${accountId}/approve`, { tierId: 'restaurant' })).statusCode).toBe(200);
    const approvedNoTerms = await placeOrder(t, owner, onAccount(1));
    expect(approvedNoTerms.statusCode).toBe(400);
  });

  it('lets staff set terms and a limit together only, audited', async () => {
    const odd = await admin.put(`/api/admin/trade/accounts/${accountId}/credit`, { termsDays: 10, creditLimit: 100_000 });
    expect(odd.statusCode).toBe(400);
    const half = await admin.put(`/api/admin/trade/accounts/${accountId}/credit`, { termsDays: 14, creditLimit: null });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.fields.creditLimit).toBe('Give terms and a credit limit together, or neither.');
    const ok = await admin.put(`/api/admin/trade/accounts/${accountId}/credit`, { termsDays: 14, creditLimit: 100_000 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().account).toMatchObject({ termsDays: 14, creditLimit: 100_000 });
    const audits = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, accountId));
    expect(audits.find((a) => a.action === 'update')).toMatchObject({
      before: { termsDays: null, creditLimit: null },
      after: { termsDays: 14, creditLimit: 100_000 },
    });
    // The members see the terms (checkout offers On account from them).
    const mine = await t.app.inject({ method: 'GET', url: '/api/account/trade', headers: { cookie: chef.cookie } });
    expect(mine.json().account).toMatchObject({ termsDays: 14, creditLimit: 100_000 });
  });

  it('places an order on account with nothing to pay, and refuses a household customer', async () => {
    const placed = await placeOrder(t, owner, onAccount(2));
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order).toMatchObject({
      paymentMethod: 'on_account',
      paymentStatus: 'on_account',
      totalAmount: expect.any(Number),
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.json().order.id));
    expect(row).toMatchObject({ tradeAccountId: accountId, paymentStatus: 'on_account' });
    const household = await makeCustomer(t.app, `credit-household-${driver}@example.com`);
    const refused = await placeOrder(t, household.cookie, onAccount(1));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('approved trade account with terms');
  });

  it('places exactly one of two orders at once that together pass the limit; a cancel frees its share', async () => {
    const [open] = await t.database.db.select().from(orders).where(eq(orders.tradeAccountId, accountId));
    const owed = open!.totalAmount;
    // Room for one more order of one unit (30,000 + delivery), not two.
    const room = 100_000 - owed;
    const one = (await placeOrder(t, chef.cookie, checkoutBody([{ productId: product.id, quantity: 1 }]))).json().order;
    expect(one.totalAmount).toBeLessThanOrEqual(room);
    expect(2 * one.totalAmount).toBeGreaterThan(room);
    const [a, b] = await Promise.all([placeOrder(t, owner, onAccount(1)), placeOrder(t, chef.cookie, onAccount(1))]);
    const codes = [a!.statusCode, b!.statusCode].sort();
    expect(codes).toEqual([201, 400]);
    const loser = a!.statusCode === 400 ? a! : b!;
    expect(loser.json().error.message).toBe('This order would take Khana Khazana past its credit limit of UGX 100,000; pay now instead.');
    const onAccountRows = (await t.database.db.select().from(orders).where(eq(orders.tradeAccountId, accountId))).filter(
      (o) => o.paymentMethod === 'on_account',
    );
    expect(onAccountRows).toHaveLength(2);
    expect(onAccountRows.reduce((s, o) => s + o.totalAmount, 0)).toBeLessThanOrEqual(100_000);

    // Full now: refused. Cancelling the first order frees its share and the next one goes through.
    expect((await placeOrder(t, chef.cookie, onAccount(1))).statusCode).toBe(400);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${open!.id}/cancel`,
      headers: { cookie: owner, origin: ORIGIN },
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().order).toMatchObject({ status: 'cancelled', paymentStatus: 'on_account' });
    expect((await placeOrder(t, chef.cookie, onAccount(1))).statusCode).toBe(201);
  });

  it('stops on account when the terms are taken away', async () => {
    const off = await admin.put(`/api/admin/trade/accounts/${accountId}/credit`, { termsDays: null, creditLimit: null });
    expect(off.json().account).toMatchObject({ termsDays: null, creditLimit: null });
    const [acc] = await t.database.db.select().from(tradeAccounts).where(eq(tradeAccounts.id, accountId));
    expect(acc!.creditLimit).toBeNull();
    expect((await placeOrder(t, owner, onAccount(1))).statusCode).toBe(400);
  });
});
