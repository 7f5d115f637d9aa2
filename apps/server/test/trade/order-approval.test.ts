/**
 * Orders held for approval through the API: a trade buyer's order over their limit is placed (stock
 * taken) but held, out of every work queue; the owner or an approver of that business approves it
 * (it becomes pending and joins the queue, the buyer is told) or declines it with a reason (cancelled,
 * stock back through the ledger, the buyer told why). A buyer cannot decide, another business cannot
 * even find it, two approvals at once make one transition, and an order nobody decides on expires.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { adminNotifications } from '../../src/db/schema/notifications.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { outletProducts } from '../../src/db/schema/outlets.ts';
import { stockMovements } from '../../src/db/schema/stock.ts';
import { tradeAccounts, tradeMembers } from '../../src/db/schema/trade.ts';
import { expireHeldOrders } from '../../src/modules/orders/approval-expiry.ts';
import { listQueue } from '../../src/modules/orders/order-queues.repository.ts';
import { findOrdersByOutletId } from '../../src/modules/orders/outlet-orders.repository.ts';
import { adminClient } from '../admin/admin-client.ts';
import { makeCustomer } from '../fixtures/people.ts';
import { demoIds } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';

describe.each(drivers)('orders awaiting approval on %s', (driver) => {
  let t: TestContext;
  let owner: string;
  let buyer: { id: string; cookie: string };
  let approver: { id: string; cookie: string };
  let outsider: { id: string; cookie: string };
  let product: { id: string };

  const call = (cookie: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN }, payload });
  const approve = (cookie: string, id: string) => call(cookie, `/api/account/trade/orders/${id}/approve`);
  const decline = (cookie: string, id: string, reason: string) => call(cookie, `/api/account/trade/orders/${id}/decline`, { reason });
  // UGX 20,000 a unit, the buyer's limit UGX 50,000: 2 units go through, 3 wait.
  const order = async (cookie: string, quantity: number) => {
    const res = await placeOrder(t, cookie, checkoutBody([{ productId: product.id, quantity }]));
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order as { id: string; status: string; outlet: { id: string } };
    return { id: placed.id, status: placed.status, outletId: placed.outlet.id };
  };
  const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const outletStock = async (outletId: string) =>
    (
      await t.database.db
        .select({ stock: outletProducts.stock })
        .from(outletProducts)
        .where(and(eq(outletProducts.outletId, outletId), eq(outletProducts.productId, product.id)))
    )[0]!.stock;
  const messages = (orderId: string, event: string) =>
    t.database.db
      .select()
      .from(customerMessages)
      .where(and(eq(customerMessages.orderId, orderId), eq(customerMessages.event, event)));
  const inPendingQueue = async (id: string) => (await listQueue(t.database.db, 'pending')).some((q) => q.id === id);

  beforeAll(async () => {
    t = await createTestApp(driver);
    owner = await loginAs(t.app, 'customer');
    const { customerId: ownerId } = await demoIds(t.database.db);
    buyer = await makeCustomer(t.app, `held-buyer-${driver}@example.com`);
    approver = await makeCustomer(t.app, `held-approver-${driver}@example.com`);
    outsider = await makeCustomer(t.app, `held-outsider-${driver}@example.com`);
    const business = (name: string, appliedBy: string) => ({
      businessName: name,
      tin: '1000000009',
      address: 'Kampala',
      lat: 0.33,
      lng: 32.6,
      contactName: 'Owner',
      contactPhone: '+256772000000',
      weeklyVolume: 'under_500k',
      status: 'approved',
      tierId: 'restaurant',
      appliedBy,
    });
    const [a] = await t.database.db.insert(tradeAccounts).values(business('Held Kitchen', buyer.id)).returning();
    const [b] = await t.database.db.insert(tradeAccounts).values(business('Other Grill', outsider.id)).returning();
    await t.database.db.insert(tradeMembers).values([
      { accountId: a!.id, userId: ownerId, role: 'owner' },
      { accountId: a!.id, userId: buyer.id, role: 'buyer', approvalLimit: 50_000 },
      { accountId: a!.id, userId: approver.id, role: 'approver' },
      { accountId: b!.id, userId: outsider.id, role: 'owner' },
    ]);
    product = await makeProduct(t, { name: 'Held Beef Ribs', price: 20_000, stock: 100 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('places a buyer’s order under the limit as usual, and holds one over it out of every queue', async () => {
    const small = await order(buyer.cookie, 2);
    expect(small.status).toBe('pending');
    expect(await inPendingQueue(small.id)).toBe(true);

    const big = await order(buyer.cookie, 3);
    expect(big.status).toBe('awaiting_approval');
    // Stock is taken at placement, so approving it cannot fail for stock.
    expect(await outletStock(big.outletId)).toBe(100 - 2 - 3);
    // No work for anyone yet: not in the dispatch queue, not in the outlet's list, no rider.
    expect(await inPendingQueue(big.id)).toBe(false);
    const outletList = await findOrdersByOutletId(t.database.db, big.outletId, { limit: 200 });
    expect(outletList.map((o) => o.id)).not.toContain(big.id);
    expect((await row(big.id)).riderId).toBeNull();
    // The buyer is told it waits (SMS and email), not that it was placed.
    const held = await messages(big.id, 'held');
    expect(held.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(held[0]!.body).toContain('approver');
    expect(await messages(big.id, 'placed')).toHaveLength(0);
    // The owner and the approver are asked by email; the buyer and the other business are not.
    const asked = await t.database.db.select().from(customerMessages).where(eq(customerMessages.event, 'trade_approval_needed'));
    const number = big.id.slice(0, 8).toUpperCase();
    expect(
      asked
        .filter((m) => m.subject?.includes(number))
        .map((m) => m.recipient)
        .sort(),
    ).toEqual(['customer@shop.test', `held-approver-${driver}@example.com`].sort());
    // The buyer's own order page says so.
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${big.id}`, headers: { cookie: buyer.cookie } });
    expect(mine.json().order?.status ?? mine.json().status).toBe('awaiting_approval');
  });

  it('lets only the owner or an approver of that business decide: a buyer 403, another business 404', async () => {
    const big = await order(buyer.cookie, 3);
    const byBuyer = await approve(buyer.cookie, big.id);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().error.message).toBe('Only the account owner or an approver can approve or decline orders.');
    const byOutsider = await approve(outsider.cookie, big.id);
    expect(byOutsider.statusCode).toBe(404);
    expect((await decline(outsider.cookie, big.id, 'Not ours')).statusCode).toBe(404);
    // Another business's list does not show it either.
    const theirs = await t.app.inject({ method: 'GET', url: '/api/account/trade/orders', headers: { cookie: outsider.cookie } });
    expect(theirs.json().orders.map((o: { id: string }) => o.id)).not.toContain(big.id);
    expect((await row(big.id)).status).toBe('awaiting_approval');

    const ok = await approve(approver.cookie, big.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().orders.find((o: { id: string }) => o.id === big.id)).toMatchObject({
      status: 'pending',
      approvalByName: expect.any(String),
    });
    const after = await row(big.id);
    expect(after).toMatchObject({ status: 'pending', approvalBy: approver.id });
    // Now it is work: in the queue and the outlet's list; the buyer is told; admins hear of it.
    expect(await inPendingQueue(big.id)).toBe(true);
    expect((await findOrdersByOutletId(t.database.db, big.outletId, { limit: 200 })).map((o) => o.id)).toContain(big.id);
    const told = await messages(big.id, 'approved');
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(told.find((m) => m.channel === 'sms')!.body).toContain('approved');
    const notes = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.orderId, big.id));
    expect(notes.some((n) => n.message.includes('approved by'))).toBe(true);
    // Approving again is refused cleanly.
    const again = await approve(owner, big.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order is already approved.');
  });

  it('two approvals at once make one transition', async () => {
    const big = await order(buyer.cookie, 3);
    const [a, b] = await Promise.all([approve(owner, big.id), approve(approver.cookie, big.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await row(big.id)).status).toBe('pending');
    expect(await messages(big.id, 'approved')).toHaveLength(2); // one SMS, one email
  });

  it('declines with a reason: cancelled, stock back through the ledger, the buyer told why', async () => {
    const big = await order(buyer.cookie, 3);
    const before = await outletStock(big.outletId);
    const noReason = await decline(owner, big.id, ' ');
    expect(noReason.statusCode).toBe(400);
    const res = await decline(owner, big.id, 'We have enough ribs this week');
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(big.id)).toMatchObject({ status: 'cancelled', cancelReason: 'We have enough ribs this week' });
    expect(await outletStock(big.outletId)).toBe(before + 3);
    // The ledger and the figure agree: every unit in or out is a row.
    const ledger = await t.database.db
      .select({ delta: stockMovements.delta, kind: stockMovements.kind, orderId: stockMovements.orderId })
      .from(stockMovements)
      .where(and(eq(stockMovements.outletId, big.outletId), eq(stockMovements.productId, product.id)));
    expect(ledger.reduce((n, m) => n + m.delta, 0)).toBe(await outletStock(big.outletId));
    expect(ledger.filter((m) => m.orderId === big.id).reduce((n, m) => n + m.delta, 0)).toBe(0);
    const told = await messages(big.id, 'approval_declined');
    expect(told.find((m) => m.channel === 'sms')!.body).toContain('We have enough ribs this week');
    expect(await messages(big.id, 'cancelled')).toHaveLength(0);
    // Decided: neither approvable nor declinable again.
    expect((await approve(owner, big.id)).statusCode).toBe(409);
    expect((await decline(owner, big.id, 'again')).statusCode).toBe(409);
  });

  it('cannot be given to a rider while held; the buyer may withdraw it', async () => {
    const big = await order(buyer.cookie, 3);
    const admin = await adminClient(t);
    const { riderId } = await demoIds(t.database.db);
    const assign = await admin.post(`/api/admin/orders/${big.id}/assign`, { riderId });
    expect(assign.statusCode).toBeGreaterThanOrEqual(400);
    expect(assign.json().error.message).toBe('Only pending orders can be assigned to a rider.');
    expect(await row(big.id)).toMatchObject({ status: 'awaiting_approval', riderId: null });
    const before = await outletStock(big.outletId);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${big.id}/cancel`,
      headers: { cookie: buyer.cookie, origin: ORIGIN },
      payload: {},
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await row(big.id)).status).toBe('cancelled');
    expect(await outletStock(big.outletId)).toBe(before + 3);
  });

  it('declines a held order nobody decided on after the window, giving its stock back', async () => {
    const big = await order(buyer.cookie, 3);
    const before = await outletStock(big.outletId);
    // Not yet: an hour later nothing happens.
    expect(await expireHeldOrders(t.app.deps, new Date(Date.now() + 3_600_000))).not.toContain(big.id);
    const cancelled = await expireHeldOrders(t.app.deps, new Date(Date.now() + 25 * 3_600_000));
    // This one and the order the first test left held; approved and declined ones are not touched.
    expect(cancelled).toContain(big.id);
    expect(cancelled).toHaveLength(2);
    expect(await row(big.id)).toMatchObject({ status: 'cancelled', cancelReason: 'Not approved by the business within 24 hours' });
    expect(await outletStock(big.outletId)).toBe(before + 3 * 2);
    expect((await approve(owner, big.id)).statusCode).toBe(409);
  });
});
