/**
 * Admin > Customers: staff find a customer by name, email or phone, read their orders, addresses and
 * messages, leave notes, and block them (a blocked customer's order is refused with a message saying
 * whom to call) and unblock them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedAddresses, users } from '../../src/db/schema/accounts.ts';
import { getShopSettings } from '../../src/modules/settings/settings.service.ts';
import { ACCOUNTS } from '../../src/seed/demo-data.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';
import { createTestApp, drivers, loginAs, type TestContext } from '../helpers.ts';
import { adminClient } from './admin-client.ts';

interface Row {
  id: string;
  email: string;
  orders: number;
  spent: number;
  blocked: boolean;
}

describe.each(drivers)('admin customers on %s', (driver) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  let customerCookie: string;
  let customerId: string;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    customerCookie = await loginAs(t.app, 'customer');
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ACCOUNTS.customer.email));
    customerId = row!.id;
    await t.database.db
      .insert(savedAddresses)
      .values({ userId: customerId, address: 'Plot 12, Ntinda Road', lat: 0.35, lng: 32.61, isDefault: true });
    productId = (await makeProduct(t, { price: 20_000, stock: 50 })).id;
    const placed = await placeOrder(t, customerCookie, checkoutBody([{ productId, quantity: 2 }]));
    expect(placed.statusCode, placed.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query = '') => {
    const res = await admin.get(`/api/admin/customers${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { customers: Row[]; total: number };
  };

  it('lists customers, not staff, with their orders and spend, and finds them by name, email or phone', async () => {
    const all = await list();
    const emails = all.customers.map((c) => c.email);
    expect(emails).toContain(ACCOUNTS.customer.email);
    expect(emails).not.toContain(ACCOUNTS.admin.email);
    expect(emails).not.toContain(ACCOUNTS.outlet.email);
    const daniel = all.customers.find((c) => c.email === ACCOUNTS.customer.email)!;
    expect(daniel.orders).toBe(1);
    expect(daniel.spent).toBeGreaterThan(40_000);
    for (const q of ['mugisha', 'customer@shop', '0772 100 002', '+256772100002']) {
      expect((await list(`?q=${encodeURIComponent(q)}`)).customers.map((c) => c.email)).toEqual([ACCOUNTS.customer.email]);
    }
    expect(await list('?q=nobody-by-this-name')).toMatchObject({ customers: [], total: 0 });
  });

  it("shows a customer's page: contact, addresses, orders and messages; staff notes are kept with who wrote them", async () => {
    const note = await admin.post(`/api/admin/customers/${customerId}/notes`, { text: 'Gate code 4411' });
    expect(note.statusCode, note.body).toBe(201);
    expect((await admin.post(`/api/admin/customers/${customerId}/notes`, { text: '  ' })).statusCode).toBe(400);
    const page = (await admin.get(`/api/admin/customers/${customerId}`)).json();
    expect(page.customer).toMatchObject({
      email: ACCOUNTS.customer.email,
      fullName: ACCOUNTS.customer.fullName,
      smsOptOut: false,
      blockedAt: null,
    });
    expect(page.addresses).toEqual([expect.objectContaining({ address: 'Plot 12, Ntinda Road', isDefault: true })]);
    expect(page.orders).toHaveLength(1);
    expect(page.messages.length).toBeGreaterThan(0);
    expect(page.notes).toEqual([expect.objectContaining({ text: 'Gate code 4411', authorName: expect.any(String) })]);
    expect(page.notes[0].authorName.length).toBeGreaterThan(0);
    // Staff and unknown ids are not customers.
    const [adminRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ACCOUNTS.admin.email));
    expect((await admin.get(`/api/admin/customers/${adminRow!.id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/admin/customers/no-such-person')).statusCode).toBe(404);
  });

  it('a blocked customer cannot place an order and is told whom to call; unblocked, they can again', async () => {
    expect((await admin.post(`/api/admin/customers/${customerId}/block`, { reason: '' })).statusCode).toBe(400);
    const blocked = await admin.post(`/api/admin/customers/${customerId}/block`, { reason: 'Refused three deliveries' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().customer).toMatchObject({ blockedReason: 'Refused three deliveries', blockedAt: expect.any(String) });
    expect((await list('?q=mugisha')).customers[0]!.blocked).toBe(true);

    const refused = await placeOrder(t, customerCookie, checkoutBody([{ productId, quantity: 1 }]));
    expect(refused.statusCode).toBe(403);
    const { supportPhone } = await getShopSettings(t.database.db);
    expect(refused.json().error.message).toBe(`Your account cannot place orders at the moment. Please call us on ${supportPhone}.`);

    expect((await admin.post(`/api/admin/customers/${customerId}/unblock`)).statusCode).toBe(200);
    expect((await placeOrder(t, customerCookie, checkoutBody([{ productId, quantity: 1 }]))).statusCode).toBe(201);
  });
});
