/**
 * Orders staff take for a customer (POST /api/admin/orders): a customer created by phone, cash
 * placed at once, mobile money paid by the customer through the SMS link and the simulator, a
 * blocked customer refused in words staff understand, and the channel in the order list and the
 * sales report.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { ACCOUNTS } from '../../src/seed/demo-data.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { NTINDA, checkoutBody, makeProduct, placeOrder, stockOf } from './fixtures.ts';

const ADDRESS = {
  street: 'Kigoowa Road',
  city: 'Kampala',
  state: 'Central Region',
  postalCode: '',
  country: 'Uganda',
  formattedAddress: 'Kigoowa Road, Ntinda, Kampala, Uganda',
};

const kampalaToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' });

describe.each(drivers)('orders taken by staff on %s', (driver) => {
  let t: TestContext;
  let admin: string;
  let customer: string;
  let product: { id: string; price: number };

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await loginAs(t.app, 'admin');
    customer = await loginAs(t.app, 'customer');
    product = await makeProduct(t, { price: 20_000, stock: 10 });
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const newCustomer = (body: Record<string, unknown>) => post('/api/admin/customers', body, admin);
  const staffOrder = (customerId: string, over: Record<string, unknown> = {}, cookie = admin) =>
    post(
      '/api/admin/orders',
      {
        customerId,
        channel: 'phone',
        items: [{ productId: product.id, quantity: 2 }],
        address: ADDRESS,
        location: NTINDA,
        paymentMethod: 'cash_on_delivery',
        ...over,
      },
      cookie,
    );

  it('creates a customer by name and phone, once per phone number', async () => {
    const res = await newCustomer({ fullName: 'Sarah Nakato', phone: '0772 555 101' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fullName: 'Sarah Nakato', phone: '+256772555101', email: null });

    // Found again by phone in Admin > Customers, without a made-up email showing as theirs.
    const found = await get('/api/admin/customers?q=0772555101', admin);
    expect(found.json().customers.map((c: { id: string }) => c.id)).toEqual([res.json().id]);

    const again = await newCustomer({ fullName: 'Sarah N.', phone: '+256 772 555101' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('A customer with this phone number already exists. Search for them instead.');

    const bad = await newCustomer({ fullName: 'X', phone: '12' });
    expect(bad.statusCode).toBe(400);
  });

  it('places a cash order at once, recording the channel and who took it, and takes the stock', async () => {
    const created = (await newCustomer({ fullName: 'Joseph Okello', phone: '0701 555 202', email: 'joseph@example.ug' })).json();
    const before = await stockOf(t, product.id);
    const res = await staffOrder(created.id, { channel: 'whatsapp' });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    expect(placed).toMatchObject({ totalAmount: expect.any(Number), paymentMethod: 'cash_on_delivery', payLink: null });
    expect(placed.message).toBe('Order placed. The rider collects the cash on delivery.');
    expect(await stockOf(t, product.id)).toBe(before - 2);

    const detail = (await get(`/api/admin/orders/${placed.orderId}`, admin)).json();
    expect(detail).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      channel: 'whatsapp',
      takenByName: ACCOUNTS.admin.fullName,
      user: { id: created.id, fullName: 'Joseph Okello' },
      shippingAddress: { full_name: 'Joseph Okello', phone: '+256701555202', email: 'joseph@example.ug' },
    });
    // Priced like checkout: two units at the product's price, plus the zone's fee.
    expect(detail.subtotalAmount).toBe(40_000);
    expect(detail.totalAmount).toBe(40_000 + detail.deliveryFee);

    // The activity trail names who took it, and who created the customer.
    const trail = async (entityType: string, id: string) =>
      (await get(`/api/admin/activity?entityType=${entityType}&q=${id}`, admin)).json().entries as {
        action: string;
        actor: { name: string };
        after: Record<string, unknown> | null;
      }[];
    expect(await trail('order', placed.orderId)).toEqual([
      expect.objectContaining({
        action: 'create',
        actor: expect.objectContaining({ name: ACCOUNTS.admin.fullName }),
        after: expect.objectContaining({ channel: 'whatsapp' }),
      }),
    ]);
    expect((await trail('customer', created.id)).map((e) => e.action)).toEqual(['create']);

    // The list filters by channel; a web order stays `web`.
    const webOrder = await placeOrder(t, customer, checkoutBody([{ productId: product.id, quantity: 1 }]));
    expect(webOrder.statusCode).toBe(201);
    const whatsapp = (await get('/api/admin/orders?channel=whatsapp', admin)).json();
    expect(whatsapp.orders.map((o: { id: string }) => o.id)).toEqual([placed.orderId]);
    const web = (await get('/api/admin/orders?channel=web&pageSize=100', admin)).json();
    expect(web.orders.map((o: { id: string }) => o.id)).toContain(webOrder.json().order.id);
    expect(web.orders.every((o: { channel: string; takenByName: string | null }) => o.channel === 'web' && !o.takenByName)).toBe(true);
  });

  it('sends a mobile-money customer an SMS with a link, and the link pays the order through the simulator', async () => {
    const created = (await newCustomer({ fullName: 'Grace Atim', phone: '0772 555 303' })).json();
    const res = await staffOrder(created.id, { paymentMethod: 'mtn_money', mobileMoneyPhone: '0772555303' });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    expect(placed.message).toBe('Order placed. The customer was sent an SMS with a link to pay.');
    expect(placed.payLink).toMatch(new RegExp(`^${ORIGIN}/pay/[A-Za-z0-9_-]{32}$`));

    // The SMS is in the outbox, to the customer's phone, with the link; no email to a phone-only customer.
    const messages = await t.database.db.select().from(customerMessages).where(eq(customerMessages.orderId, placed.orderId));
    const link = messages.find((m) => m.event === 'pay_link');
    expect(link).toMatchObject({ channel: 'sms', recipient: '+256772555303' });
    expect(link!.body).toContain(placed.payLink);
    expect(link!.body).toContain(`#${placed.orderNumber}`);
    expect(messages.filter((m) => m.channel === 'email')).toEqual([]);

    // The pay page needs no sign-in: the order, its total, and Pay.
    const token = placed.payLink.split('/').at(-1);
    const page = await get(`/api/pay-links/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      orderNumber: placed.orderNumber,
      customerFirstName: 'Grace',
      totalAmount: placed.totalAmount,
      paymentStatus: 'pending',
      payable: true,
      items: [{ quantity: 2, price: 20_000 }],
    });

    const start = await post(`/api/pay-links/${token}/pay`, {});
    expect(start.statusCode, start.body).toBe(200);
    const { paymentUrl, orderTrackingId } = start.json();
    const approve = await t.app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ decision: 'approve', pin: '4821' }).toString(),
    });
    expect(approve.statusCode).toBe(303);
    // The simulator sends the payer back to the same pay page.
    expect(approve.headers.location).toContain(`/pay/${token}`);

    const verified = await post(`/api/pay-links/${token}/verify`, { orderTrackingId });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ payment_status: 'COMPLETED', orderId: placed.orderId });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(row).toMatchObject({ paymentStatus: 'paid', channel: 'phone' });
    const after = (await get(`/api/pay-links/${token}`)).json();
    expect(after).toMatchObject({ paymentStatus: 'paid', payable: false, reason: 'This order has already been paid.' });

    // Paying again is refused; a made-up link and another order's payment are not found.
    expect((await post(`/api/pay-links/${token}/pay`, {})).statusCode).toBe(409);
    expect((await get(`/api/pay-links/${'A'.repeat(32)}`)).statusCode).toBe(404);
    expect((await post(`/api/pay-links/${'A'.repeat(32)}/verify`, { orderTrackingId })).statusCode).toBe(404);
  });

  it('refuses a blocked customer with a message for staff, and places nothing', async () => {
    const created = (await newCustomer({ fullName: 'Peter Blocked', phone: '0772 555 404' })).json();
    expect((await post(`/api/admin/customers/${created.id}/block`, { reason: 'Refused three deliveries' }, admin)).statusCode).toBe(200);
    const before = await stockOf(t, product.id);
    const res = await staffOrder(created.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      'This customer is blocked and cannot order. Unblock them in Admin > Customers first if that is right.',
    );
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, created.id))).toEqual([]);
    expect(await stockOf(t, product.id)).toBe(before);
  });

  it('uses the checkout rules: coupon, stock, mobile-money number, and only admins', async () => {
    const created = (await newCustomer({ fullName: 'Ruth Auma', phone: '0772 555 505' })).json();
    const tooMany = await staffOrder(created.id, { items: [{ productId: product.id, quantity: 8 }] });
    expect(tooMany.json().error).toMatchObject({ code: 'OUT_OF_STOCK' });
    const badCoupon = await staffOrder(created.id, { couponCode: 'NOPE' });
    expect(badCoupon.statusCode).toBe(400);
    const noNumber = await staffOrder(created.id, { paymentMethod: 'airtel_money' });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().error.fields).toMatchObject({ mobileMoneyPhone: 'Please enter your mobile money number' });
    expect((await staffOrder(created.id, {}, customer)).statusCode).toBe(403);
    expect((await staffOrder('no-such-customer')).statusCode).toBe(404);
    expect(
      await t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, created.id))),
    ).toEqual([]);
  });

  it('splits the sales report and its CSV by channel', async () => {
    const day = kampalaToday();
    const report = (await get(`/api/admin/reports/sales?from=${day}&to=${day}`, admin)).json();
    const byChannel = Object.fromEntries(report.byChannel.map((r: { key: string }) => [r.key, r]));
    const staff = await t.database.db.select().from(orders).where(eq(orders.channel, 'phone'));
    expect(byChannel.phone).toMatchObject({ label: 'Phone', orders: staff.length });
    expect(byChannel.phone.revenue).toBe(staff.reduce((s, o) => s + o.totalAmount, 0));
    expect(byChannel.whatsapp).toMatchObject({ label: 'WhatsApp', orders: 1 });
    // The channels add up to the report's total.
    expect(report.byChannel.reduce((s: number, r: { revenue: number }) => s + r.revenue, 0)).toBe(report.totals.revenue);

    const csv = await get(`/api/admin/reports/sales.csv?from=${day}&to=${day}&by=channel`, admin);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('"Channel","Orders","Units","Revenue (UGX)"');
    expect(lines.some((l) => l.startsWith('"Phone",'))).toBe(true);
  });
});
