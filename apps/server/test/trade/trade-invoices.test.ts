/**
 * Invoices of pay on account through the API: a delivered on-account order gets one invoice (numbered
 * without gaps, VAT at the Settings rate contained in the total, due after the terms), its PDF says
 * the same figures when read back with pdf.js, only the business's members (and staff) can read it,
 * and an overdue invoice stops further orders on account while paying now still works.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { tradeInvoices } from '../../src/db/schema/trade-credit.ts';
import { adminClient } from '../admin/admin-client.ts';
import { orderFlow } from '../delivery-ops/flow.ts';
import { readPdf } from '../fixtures/pdf-text.ts';
import { makeCustomer } from '../fixtures/people.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';

const DAY = 86_400_000;

describe.each(drivers)('trade invoices on %s', (driver) => {
  let t: TestContext;
  let owner: string;
  let accountId: string;
  let flow: Awaited<ReturnType<typeof orderFlow>>;
  let product: { id: string };
  let admin: Awaited<ReturnType<typeof adminClient>>;
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie, origin: ORIGIN } });

  async function apply(cookie: string, businessName: string, tin: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/trade/apply',
      headers: { cookie, origin: ORIGIN },
      payload: {
        businessName,
        tin,
        address: 'Plot 4 Kira Road, Kamwokya',
        lat: 0.3445,
        lng: 32.5855,
        contactName: 'Asha Patel',
        contactPhone: '0772123456',
        weeklyVolume: '2m_10m',
      },
    });
    const id = res.json().account.id as string;
    await admin.post(`/api/admin/trade/accounts/${id}/approve`, { tierId: 'hotel' });
    await admin.put(`/api/admin/trade/accounts/${id}/credit`, { termsDays: 14, creditLimit: 500_000 });
    return id;
  }

  async function deliverOnAccount(cookie: string, quantity: number) {
    const res = await placeOrder(t, cookie, checkoutBody([{ productId: product.id, quantity }], { paymentMethod: 'on_account' }));
    expect(res.statusCode).toBe(201);
    const id = res.json().order.id as string;
    await flow.assign(id);
    await flow.pickup(id);
    await flow.deliver(id);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    owner = await loginAs(t.app, 'customer');
    flow = await orderFlow(t);
    accountId = await apply(owner, 'Speke Resort Kitchens', '1000246810');
    product = await makeProduct(t, { name: 'Beef Fillet', price: 25_000, stock: 200 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('issues one invoice when an on-account order is delivered, with VAT contained and due after the terms', async () => {
    const orderId = await deliverOnAccount(owner, 2);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'delivered', paymentStatus: 'on_account' });
    const [inv] = await t.database.db.select().from(tradeInvoices).where(eq(tradeInvoices.orderId, orderId));
    const year = new Date().getFullYear();
    expect(inv).toMatchObject({ number: `INV-${year}-000001`, accountId, total: order!.totalAmount, termsDays: 14 });
    // Prices include VAT at 18%: the total contains total × 18 / 118.
    expect(inv!.vatAmount).toBe(Math.round((order!.totalAmount * 18) / 118));
    expect(inv!.dueAt.getTime() - inv!.issuedAt.getTime()).toBe(14 * DAY);

    const list = await get(owner, '/api/account/trade/invoices');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      owed: order!.totalAmount,
      creditLimit: 500_000,
      invoices: [{ number: `INV-${year}-000001`, state: 'open', outstanding: order!.totalAmount, paid: 0 }],
    });
    // The next one follows without a gap.
    const second = await deliverOnAccount(owner, 1);
    const [inv2] = await t.database.db.select().from(tradeInvoices).where(eq(tradeInvoices.orderId, second));
    expect(inv2!.number).toBe(`INV-${year}-000002`);
  });

  it('prints the invoice with the business, its TIN, the lines, the VAT and the due date', async () => {
    const { invoices } = (await get(owner, '/api/account/trade/invoices')).json();
    const first = invoices.find((i: { number: string }) => i.number.endsWith('000001'));
    const res = await get(owner, `/api/account/trade/invoices/${first.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.title).toBe(`Invoice ${first.number}`);
    const fmt = (n: number) => `UGX ${n.toLocaleString('en-US')}`;
    expect(pdf.rows).toContain('Speke Resort Kitchens');
    // The business's TIN shares its row with the order number printed across from it.
    expect(pdf.rows).toContain(`TIN 1000246810 | Order number | #${first.orderId.slice(0, 8).toUpperCase()}`);
    expect(pdf.rows).toContain(`Beef Fillet | 2 | ${fmt(25_000)} | ${fmt(50_000)}`);
    expect(pdf.rows).toContain(`Subtotal | ${fmt(50_000)}`);
    expect(pdf.rows).toContain(`Total due | ${fmt(first.total)}`);
    expect(pdf.rows).toContain(`VAT included (18%) | ${fmt(first.vatAmount)}`);
    expect(pdf.rows).toContain(`Total excluding VAT | ${fmt(first.total - first.vatAmount)}`);
    expect(pdf.rows).toContain('Terms | Net 14 days');
    const due = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Kampala' }).format(
      new Date(first.dueAt),
    );
    expect(pdf.rows).toContain(`Due date | ${due}`);

    // Staff read it too; another business and a household cannot.
    expect((await admin.get(`/api/admin/trade/invoices/${first.id}/pdf`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/trade/accounts/${accountId}/invoices`)).json().invoices).toHaveLength(2);
    const other = await makeCustomer(t.app, `other-biz-${driver}@example.com`);
    await apply(other.cookie, 'Other Hotel', '1000999999');
    expect((await get(other.cookie, `/api/account/trade/invoices/${first.id}/pdf`)).statusCode).toBe(404);
    expect((await get(other.cookie, '/api/account/trade/invoices')).json().invoices).toEqual([]);
    const household = await makeCustomer(t.app, `household-inv-${driver}@example.com`);
    expect((await get(household.cookie, '/api/account/trade/invoices')).statusCode).toBe(403);
  });

  it('refuses orders on account while an invoice is overdue; paying now still works', async () => {
    const [first] = await t.database.db.select().from(tradeInvoices).where(eq(tradeInvoices.accountId, accountId));
    // Fifteen days on: move the invoice's dates back rather than the clock.
    await t.database.db
      .update(tradeInvoices)
      .set({ issuedAt: new Date(Date.now() - 15 * DAY), dueAt: new Date(Date.now() - DAY) })
      .where(eq(tradeInvoices.id, first!.id));
    const refused = await placeOrder(t, owner, checkoutBody([{ productId: product.id, quantity: 1 }], { paymentMethod: 'on_account' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain(`Speke Resort Kitchens has an overdue invoice (${first!.number}, due`);
    const list = (await get(owner, '/api/account/trade/invoices')).json();
    expect(list.invoices.find((i: { id: string }) => i.id === first!.id).state).toBe('overdue');
    const payNow = await placeOrder(t, owner, checkoutBody([{ productId: product.id, quantity: 1 }]));
    expect(payNow.statusCode).toBe(201);
  });

  it('records payments oldest invoice first or to a chosen one, derives paid from them, and clears the overdue block', async () => {
    const before = (await get(owner, '/api/account/trade/invoices')).json();
    const [older, newer] = [...before.invoices].sort((a, b) => a.number.localeCompare(b.number));
    const url = `/api/admin/trade/accounts/${accountId}/payments`;
    const tooMuch = await admin.post(url, { method: 'bank', reference: 'STANBIC-1', amount: older.total + newer.total + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.amount).toContain('more than the business owes');
    const noRef = await admin.post(url, { method: 'bank', reference: '', amount: 1_000 });
    expect(noRef.statusCode).toBe(400);

    // Oldest first: the overdue one is paid in full, the rest goes to the next.
    const paid = await admin.post(url, { method: 'bank', reference: 'STANBIC-1', amount: older.total + 5_000 });
    expect(paid.statusCode).toBe(200);
    const after = (await get(owner, '/api/account/trade/invoices')).json();
    const find = (id: string) => after.invoices.find((i: { id: string }) => i.id === id);
    expect(find(older.id)).toMatchObject({ state: 'paid', paid: older.total, outstanding: 0 });
    expect(find(newer.id)).toMatchObject({ state: 'part_paid', paid: 5_000, outstanding: newer.total - 5_000 });
    // Too much for the chosen invoice; then exactly what is left of it.
    const over = await admin.post(url, { method: 'cash', reference: 'RCPT-9', amount: newer.total, invoiceId: newer.id });
    expect(over.statusCode).toBe(400);
    const rest = await admin.post(url, { method: 'mobile_money', reference: 'MP2611', amount: newer.total - 5_000, invoiceId: newer.id });
    expect(rest.statusCode).toBe(200);

    const statement = (await get(owner, '/api/account/trade/statement')).json();
    expect(statement.entries.map((e: { kind: string; amount: number; balance: number }) => [e.kind, e.amount, e.balance])).toEqual([
      ['invoice', older.total, older.total],
      ['invoice', newer.total, older.total + newer.total],
      ['payment', -(older.total + 5_000), newer.total - 5_000],
      ['payment', -(newer.total - 5_000), 0],
    ]);
    expect(statement).toMatchObject({ balance: 0, overdue: 0, businessName: 'Speke Resort Kitchens' });
    const csv = await get(owner, '/api/account/trade/statement.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    // The payment paid two invoices: its description holds a comma, so the cell is quoted.
    expect(csv.body.split('\n')[3]).toBe(
      `${statement.entries[2].at.slice(0, 10)},Payment,"Bank transfer STANBIC-1 (${older.number}, ${newer.number})",${-(older.total + 5_000)},${newer.total - 5_000}`,
    );
    // Nothing overdue now: on account again.
    const again = await placeOrder(t, owner, checkoutBody([{ productId: product.id, quantity: 1 }], { paymentMethod: 'on_account' }));
    expect(again.statusCode).toBe(201);
    expect((await admin.get(`/api/admin/trade/accounts/${accountId}/statement`)).json().balance).toBe(0);
  });

  it('ages receivables by days overdue and sends one reminder per invoice per day through the outbox', async () => {
    const a = await deliverOnAccount(owner, 1);
    const b = await deliverOnAccount(owner, 2);
    const [invA] = await t.database.db.select().from(tradeInvoices).where(eq(tradeInvoices.orderId, a));
    const [invB] = await t.database.db.select().from(tradeInvoices).where(eq(tradeInvoices.orderId, b));
    // A is 45 days past due; B is not due yet.
    await t.database.db
      .update(tradeInvoices)
      .set({ issuedAt: new Date(Date.now() - 59 * DAY), dueAt: new Date(Date.now() - 45 * DAY) })
      .where(eq(tradeInvoices.id, invA!.id));
    const aged = (await admin.get('/api/admin/trade/receivables')).json();
    const row = aged.accounts.find((r: { accountId: string }) => r.accountId === accountId);
    expect(row).toMatchObject({
      current: invB!.total,
      d1_30: 0,
      d31_60: invA!.total,
      d60_plus: 0,
      total: invA!.total + invB!.total,
      invoices: 2,
    });
    expect(aged.totals.total).toBeGreaterThanOrEqual(row.total);

    const sent = await admin.post(`/api/admin/trade/accounts/${accountId}/remind`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().reminded.sort()).toEqual([invA!.number, invB!.number].sort());
    const messages = await t.database.db.select().from(customerMessages).where(eq(customerMessages.event, 'invoice_reminder'));
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const email = messages.find((m) => m.channel === 'email')!;
    expect(email.recipient).toBe('customer@shop.test');
    expect(email.body).toContain(`${invA!.number}: UGX ${invA!.total.toLocaleString('en-US')} overdue since`);
    // Once a day: a second press the same day is refused and queues nothing.
    const again = await admin.post(`/api/admin/trade/accounts/${accountId}/remind`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already sent today');
    expect(await t.database.db.select().from(customerMessages).where(eq(customerMessages.event, 'invoice_reminder'))).toHaveLength(2);
    const after = (await admin.get('/api/admin/trade/receivables')).json();
    expect(after.accounts.find((r: { accountId: string }) => r.accountId === accountId).lastReminder).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
