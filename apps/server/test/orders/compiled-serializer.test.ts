/**
 * The order lists are sent through serializers compiled from their zod schemas (platform/
 * fast-serializer.ts). They must send exactly what zod's check-then-JSON.stringify sent: every field
 * the web app reads (it reads these types), nulls as nulls, unknown keys left out.
 */
import { AdminOrderListQuery, AdminOrderPage } from '@meatshop/shared/admin-orders';
import { OrderListResponse, OrderResponse } from '@meatshop/shared/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listAdminOrders } from '../../src/modules/orders/order-admin.service.ts';
import { listCustomerOrders } from '../../src/modules/orders/orders.service.ts';
import { compileSerializer } from '../../src/platform/fast-serializer.ts';
import { ACCOUNTS } from '../../src/seed/demo-data.ts';
import { demoIds, insertOrder } from '../fixtures/admin-orders.ts';
import { createOrder } from '../fixtures/orders.ts';
import { createTestApp, drivers, loginAs, type TestContext } from '../helpers.ts';

const zodText = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data as never));

describe.each(drivers)('compiled order serializers on %s', (driver) => {
  let t: TestContext;
  let customerId: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.app.deps.db;
    await createOrder(db, { email: ACCOUNTS.customer.email });
    await createOrder(db, { email: ACCOUNTS.customer.email, paymentMethod: 'mtn_money', mobileMoneyPhone: '+256772100002' });
    // No outlet, a rider, cancelled: the nullable parts both ways.
    const ids = await demoIds(db);
    await insertOrder(db, { outletId: null, status: 'cancelled' });
    await insertOrder(db, { riderId: ids.riderId, status: 'assigned' });
    customerId = ids.customerId;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends a customer's orders exactly as zod's check and JSON.stringify did", async () => {
    const orders = await listCustomerOrders(t.app.deps.db, customerId);
    expect(orders.length).toBe(4);
    const data = { orders };
    const text = compileSerializer(OrderListResponse)(data);
    expect(text).toBe(zodText(OrderListResponse, data));
    expect(compileSerializer(OrderResponse)({ order: orders[0] })).toBe(zodText(OrderResponse, { order: orders[0] }));
    // Over HTTP: the same text, and it reads back as the schema.
    const res = await t.app.inject({ url: '/api/orders', headers: { cookie: await loginAs(t.app, 'customer') } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(text);
    expect(OrderListResponse.parse(JSON.parse(res.body))).toEqual(JSON.parse(res.body));
  });

  it('sends the admin order table exactly as before, and leaves unknown keys out', async () => {
    const page = await listAdminOrders(t.app.deps.db, AdminOrderListQuery.parse({}));
    const rows = page.orders;
    expect(rows.length).toBe(4);
    expect(page.total).toBe(4);
    const schema = AdminOrderPage;
    expect(compileSerializer(schema)(page)).toBe(zodText(schema, page));
    expect(rows.some((r) => r.outlet === null) && rows.some((r) => r.rider !== null)).toBe(true);
    const withExtra = { ...page, secret: 'x', orders: rows.map((r) => ({ ...r, secret: 'x', user: { ...r.user, passwordHash: 'x' } })) };
    const text = compileSerializer(schema)(withExtra);
    expect(text).toBe(zodText(schema, page));
    expect(text).not.toContain('secret');
    expect(text).not.toContain('passwordHash');
    const res = await t.app.inject({ url: '/api/admin/orders', headers: { cookie: await loginAs(t.app, 'admin') } });
    expect(res.body).toBe(compileSerializer(schema)(page));
  });
});
