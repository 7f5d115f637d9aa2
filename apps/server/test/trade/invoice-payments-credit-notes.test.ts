/**
 * Paying an invoice online and credit notes, through the API: a credit note is numbered without
 * gaps, refused over what the invoice still owes, lowers what it owes, shows on the statement, the
 * CSV and its PDF; Pay now asks the provider (the simulator) for what the invoice owes now, whatever
 * the client sends; the provider's confirmation records one payment however often and however
 * concurrently it arrives; and a payment that finds its invoice settled meanwhile is a credit on the
 * account that the next invoice takes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../src/db/schema/audit.ts';
import { tradeCreditNotes, tradeInvoicePaymentAttempts, tradeInvoices, tradePayments } from '../../src/db/schema/trade-credit.ts';
import { tradeMembers } from '../../src/db/schema/trade.ts';
import { users } from '../../src/db/schema/accounts.ts';
import { settleSimulatorTransaction } from '../../src/modules/payments/simulator/simulator.repository.ts';
import { checkPendingInvoicePayments, settleInvoicePayment } from '../../src/modules/trade/invoice-payments.service.ts';
import { adminClient } from '../admin/admin-client.ts';
import { orderFlow } from '../delivery-ops/flow.ts';
import { readPdf } from '../fixtures/pdf-text.ts';
import { makeCustomer } from '../fixtures/people.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';

const fmt = (n: number) => `UGX ${n.toLocaleString('en-US')}`;

describe.each(drivers)('invoice payments and credit notes on %s', (driver) => {
  let t: TestContext;
  let owner: string;
  let accountId: string;
  let flow: Awaited<ReturnType<typeof orderFlow>>;
  let product: { id: string };
  let admin: Awaited<ReturnType<typeof adminClient>>;
  const year = new Date().getFullYear();
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie, origin: ORIGIN } });
  const post = (cookie: string, url: string, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie, origin: ORIGIN } });
  const simulatorPost = (paymentUrl: string, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  const onlinePayments = () =>
    t.database.db
      .select()
      .from(tradePayments)
      .where(and(eq(tradePayments.accountId, accountId), eq(tradePayments.method, 'online')));
  const invoices = async (cookie = owner) => (await get(cookie, '/api/account/trade/invoices')).json();
  const invoice = async (id: string) => (await invoices()).invoices.find((i: { id: string }) => i.id === id);

  async function deliverOnAccount(quantity: number) {
    const res = await placeOrder(t, owner, checkoutBody([{ productId: product.id, quantity }], { paymentMethod: 'on_account' }));
    expect(res.statusCode).toBe(201);
    const id = res.json().order.id as string;
    await flow.assign(id);
    await flow.pickup(id);
    await flow.deliver(id);
    const [inv] = await t.database.db.select().from(tradeInvoices).where(eq(tradeInvoices.orderId, id));
    return inv!;
  }

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    owner = await loginAs(t.app, 'customer');
    flow = await orderFlow(t);
    const res = await post(owner, '/api/account/trade/apply', {
      businessName: 'Kololo Grill House',
      tin: '1000135790',
      address: 'Plot 9 Acacia Avenue, Kololo',
      lat: 0.3363,
      lng: 32.5962,
      contactName: 'Asha Patel',
      contactPhone: '0772123456',
      weeklyVolume: '2m_10m',
    });
    accountId = res.json().account.id as string;
    await admin.post(`/api/admin/trade/accounts/${accountId}/approve`, { tierId: 'restaurant' });
    await admin.put(`/api/admin/trade/accounts/${accountId}/credit`, { termsDays: 14, creditLimit: 2_000_000 });
    product = await makeProduct(t, { name: 'Goat Ribs', price: 20_000, stock: 500 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('issues credit notes numbered without gaps, never over what the invoice owes, with clear field errors', async () => {
    const inv = await deliverOnAccount(3);
    const url = `/api/admin/trade/invoices/${inv.id}/credit-notes`;
    const zero = await admin.post(url, { amount: 0, reason: 'Short weight' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields.amount).toBe('Enter an amount above zero');
    const noReason = await admin.post(url, { amount: 1_000, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toContain('Say why the invoice is credited');
    const tooMuch = await admin.post(url, { amount: inv.total + 1, reason: 'Returned' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.amount).toBe(`${inv.number} has ${fmt(inv.total)} left that can be credited. Credit at most that.`);

    const first = await admin.post(url, { amount: 5_000, reason: 'One rack returned: bone splinters' });
    expect(first.statusCode).toBe(200);
    const second = await admin.post(url, { amount: 3_000, reason: 'Short weight' });
    expect(second.statusCode).toBe(200);
    // A refused note takes no number: the two issued are 1 and 2.
    expect(second.json().creditNotes.map((n: { number: string }) => n.number)).toEqual([`CN-${year}-000001`, `CN-${year}-000002`]);
    expect(await invoice(inv.id)).toMatchObject({ credited: 8_000, paid: 0, outstanding: inv.total - 8_000, state: 'part_paid' });
    // What is left after both: exactly that can still be credited, not a shilling more.
    const over = await admin.post(url, { amount: inv.total - 8_000 + 1, reason: 'Returned' });
    expect(over.json().error.fields.amount).toContain(`${fmt(inv.total - 8_000)} left`);
    expect((await invoices()).owed).toBe(inv.total - 8_000);

    const audits = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, accountId));
    expect(
      audits
        .filter((a) => (a.after as { creditNote?: string } | null)?.creditNote)
        .map((a) => (a.after as { creditNote: string }).creditNote),
    ).toEqual(expect.arrayContaining([`CN-${year}-000001`, `CN-${year}-000002`]));
  });

  it('prints a credit note the member and staff can download; another business and a household cannot', async () => {
    const { creditNotes } = await invoices();
    const note = creditNotes[0];
    const res = await get(owner, `/api/account/trade/credit-notes/${note.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.title).toBe(`Credit note ${note.number}`);
    expect(pdf.rows).toContain('Kololo Grill House');
    expect(pdf.rows).toContain(`One rack returned: bone splinters | ${fmt(5_000)}`);
    expect(pdf.rows).toContain(`Total credited | ${fmt(5_000)}`);
    expect(pdf.rows).toContain(`VAT included (18%) | ${fmt(Math.round((5_000 * 18) / 118))}`);
    expect(pdf.text).toContain(note.invoiceNumber);
    expect((await admin.get(`/api/admin/trade/credit-notes/${note.id}/pdf`)).statusCode).toBe(200);

    const other = await makeCustomer(t.app, `cn-other-${driver}@example.com`);
    const apply = await post(other.cookie, '/api/account/trade/apply', {
      businessName: 'Other Diner',
      tin: '1000555555',
      address: 'Ntinda',
      lat: 0.35,
      lng: 32.61,
      contactName: 'B',
      contactPhone: '0772999999',
      weeklyVolume: 'under_500k',
    });
    expect(apply.statusCode).toBe(201);
    expect((await get(other.cookie, `/api/account/trade/credit-notes/${note.id}/pdf`)).statusCode).toBe(404);
    expect((await post(other.cookie, `/api/account/trade/invoices/${note.invoiceId}/pay`)).statusCode).toBe(404);
    const household = await makeCustomer(t.app, `cn-household-${driver}@example.com`);
    expect((await get(household.cookie, `/api/account/trade/credit-notes/${note.id}/pdf`)).statusCode).toBe(403);
  });

  it('pays an invoice online for what it owes now (never the client’s figure), recorded once however often the provider confirms', async () => {
    const { invoices: list } = await invoices();
    const inv = list.find((i: { credited: number }) => i.credited > 0);
    const start = await post(owner, `/api/account/trade/invoices/${inv.id}/pay`, { amount: 1 });
    expect(start.statusCode).toBe(200);
    const { paymentUrl, orderTrackingId } = start.json();
    expect(paymentUrl).toBe(`${ORIGIN}/pay/simulator/${orderTrackingId}`);
    const [attempt] = await t.database.db
      .select()
      .from(tradeInvoicePaymentAttempts)
      .where(eq(tradeInvoicePaymentAttempts.orderTrackingId, orderTrackingId));
    expect(attempt!.amount).toBe(inv.outstanding);
    // The simulator page asks for the same amount.
    expect((await t.app.inject({ method: 'GET', url: new URL(paymentUrl).pathname })).body).toContain(
      inv.outstanding.toLocaleString('en-US'),
    );

    // Approve: the simulator's IPN records the payment before the browser returns.
    const back = await simulatorPost(paymentUrl, { decision: 'approve', pin: '4821' });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain(`${ORIGIN}/account/trade?OrderTrackingId=${orderTrackingId}`);
    // The redirect's check, a repeat of it, and a late IPN (GET and POST) change nothing.
    const verify = () => post(owner, '/api/account/trade/invoice-payments/verify', { orderTrackingId });
    const v = await verify();
    expect(v.statusCode).toBe(200);
    expect(v.json()).toMatchObject({ status: 'completed', invoiceNumber: inv.number, amount: inv.outstanding });
    await verify();
    const ipn = await t.app.inject({
      method: 'GET',
      url: `/api/payments/ipn?OrderTrackingId=${orderTrackingId}&OrderNotificationType=IPNCHANGE`,
    });
    expect(ipn.json().status).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/payments/ipn', payload: { OrderTrackingId: orderTrackingId } });
    const rows = await onlinePayments();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: inv.outstanding, providerReference: orderTrackingId });
    expect(await invoice(inv.id)).toMatchObject({ state: 'paid', outstanding: 0, paid: inv.total - inv.credited });

    // Paid: pressing Pay now again is refused.
    const again = await post(owner, `/api/account/trade/invoices/${inv.id}/pay`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This invoice is already paid.');

    // The statement: the invoice (+), the two credit notes (−) and the online payment (−), back to 0.
    const statement = (await get(owner, '/api/account/trade/statement')).json();
    expect(statement.entries.map((e: { kind: string; amount: number; balance: number }) => [e.kind, e.amount, e.balance])).toEqual([
      ['invoice', inv.total, inv.total],
      ['credit_note', -5_000, inv.total - 5_000],
      ['credit_note', -3_000, inv.total - 8_000],
      ['payment', -(inv.total - 8_000), 0],
    ]);
    expect(statement).toMatchObject({ balance: 0, overdue: 0, unallocated: 0 });
    expect(statement.entries[1].description).toBe(`Credit note CN-${year}-000001 on ${inv.number}: One rack returned: bone splinters`);
    expect(statement.entries[3].description).toContain(`Paid online`);
    const csv = (await get(owner, '/api/account/trade/statement.csv')).body.split('\n');
    expect(csv[2]).toBe(
      `${statement.entries[1].at.slice(0, 10)},Credit note,Credit note CN-${year}-000001 on ${inv.number}: One rack returned: bone splinters,-5000,${inv.total - 5_000}`,
    );
  });

  it('records one payment when the redirect and the IPN confirm at the same moment', async () => {
    const inv = await deliverOnAccount(1);
    const { paymentUrl, orderTrackingId } = (await post(owner, `/api/account/trade/invoices/${inv.id}/pay`)).json();
    // The payer approves on the provider's side only (no IPN yet): settle the simulator's ledger directly.
    await settleSimulatorTransaction(t.database.db, orderTrackingId, {
      status: 'completed',
      statusDescription: 'ok',
      confirmationCode: 'SIMX1',
    });
    const status = await t.app.deps.payments!.getTransactionStatus(orderTrackingId);
    const [attempt] = await t.database.db
      .select()
      .from(tradeInvoicePaymentAttempts)
      .where(eq(tradeInvoicePaymentAttempts.orderTrackingId, orderTrackingId));
    const before = (await onlinePayments()).length;
    const results = await Promise.all([
      settleInvoicePayment(t.database.db, attempt!.id, status, 'verify'),
      settleInvoicePayment(t.database.db, attempt!.id, status, 'ipn'),
      post(owner, '/api/account/trade/invoice-payments/verify', { orderTrackingId }),
      t.app.inject({ method: 'GET', url: `/api/payments/ipn?OrderTrackingId=${orderTrackingId}` }),
    ]);
    expect(results[0]).toMatchObject({ status: 'completed' });
    expect(results[1]).toMatchObject({ status: 'completed' });
    expect((await onlinePayments()).length).toBe(before + 1);
    expect(await invoice(inv.id)).toMatchObject({ state: 'paid', outstanding: 0 });
    expect(paymentUrl).toContain(orderTrackingId);
  });

  it('records a payment whose IPN was lost and whose payer never came back; refuses an amount it did not ask for', async () => {
    const lost = await deliverOnAccount(1);
    const { orderTrackingId } = (await post(owner, `/api/account/trade/invoices/${lost.id}/pay`)).json();
    await settleSimulatorTransaction(t.database.db, orderTrackingId, {
      status: 'completed',
      statusDescription: 'ok',
      confirmationCode: 'SIMLOST',
    });
    // Too early (the payer may still be on the page), then a few minutes on.
    expect(await checkPendingInvoicePayments(t.app.deps)).toBe(0);
    expect(await checkPendingInvoicePayments(t.app.deps, new Date(Date.now() + 5 * 60_000))).toBe(1);
    expect(await invoice(lost.id)).toMatchObject({ state: 'paid', outstanding: 0 });
    expect(await checkPendingInvoicePayments(t.app.deps, new Date(Date.now() + 10 * 60_000))).toBe(0);

    const odd = await deliverOnAccount(1);
    const start = (await post(owner, `/api/account/trade/invoices/${odd.id}/pay`)).json();
    const [attempt] = await t.database.db
      .select()
      .from(tradeInvoicePaymentAttempts)
      .where(eq(tradeInvoicePaymentAttempts.orderTrackingId, start.orderTrackingId));
    const before = (await onlinePayments()).length;
    await settleSimulatorTransaction(t.database.db, start.orderTrackingId, {
      status: 'completed',
      statusDescription: 'ok',
      confirmationCode: 'SIMODD',
    });
    const status = await t.app.deps.payments!.getTransactionStatus(start.orderTrackingId);
    const r = await settleInvoicePayment(t.database.db, attempt!.id, { ...status, amount: attempt!.amount - 1 }, 'ipn');
    expect(r).toMatchObject({ status: 'failed' });
    expect(r.message).toContain('did not match the invoice');
    expect((await onlinePayments()).length).toBe(before);
    expect(await invoice(odd.id)).toMatchObject({ outstanding: odd.total });
    // Settled by staff, so the tests after start with nothing owed.
    await admin.post(`/api/admin/trade/accounts/${accountId}/payments`, {
      method: 'bank',
      reference: 'DFCU-1',
      amount: odd.total,
      invoiceId: odd.id,
    });
  });

  it('keeps what staff settled meanwhile as a credit on the account, which the next invoice takes', async () => {
    const inv = await deliverOnAccount(2);
    const { paymentUrl } = (await post(owner, `/api/account/trade/invoices/${inv.id}/pay`)).json();
    // While the payer is on the provider's page, staff record a bank payment of the same invoice.
    const staff = await admin.post(`/api/admin/trade/accounts/${accountId}/payments`, {
      method: 'bank',
      reference: 'DFCU-77',
      amount: inv.total,
      invoiceId: inv.id,
    });
    expect(staff.statusCode).toBe(200);
    await simulatorPost(paymentUrl, { decision: 'approve', pin: '4821' });
    // The money came in: recorded in full, allocated to nothing (nothing else is owed), a credit.
    const statement = (await get(owner, '/api/account/trade/statement')).json();
    expect(statement).toMatchObject({ balance: -inv.total, unallocated: inv.total });
    expect(await invoice(inv.id)).toMatchObject({ state: 'paid', paid: inv.total });
    expect((await invoices()).owed).toBe(0);

    // The next delivery's invoice is paid from the credit.
    const next = await deliverOnAccount(1);
    expect(next.total).toBeLessThan(inv.total);
    expect(await invoice(next.id)).toMatchObject({ state: 'paid', paid: next.total });
    const after = (await get(owner, '/api/account/trade/statement')).json();
    expect(after).toMatchObject({ balance: next.total - inv.total, unallocated: inv.total - next.total });
  });

  it('lets the owner and buyers pay, not approvers; a declined payment records nothing', async () => {
    const inv = await deliverOnAccount(1);
    const approver = await makeCustomer(t.app, `approver-${driver}@example.com`);
    const buyer = await makeCustomer(t.app, `buyer-${driver}@example.com`);
    await t.database.db.insert(tradeMembers).values([
      { accountId, userId: approver.id, role: 'approver' },
      { accountId, userId: buyer.id, role: 'buyer', approvalLimit: 100_000 },
    ]);
    // The credit left from the test before paid part of it; the rest is what is asked.
    const owed = (await invoice(inv.id)).outstanding;
    const refused = await post(approver.cookie, `/api/account/trade/invoices/${inv.id}/pay`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('Only the account owner or a buyer');
    expect(owed).toBeGreaterThan(0);
    const start = await post(buyer.cookie, `/api/account/trade/invoices/${inv.id}/pay`);
    expect(start.statusCode).toBe(200);
    const before = (await onlinePayments()).length;
    await simulatorPost(start.json().paymentUrl, { decision: 'decline' });
    const v = await post(buyer.cookie, '/api/account/trade/invoice-payments/verify', { orderTrackingId: start.json().orderTrackingId });
    expect(v.json()).toMatchObject({ status: 'failed' });
    expect(v.json().message).toContain('did not go through');
    expect((await onlinePayments()).length).toBe(before);
    expect(await invoice(inv.id)).toMatchObject({ outstanding: owed });
  });

  it('tells staff taking an order whether the customer may order on account, with the credit left', async () => {
    const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'customer@shop.test'));
    const offer = (await admin.get(`/api/admin/customers/${me!.id}/on-account`)).json().offer;
    const { owed } = await invoices();
    expect(offer).toMatchObject({ businessName: 'Kololo Grill House', termsDays: 14, creditLimit: 2_000_000, owed, overdue: null });
    expect(offer.available).toBe(2_000_000 - owed);
    const household = await makeCustomer(t.app, `household-offer-${driver}@example.com`);
    expect((await admin.get(`/api/admin/customers/${household.id}/on-account`)).json()).toEqual({ offer: null });
  });

  it('keeps credit notes append-only rows', async () => {
    const notes = await t.database.db.select().from(tradeCreditNotes).where(eq(tradeCreditNotes.accountId, accountId));
    expect(notes.map((n) => n.number).sort()).toEqual([`CN-${year}-000001`, `CN-${year}-000002`]);
  });
});
