/**
 * Trade accounts end to end through the API: a customer applies, staff decline or approve (the
 * business told through the outbox, the decision audited), the owner invites by email, the invitee
 * joins only when signed in with the invited email, orders of every member carry the account and
 * every member sees them, a buyer over their limit is held for approval (refused when paid at
 * checkout), and the owner alone manages members.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../src/db/schema/audit.ts';
import { customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { adminClient } from '../admin/admin-client.ts';
import { makeCustomer, makeStaff } from '../fixtures/people.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';

const APPLICATION = {
  businessName: 'Cafe Javas Ntinda',
  tin: '1000123456',
  address: 'Ntinda Road, Kampala',
  lat: 0.3545,
  lng: 32.6155,
  contactName: 'Grace Namubiru',
  contactPhone: '0772123456',
  weeklyVolume: '2m_10m',
};

describe.each(drivers)('trade accounts on %s', (driver) => {
  let t: TestContext;
  let owner: string;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  beforeAll(async () => {
    t = await createTestApp(driver);
    owner = await loginAs(t.app, 'customer');
    admin = await adminClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
  const emailsTo = (recipient: string, event: string) =>
    t.database.db
      .select()
      .from(customerMessages)
      .where(and(eq(customerMessages.recipient, recipient), eq(customerMessages.event, event)));
  const tokenIn = (body: string) => decodeURIComponent(/join\?token=([^\s]+)/.exec(body)![1]!);

  it('refuses a bad application with the field named, and takes a good one once', async () => {
    const bad = await call(owner, 'POST', '/api/account/trade/apply', { ...APPLICATION, tin: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.tin).toBe('TIN must be 10 digits');

    const res = await call(owner, 'POST', '/api/account/trade/apply', APPLICATION);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'owner', account: { businessName: 'Cafe Javas Ntinda', status: 'applied', tierId: null } });
    const again = await call(owner, 'POST', '/api/account/trade/apply', APPLICATION);
    expect(again.statusCode).toBe(409);
    // Not approved yet: no invitations.
    const invite = await call(owner, 'POST', '/api/account/trade/invitations', { email: 'chef@example.com', role: 'buyer' });
    expect(invite.statusCode).toBe(403);
  });

  it('declines with a reason the applicant is told, then cannot approve a declined one', async () => {
    const other = await makeCustomer(t.app, `declined-${driver}@example.com`);
    const applied = await call(other.cookie, 'POST', '/api/account/trade/apply', { ...APPLICATION, businessName: 'Shady Butchery' });
    const id = applied.json().account.id as string;
    const noReason = await admin.post(`/api/admin/trade/accounts/${id}/decline`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const declined = await admin.post(`/api/admin/trade/accounts/${id}/decline`, { reason: 'We could not verify the TIN.' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().account).toMatchObject({ status: 'declined', declineReason: 'We could not verify the TIN.' });
    const [mail] = await emailsTo(`declined-${driver}@example.com`, 'trade_declined');
    expect(mail!.body).toContain('We could not verify the TIN.');
    const approve = await admin.post(`/api/admin/trade/accounts/${id}/approve`, { tierId: 'restaurant' });
    expect(approve.statusCode).toBe(400);
    const mine = await call(other.cookie, 'GET', '/api/account/trade');
    expect(mine.json().account).toMatchObject({ status: 'declined', declineReason: 'We could not verify the TIN.' });
  });

  it('approves with a tier (audited, owner told); a member then invites, and the invitee joins with the invited email only', async () => {
    const list = await admin.get('/api/admin/trade/accounts?status=applied');
    const app = list.json().accounts.find((a: { businessName: string }) => a.businessName === 'Cafe Javas Ntinda');
    expect(app).toMatchObject({ ownerEmail: 'customer@shop.test', members: 1 });
    const unknownTier = await admin.post(`/api/admin/trade/accounts/${app.id}/approve`, { tierId: 'nope' });
    expect(unknownTier.statusCode).toBe(400);
    const ok = await admin.post(`/api/admin/trade/accounts/${app.id}/approve`, { tierId: 'restaurant' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().account).toMatchObject({ status: 'approved', tierName: 'Restaurant' });
    const [audit] = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, app.id));
    expect(audit).toMatchObject({ entityType: 'trade_account', action: 'approve', after: { status: 'approved', tierId: 'restaurant' } });
    expect(await emailsTo('customer@shop.test', 'trade_approved')).toHaveLength(1);

    // The owner invites a buyer with a limit; the email carries the link.
    const invited = await call(owner, 'POST', '/api/account/trade/invitations', {
      email: `Chef-${driver}@Example.com`,
      role: 'buyer',
      approvalLimit: 50_000,
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().invitations).toMatchObject([{ email: `chef-${driver}@example.com`, role: 'buyer', approvalLimit: 50_000 }]);
    const twice = await call(owner, 'POST', '/api/account/trade/invitations', { email: `chef-${driver}@example.com`, role: 'buyer' });
    expect(twice.statusCode).toBe(409);
    const [mail] = await emailsTo(`chef-${driver}@example.com`, 'trade_invitation');
    const token = tokenIn(mail!.body);

    const preview = await t.app.inject({ method: 'GET', url: `/api/account/trade/join/${token}` });
    expect(preview.json()).toMatchObject({ businessName: 'Cafe Javas Ntinda', role: 'buyer' });
    // Someone else who got the link forwarded cannot use it.
    const stranger = await makeCustomer(t.app, `stranger-${driver}@example.com`);
    const refused = await call(stranger.cookie, 'POST', `/api/account/trade/join/${token}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain(`chef-${driver}@example.com`);

    const chef = await makeCustomer(t.app, `chef-${driver}@example.com`);
    const joined = await call(chef.cookie, 'POST', `/api/account/trade/join/${token}`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ role: 'buyer', approvalLimit: 50_000, account: { businessName: 'Cafe Javas Ntinda' } });
    // Used up.
    const reuse = await call(stranger.cookie, 'POST', `/api/account/trade/join/${token}`);
    expect(reuse.statusCode).toBe(404);

    // Orders of both members carry the account, and each member sees both.
    const p = await makeProduct(t, { name: 'Trade Beef Mince', price: 20_000, stock: 50 });
    const byOwner = await placeOrder(t, owner, checkoutBody([{ productId: p.id, quantity: 1 }]));
    expect(byOwner.statusCode).toBe(201);
    const byChef = await placeOrder(t, chef.cookie, checkoutBody([{ productId: p.id, quantity: 2 }]));
    expect(byChef.statusCode).toBe(201);
    // Over the buyer's limit of UGX 50,000 and paid by card: refused with the limit named, nothing
    // written (no money is taken for an order an approver may decline).
    const byCard = await placeOrder(t, chef.cookie, checkoutBody([{ productId: p.id, quantity: 3 }], { paymentMethod: 'card' }));
    expect(byCard.statusCode).toBe(400);
    expect(byCard.json().error.fields.paymentMethod).toContain('over your buying limit of UGX 50,000');
    // Cash on delivery: placed, held for the business's approval.
    const over = await placeOrder(t, chef.cookie, checkoutBody([{ productId: p.id, quantity: 3 }]));
    expect(over.statusCode).toBe(201);
    expect(over.json().order.status).toBe('awaiting_approval');
    const rows = await t.database.db.select().from(orders).where(eq(orders.tradeAccountId, app.id));
    expect(rows.map((r) => r.id).sort()).toEqual([byOwner.json().order.id, byChef.json().order.id, over.json().order.id].sort());
    for (const cookie of [owner, chef.cookie]) {
      const seen = await call(cookie, 'GET', '/api/account/trade/orders');
      expect(
        seen
          .json()
          .orders.map((o: { id: string }) => o.id)
          .sort(),
      ).toEqual(rows.map((r) => r.id).sort());
    }
    // A household customer's order carries none.
    const household = await placeOrder(t, stranger.cookie, checkoutBody([{ productId: p.id, quantity: 1 }]));
    const [h] = await t.database.db.select().from(orders).where(eq(orders.id, household.json().order.id));
    expect(h!.tradeAccountId).toBeNull();

    // Only the owner manages members; the owner's own row stays.
    const byBuyer = await call(chef.cookie, 'PATCH', `/api/account/trade/members/${chef.id}`, { role: 'approver' });
    expect(byBuyer.statusCode).toBe(403);
    const promoted = await call(owner, 'PATCH', `/api/account/trade/members/${chef.id}`, { role: 'approver', approvalLimit: 10_000 });
    expect(promoted.statusCode).toBe(200);
    // An approver has no limit: the limit is a buyer's.
    expect(promoted.json().members.find((m: { userId: string }) => m.userId === chef.id)).toMatchObject({
      role: 'approver',
      approvalLimit: null,
    });
    const big = await placeOrder(t, chef.cookie, checkoutBody([{ productId: p.id, quantity: 3 }]));
    expect(big.statusCode).toBe(201);
    const ownerId = promoted.json().members.find((m: { role: string }) => m.role === 'owner').userId;
    expect((await call(owner, 'DELETE', `/api/account/trade/members/${ownerId}`)).statusCode).toBe(400);
    const removed = await call(owner, 'DELETE', `/api/account/trade/members/${chef.id}`);
    expect(removed.json().members.map((m: { userId: string }) => m.userId)).not.toContain(chef.id);
    expect((await call(chef.cookie, 'GET', '/api/account/trade/orders')).statusCode).toBe(403);
  });

  it('a suspended account orders as a household, and staff without trade.manage are refused', async () => {
    const [row] = (await admin.get('/api/admin/trade/accounts?status=approved')).json().accounts;
    const suspended = await admin.post(`/api/admin/trade/accounts/${row.id}/suspend`, { reason: 'Unpaid invoices' });
    expect(suspended.json().account.status).toBe('suspended');
    expect(await emailsTo('customer@shop.test', 'trade_suspended')).toHaveLength(1);
    const p = await makeProduct(t, { name: 'Suspended Sausages', price: 5_000, stock: 5 });
    const placed = await placeOrder(t, owner, checkoutBody([{ productId: p.id, quantity: 1 }]));
    const [o] = await t.database.db.select().from(orders).where(eq(orders.id, placed.json().order.id));
    expect(o!.tradeAccountId).toBeNull();
    expect((await admin.post(`/api/admin/trade/accounts/${row.id}/reinstate`)).json().account.status).toBe('approved');

    const dispatcher = await makeStaff(t.app, `dispatch-${driver}@example.com`, 'dispatcher');
    expect((await call(dispatcher.cookie, 'GET', '/api/admin/trade/accounts')).statusCode).toBe(403);
    const manager = await makeStaff(t.app, `manager-${driver}@example.com`, 'manager');
    expect((await call(manager.cookie, 'GET', '/api/admin/trade/accounts')).statusCode).toBe(200);
  });
});
