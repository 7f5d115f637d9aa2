/**
 * GET /api/receipts/:orderId: an order placed and paid through the real routes, its receipt
 * downloaded and read back with a PDF parser; who may download it; which orders have one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/catalog.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { outlets } from '../../src/db/schema/outlets.ts';
import { HOME_OUTLET, OTHER_OUTLET, outletIdByName } from '../fixtures/outlet-orders.ts';
import { readPdf } from '../fixtures/pdf-text.ts';
import { makeCustomer, makeOutletEmployee } from '../fixtures/people.ts';
import { demoIds, insertOrder } from '../fixtures/rider-orders.ts';
import { createTestApp, drivers, loginAs, ORIGIN, type TestContext } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from './fixtures.ts';

const TIN = '1000123456';

describe.each(drivers)('receipts on %s', (driver) => {
  let t: TestContext;
  const c = {} as Record<'customer' | 'admin' | 'outlet' | 'rider' | 'customerB' | 'outletY', string>;
  let paidId: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    c.customer = await loginAs(t.app, 'customer');
    c.admin = await loginAs(t.app, 'admin');
    c.outlet = await loginAs(t.app, 'outlet');
    c.rider = await loginAs(t.app, 'rider');
    c.customerB = (await makeCustomer(t.app, 'receipt-b@example.com')).cookie;
    c.outletY = (await makeOutletEmployee(t.app, 'receipt-staff-y@example.com', await outletIdByName(t.database.db, OTHER_OUTLET))).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload: payload as object, headers: { origin: ORIGIN, cookie, ...headers } });

  /**
   * Places an order through checkout and pays it on the simulator's page, as a customer would. It is
   * delivered next to the demo employee's outlet, so that outlet fulfils it.
   */
  async function placeAndPay() {
    const [home] = await t.database.db.select().from(outlets).where(eq(outlets.name, HOME_OUTLET));
    const sausages = await makeProduct(t, { name: 'Beef Sausages 500 g', price: 20_000, discountPrice: 18_500, stock: 20 });
    const ribs = await makeProduct(t, { name: 'Smoked Pork Ribs', price: 32_500, stock: 20 });
    // The receipt says what the butcher prepared: the picked cut and the customer's note.
    const cut = { name: 'Cut', values: [{ label: 'Whole rack', available: true, priceDelta: 0 }] };
    await t.database.db
      .update(products)
      .set({ options: [cut] })
      .where(eq(products.id, ribs.id));
    const body = checkoutBody(
      [
        { productId: sausages.id, quantity: 2 },
        { productId: ribs.id, quantity: 1, options: { Cut: 'Whole rack' }, note: 'No sauce' } as { productId: string; quantity: number },
      ],
      {
        paymentMethod: 'mtn_money',
        mobileMoneyPhone: '0772100002',
        couponCode: 'WELCOME10',
        location: { lat: home!.latitude, lng: home!.longitude },
      },
    );
    const placed = await placeOrder(t, c.customer, body);
    expect(placed.statusCode).toBe(201);
    const { order } = placed.json();
    expect(order.outlet.name).toBe(HOME_OUTLET);
    const pay = await send('POST', '/api/payments/initiate', { orderId: order.id }, c.customer);
    const { paymentUrl } = pay.json();
    const approved = await t.app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ decision: 'approve', pin: '4821' }).toString(),
    });
    expect(approved.statusCode).toBe(303);
    return order as { id: string; orderNumber: string };
  }

  it('lets the admin record the shop TIN, and refuses one that is not 10 digits', async () => {
    const bad = await send('PUT', '/api/admin/settings', { tin: '12-345' }, c.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ tin: 'TIN must be 10 digits' });
    const saved = await send('PUT', '/api/admin/settings', { tin: ` ${TIN} ` }, c.admin);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().tin).toBe(TIN);
  });

  it("downloads a paid order's receipt as a PDF holding the shop, the lines and every figure", async () => {
    const order = await placeAndPay();
    paidId = order.id;
    const res = await get(`/api/receipts/${order.id}`, c.customer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${order.orderNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await readPdf(res.rawPayload);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    const paidAt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Kampala' });
    expect(pdf.title).toBe(`Receipt for order #${order.orderNumber}`);
    // 2 x 18,500 + 32,500 = 69,500; WELCOME10 takes 6,950; delivery 5,000: 67,550 paid by MTN.
    expect(pdf.rows).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Kampala Prime Meats'),
        `TIN ${TIN}`,
        expect.stringContaining(`#${order.orderNumber}`),
        'Beef Sausages 500 g | 2 | UGX 18,500 | UGX 37,000',
        'Smoked Pork Ribs — Cut: Whole rack · “No sauce” | 1 | UGX 32,500 | UGX 32,500',
        'Subtotal | UGX 69,500',
        'Discount (WELCOME10) | \u2013UGX 6,950',
        'Delivery fee | UGX 5,000',
        'Total | UGX 67,550',
        'Paid · MTN Mobile Money | UGX 67,550',
        expect.stringMatching(/Payment method \| MTN Mobile Money$/),
        expect.stringMatching(new RegExp(`Order date \\| ${paidAt.format(row!.createdAt)}, \\d\\d:\\d\\d$`)),
        'Daniel Mugisha',
        'Ntinda Road, Ntinda, Kampala, Uganda',
      ]),
    );
    expect(row!.totalAmount).toBe(67_550);
    // Nothing has been refunded, so no refund rows and no net line.
    expect(pdf.text).not.toMatch(/Refund|Net paid/);
  });

  it('shows a refund the admin made, with its reason, and what was paid net', async () => {
    const order = await placeAndPay();
    const refunded = await send(
      'POST',
      `/api/admin/orders/${order.id}/refunds`,
      { amount: 67_550, reason: 'damaged_item', note: 'Ribs thawed' },
      c.admin,
    );
    expect(refunded.statusCode).toBe(201);
    const pdf = await readPdf((await get(`/api/receipts/${order.id}`, c.customer)).rawPayload);
    expect(pdf.rows).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Refunded · .* \| \u2013UGX 67,550$/),
        'Damaged item: Ribs thawed',
        'Net paid | UGX 0',
      ]),
    );
  });

  it('opens in the browser instead of downloading when asked to print', async () => {
    const res = await get(`/api/receipts/${paidId}?print=1`, c.outlet);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="receipt-[0-9A-F]{8}\.pdf"$/);
  });

  it("is for the order's customer, its outlet's staff and admins; anyone else gets the unknown order's 404", async () => {
    for (const who of ['customer', 'outlet', 'admin'] as const) {
      const res = await get(`/api/receipts/${paidId}`, c[who]);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type'], who).toBe('application/pdf');
    }
    const unknown = await get('/api/receipts/00000000-0000-4000-8000-000000000000', c.customer);
    expect(unknown.statusCode).toBe(404);
    for (const who of ['customerB', 'outletY', 'rider'] as const) {
      const res = await get(`/api/receipts/${paidId}`, c[who]);
      expect(res.statusCode, who).toBe(404);
      expect(res.json(), who).toEqual(unknown.json());
    }
    expect((await get(`/api/receipts/${paidId}`)).statusCode).toBe(401);
    expect((await get('/api/receipts/not-an-id', c.customer)).statusCode).toBe(400);
  });

  it('has no receipt before the money is in: an unpaid order answers 409 with a clear message', async () => {
    const p = await makeProduct(t, { price: 9_000, stock: 5 });
    for (const paymentMethod of ['mtn_money', 'cash_on_delivery']) {
      const placed = await placeOrder(
        t,
        c.customer,
        checkoutBody([{ productId: p.id, quantity: 1 }], { paymentMethod, mobileMoneyPhone: '0772100002' }),
      );
      const res = await get(`/api/receipts/${placed.json().order.id}`, c.customer);
      expect(res.statusCode, paymentMethod).toBe(409);
      expect(res.json().error).toEqual({ code: 'CONFLICT', message: 'A receipt is available once the order is paid or delivered.' });
    }
  });

  it('gives a delivered cash order a receipt paid in cash at the time of delivery', async () => {
    const db = t.database.db;
    const { customerId, riderId } = await demoIds(db);
    const order = await insertOrder(db, {
      userId: customerId,
      outletId: await outletIdByName(db, HOME_OUTLET),
      status: 'delivered',
      riderId,
    });
    // 21:30 UTC is 00:30 the next day in Kampala.
    await db
      .update(orders)
      .set({ deliveredAt: new Date('2026-11-21T21:30:00Z') })
      .where(eq(orders.id, order.id));
    const res = await get(`/api/receipts/${order.id}`, c.outlet);
    expect(res.statusCode).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    const total = `UGX ${order.totalAmount.toLocaleString('en-US')}`;
    expect(pdf.rows).toEqual(
      expect.arrayContaining([
        `Total | ${total}`,
        `Paid · Cash on Delivery | ${total}`,
        '22 Nov 2026, 00:30',
        expect.stringMatching(/Paid on \| 22 Nov 2026, 00:30$/),
      ]),
    );
  });
});
