/**
 * Admin > Activity, the audit trail: every kind of staff change writes one row naming who (id, name
 * and email at the time), what (kind, id, action) and the changed fields before and after, with the
 * request id; a change that rolls back leaves no row; no route and no statement can edit or delete
 * the trail; the list filters and pages in the database.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRiders } from '../../src/db/schema/accounts.ts';
import { auditEntries } from '../../src/db/schema/audit.ts';
import { productCategories } from '../../src/db/schema/catalog.ts';
import { insertAuditEntry } from '../../src/modules/audit/audit.repository.ts';
import { getShopSettings, updateShopSettings } from '../../src/modules/settings/settings.service.ts';
import { mainOutlet } from '../../src/modules/inventory/outlet-stock.repository.ts';
import { ACCOUNTS } from '../../src/seed/demo-data.ts';
import { insertOrder, setRiderOnline } from '../fixtures/admin-orders.ts';
import { makeOutletEmployee, makeRider } from '../fixtures/people.ts';
import { outletIdByName, idOfEmail } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';
import { adminClient } from './admin-client.ts';

interface Entry {
  id: string;
  at: string;
  actor: { id: string; name: string; email: string; role: string };
  entityType: string;
  entityId: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  requestId: string | null;
}

describe.each(drivers)('admin activity (audit trail) on %s', (driver) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  let adminId: string;
  let outletCookie: string;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    adminId = await idOfEmail(t.database.db, ACCOUNTS.admin.email);
    outletCookie = await loginAs(t.app, 'outlet');
    const [c] = await t.database.db.select({ id: productCategories.id }).from(productCategories).limit(1);
    categoryId = c!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (query: string) => {
    const res = await admin.get(`/api/admin/activity${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { entries: Entry[]; total: number; page: number; pageSize: number };
  };
  /** The newest row about one record. */
  const latest = async (entityType: string, entityId: string) =>
    (await page(`?entityType=${entityType}&q=${encodeURIComponent(entityId)}&pageSize=1`)).entries[0];
  const countRows = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries))[0]!.n;
  const asAdmin = (e: Entry | undefined) => {
    expect(e?.actor).toEqual({ id: adminId, name: ACCOUNTS.admin.fullName, email: ACCOUNTS.admin.email, role: 'admin' });
    expect(e?.requestId).toMatch(/^[0-9a-f]{16}$/);
  };
  const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);

  it('records a product edit that only moves the price as a price change, with only the price before and after', async () => {
    const p = await makeProduct(t, { name: 'Audit Goat Ribs', price: 30_000, stock: 4 });
    const body = { name: p.name, description: 'Goat ribs', price: 30_000, stock: 4, categoryId, imageUrls: [] };
    ok(await admin.put(`/api/admin/products/${p.id}`, body));
    ok(await admin.put(`/api/admin/products/${p.id}`, { ...body, price: 32_000 }));
    const e = await latest('product', p.id);
    asAdmin(e);
    expect(e).toMatchObject({ action: 'price_change', before: { price: 30_000 }, after: { price: 32_000 } });
  });

  it('records catalog creates and deletes with what was created or removed', async () => {
    const created = await admin.post('/api/admin/categories', { name: 'Audit Smoked', description: 'Smoked meats' });
    ok(created);
    const id = created.json().id as string;
    expect(await latest('category', id)).toMatchObject({ action: 'create', before: null, after: { name: 'Audit Smoked' } });
    ok(await admin.del(`/api/admin/categories/${id}`));
    expect(await latest('category', id)).toMatchObject({ action: 'delete', before: { name: 'Audit Smoked' }, after: null });
  });

  it("records an admin's stock adjustment and an outlet manager's count with each one's own name", async () => {
    const p = await makeProduct(t, { name: 'Audit Liver', price: 9_000, stock: 10 });
    const main = (await mainOutlet(t.database.db))!;
    ok(await admin.post('/api/admin/ops/stock-adjustments', { productIds: [p.id], mode: 'delta', amount: 5, reason: 'Abattoir van' }));
    const adjusted = await latest('stock', main.id);
    asAdmin(adjusted);
    expect(adjusted).toMatchObject({
      action: 'stock_adjust',
      before: { stock: { 'Audit Liver': 10 } },
      after: { stock: { 'Audit Liver': 15 }, reason: 'Abattoir van' },
    });

    const counted = await t.app.inject({
      method: 'POST',
      url: '/api/outlet/stock-counts',
      headers: { cookie: outletCookie, origin: ORIGIN },
      payload: { items: [{ productId: p.id, counted: 12 }] },
    });
    ok(counted);
    const e = await latest('stock', main.id);
    expect(e).toMatchObject({
      actor: { name: ACCOUNTS.outlet.fullName, email: ACCOUNTS.outlet.email, role: 'outlet' },
      action: 'stock_count',
      before: { stock: { 'Audit Liver': 15 } },
      after: { stock: { 'Audit Liver': 12 } },
    });
  });

  it('records a stock transfer between outlets', async () => {
    const p = await makeProduct(t, { name: 'Audit Tilapia', price: 12_000, stock: 6 });
    const main = (await mainOutlet(t.database.db))!;
    const other = await outletIdByName(t.database.db, 'Ntinda Outlet');
    const to = other === main.id ? await outletIdByName(t.database.db, 'Kansanga Outlet') : other;
    ok(
      await admin.post('/api/admin/ops/stock-transfers', {
        fromOutletId: main.id,
        toOutletId: to,
        items: [{ productId: p.id, quantity: 2 }],
      }),
    );
    expect(await latest('stock', main.id)).toMatchObject({
      action: 'stock_transfer',
      after: { toOutletId: to, sent: { 'Audit Tilapia': 2 } },
    });
  });

  it('records order steps taken by staff (assign, cancel) through the order core, not the customer placing it', async () => {
    const before = await countRows();
    const p = await makeProduct(t, { name: 'Audit Sausages', price: 15_000, stock: 20 });
    const placed = await placeOrder(t, await loginAs(t.app, 'customer'), checkoutBody([{ productId: p.id, quantity: 1 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await countRows()).toBe(before);
    const { order } = placed.json() as { order: { id: string } };
    const [rider] = await t.database.db.select().from(deliveryRiders).where(eq(deliveryRiders.email, ACCOUNTS.rider.email));
    await setRiderOnline(t.database.db, rider!.id);
    ok(await admin.post(`/api/admin/orders/${order.id}/assign`, { riderId: rider!.id }));
    const assigned = await latest('order', order.id);
    asAdmin(assigned);
    expect(assigned).toMatchObject({
      action: 'assign',
      before: { status: 'pending', riderId: null },
      after: { status: 'assigned', riderId: rider!.id },
    });
    ok(await admin.post(`/api/admin/orders/${order.id}/cancel`, { reason: 'Customer phoned to cancel' }));
    expect(await latest('order', order.id)).toMatchObject({
      action: 'cancel',
      before: { status: 'assigned' },
      after: { status: 'cancelled', cancelReason: 'Customer phoned to cancel' },
    });
  });

  it('records a refund opened by an admin', async () => {
    const order = await insertOrder(t.database.db, { status: 'delivered', paymentMethod: 'cash_on_delivery' });
    const res = await admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: 5_000, reason: 'damaged_item', cashAtOutlet: true });
    ok(res);
    const e = await latest('refund', res.json().id);
    asAdmin(e);
    expect(e).toMatchObject({ action: 'refund_open', after: { orderId: order.id, amount: 5_000, reason: 'damaged_item', method: 'cash' } });
  });

  it('records a settings change with only the fields that changed', async () => {
    const fee = (await getShopSettings(t.database.db)).deliveryFee;
    ok(await admin.put('/api/admin/settings', { deliveryFee: fee + 500 }));
    const e = await latest('settings', 'shop_settings');
    asAdmin(e);
    expect(e).toMatchObject({ action: 'update', before: { deliveryFee: fee }, after: { deliveryFee: fee + 500 } });
    expect(Object.keys(e!.after!)).toEqual(['deliveryFee']);
  });

  it('records role changes', async () => {
    const res = await admin.post('/api/admin/roles', { name: 'Audit Driver' });
    ok(res);
    const id = String(res.json().id);
    ok(await admin.patch(`/api/admin/roles/${id}`, { name: 'Audit Van Driver' }));
    expect(await latest('role', id)).toMatchObject({
      action: 'update',
      before: { name: 'Audit Driver' },
      after: { name: 'Audit Van Driver' },
    });
  });

  it("records a rider's approval and deactivation", async () => {
    const r = await makeRider(t.app, 'audit-rider@shop.test', { isActive: false });
    await t.database.db.update(deliveryRiders).set({ approval: 'pending' }).where(eq(deliveryRiders.id, r.id));
    ok(await admin.post(`/api/admin/riders/${r.id}/approve`));
    expect(await latest('rider', r.id)).toMatchObject({
      action: 'approve',
      before: { approval: 'pending', isActive: false },
      after: { approval: 'approved', isActive: true },
    });
    ok(await admin.patch(`/api/admin/riders/${r.id}/active`, { isActive: false }));
    expect(await latest('rider', r.id)).toMatchObject({ action: 'deactivate', before: { isActive: true }, after: { isActive: false } });
  });

  it("records an outlet manager's change to a colleague's role and an admin switching the colleague off", async () => {
    type Employee = { id: string; email: string; outlet: { id: string } };
    const employees = async () => (await admin.get('/api/admin/employees')).json() as Employee[];
    const home = (await employees()).find((e) => e.email === ACCOUNTS.outlet.email)!.outlet.id;
    await makeOutletEmployee(t.app, 'audit-cashier@shop.test', home);
    const cashier = (await employees()).find((e) => e.email === 'audit-cashier@shop.test')!;
    const roles = (await admin.get('/api/admin/roles')).json().roles as { id: number; name: string }[];
    const packer = roles.find((r) => r.name === 'Packer')!;

    const byManager = await t.app.inject({
      method: 'PATCH',
      url: `/api/outlet/staff/${cashier.id}`,
      headers: { cookie: outletCookie, origin: ORIGIN },
      payload: { roleId: packer.id },
    });
    ok(byManager);
    expect(await latest('employee', cashier.id)).toMatchObject({
      actor: { email: ACCOUNTS.outlet.email, role: 'outlet' },
      action: 'update',
      before: { role: 'Cashier' },
      after: { role: 'Packer' },
    });

    ok(await admin.patch(`/api/admin/employees/${cashier.id}/active`, { isActive: false }));
    const off = await latest('employee', cashier.id);
    asAdmin(off);
    expect(off).toMatchObject({ action: 'deactivate', before: { isActive: true }, after: { isActive: false } });
  });

  it('records a cash hand-over', async () => {
    const riderId = await idOfEmail(t.database.db, ACCOUNTS.rider.email);
    ok(await admin.post('/api/admin/cash/handovers', { riderId, amount: 45_000 }));
    const e = (await page('?entityType=cash_handover&pageSize=1')).entries[0];
    asAdmin(e);
    expect(e).toMatchObject({ action: 'handover_record', after: { riderId, amount: 45_000 } });
  });

  it('records coupon and outlet changes', async () => {
    ok(await admin.post('/api/admin/coupons', { code: 'audit10', percent: 10 }));
    ok(await admin.patch('/api/admin/coupons/AUDIT10', { isActive: false }));
    expect(await latest('coupon', 'AUDIT10')).toMatchObject({
      action: 'deactivate',
      before: { isActive: true },
      after: { isActive: false },
    });

    const outlet = (await admin.get('/api/admin/outlets')).json()[0];
    const { id, productCount: _n, isActive: _a, ...fields } = outlet;
    ok(await admin.put(`/api/admin/outlets/${id}`, { ...fields, phone: '+256700111222' }));
    expect(await latest('outlet', id)).toMatchObject({
      action: 'update',
      before: { phone: outlet.phone },
      after: { phone: '+256700111222' },
    });
  });

  it('records delivery zone changes and removed newsletter subscriptions', async () => {
    const zone = await admin.post('/api/admin/zones', { name: 'Audit Ntinda', centerLat: 0.35, centerLng: 32.61, radiusKm: 3, fee: 4_000 });
    ok(zone);
    const zoneId = zone.json().id as string;
    ok(await admin.patch(`/api/admin/zones/${zoneId}`, { fee: 4_500 }));
    expect(await latest('zone', zoneId)).toMatchObject({ action: 'update', before: { fee: 4_000 }, after: { fee: 4_500 } });

    const email = 'audit-reader@example.com';
    ok(await t.app.inject({ method: 'POST', url: '/api/subscriptions', headers: { origin: ORIGIN }, payload: { email, type: 'blogs' } }));
    const sub = ((await admin.get('/api/admin/subscriptions')).json() as { id: string; email: string }[]).find((s) => s.email === email)!;
    ok(await admin.post('/api/admin/subscriptions/bulk-delete', { ids: [sub.id] }));
    expect(await latest('subscription', sub.id)).toMatchObject({ action: 'delete', before: { email, type: 'blogs' }, after: null });
  });

  it("records a customer's note, block and unblock", async () => {
    const customerId = await idOfEmail(t.database.db, ACCOUNTS.customer.email);
    ok(await admin.post(`/api/admin/customers/${customerId}/notes`, { text: 'Prefers morning delivery' }));
    expect(await latest('customer', customerId)).toMatchObject({ action: 'note', after: { note: 'Prefers morning delivery' } });
    ok(await admin.post(`/api/admin/customers/${customerId}/block`, { reason: 'Refused three deliveries' }));
    expect(await latest('customer', customerId)).toMatchObject({
      action: 'block',
      before: { blocked: false },
      after: { blocked: true, reason: 'Refused three deliveries' },
    });
    ok(await admin.post(`/api/admin/customers/${customerId}/unblock`));
    expect(await latest('customer', customerId)).toMatchObject({ action: 'unblock', after: { blocked: false } });
  });

  it('writes no row for a change that is refused or rolled back', async () => {
    const before = await countRows();
    const p = await makeProduct(t, { name: 'Audit Refused', price: 5_000, stock: 1 });
    const refused = await admin.post('/api/admin/ops/stock-adjustments', {
      productIds: [p.id],
      mode: 'delta',
      amount: -5,
      reason: 'Spoiled',
    });
    expect(refused.statusCode).toBe(409);
    expect(await countRows()).toBe(before);

    // A change whose transaction fails after its row was written: both go.
    const fee = (await getShopSettings(t.database.db)).deliveryFee;
    const by = { userId: adminId, name: 'Amina', email: ACCOUNTS.admin.email, role: 'admin' as const, requestId: null };
    await expect(
      t.database.db.transaction(async (tx) => {
        await updateShopSettings(tx, { deliveryFee: fee + 1_000 }, by);
        throw new Error('failed after the change');
      }),
    ).rejects.toThrow('failed after the change');
    expect(await countRows()).toBe(before);
    expect((await getShopSettings(t.database.db)).deliveryFee).toBe(fee);
  });

  it('has no route that changes the trail, and the database refuses to change or delete a row', async () => {
    const routes = t.app.accessTable.filter((r) => r.url.startsWith('/api/admin/activity'));
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) for (const m of [r.method].flat()) expect(['GET', 'HEAD']).toContain(m);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/admin/activity',
        headers: { cookie: admin.cookie, origin: ORIGIN },
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    }

    const rows = await countRows();
    const [one] = await t.database.db.select().from(auditEntries).limit(1);
    await expect(
      t.database.db.update(auditEntries).set({ actorName: 'Someone else' }).where(eq(auditEntries.id, one!.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditEntries).where(eq(auditEntries.id, one!.id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_entries`)).rejects.toThrow();
    expect(await countRows()).toBe(rows);
    const [same] = await t.database.db.select().from(auditEntries).where(eq(auditEntries.id, one!.id));
    expect(same).toEqual(one);
  });

  it('filters by person, kind, action, day and id, and pages newest first', async () => {
    const actor = { actorId: 'pager-person', actorName: 'Pager Person', actorEmail: 'pager@shop.test', actorRole: 'admin' };
    // 30 rows over three Kampala days (10 a day), ids "pg-00" … "pg-29".
    for (let i = 0; i < 30; i++) {
      const day = 10 + Math.floor(i / 10);
      await insertAuditEntry(t.database.db, {
        ...actor,
        at: new Date(`2026-03-${day}T09:${String(i % 10).padStart(2, '0')}:00+03:00`),
        entityType: i % 2 ? 'coupon' : 'product',
        entityId: `pg-${String(i).padStart(2, '0')}`,
        action: i % 3 ? 'update' : 'create',
        before: null,
        after: { n: i },
        requestId: null,
      });
    }
    const first = await page('?actorId=pager-person&pageSize=10');
    expect(first.total).toBe(30);
    expect(first.entries.map((e) => e.entityId)).toEqual(Array.from({ length: 10 }, (_, i) => `pg-${29 - i}`));
    const third = await page('?actorId=pager-person&pageSize=10&page=3');
    expect(third.entries.map((e) => e.entityId)).toEqual(Array.from({ length: 10 }, (_, i) => `pg-${String(9 - i).padStart(2, '0')}`));
    expect((await page('?actorId=pager-person&pageSize=10&page=4')).entries).toEqual([]);

    expect((await page('?actorId=pager-person&entityType=coupon')).total).toBe(15);
    expect((await page('?actorId=pager-person&action=create')).total).toBe(10);
    expect((await page('?actorId=pager-person&from=2026-03-11&to=2026-03-11')).total).toBe(10);
    expect((await page('?actorId=pager-person&from=2026-03-11')).total).toBe(20);
    expect((await page('?q=pg-1')).entries.map((e) => e.entityId).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `pg-1${i}`));
    expect((await page('?q=pg_')).total).toBe(0);

    const people = (await admin.get('/api/admin/activity/people')).json() as { id: string; name: string }[];
    expect(people).toEqual(expect.arrayContaining([{ id: 'pager-person', name: 'Pager Person', email: 'pager@shop.test' }]));
    expect(people.map((p) => p.id)).toContain(adminId);

    const bad = await admin.get('/api/admin/activity?from=2026-03-12&to=2026-03-11');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The start date must be on or before the end date');
    expect((await admin.get('/api/admin/activity?entityType=planet')).body).toContain('Unknown kind of record');
  });

  it('is for admins only', async () => {
    for (const cookie of [outletCookie, await loginAs(t.app, 'customer')]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: { cookie } });
      expect(res.statusCode).toBe(403);
    }
  });
});
