/**
 * The back office's order list is searched, filtered and paged by the server: an order from weeks
 * ago is found by its number or its customer, not only the newest few hundred.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/accounts.ts';
import { user } from '../../src/db/schema/auth.ts';
import { demoIds, insertOrder } from '../fixtures/admin-orders.ts';
import { createTestApp, drivers, type TestContext } from '../helpers.ts';
import { adminClient } from './admin-client.ts';

interface Page {
  orders: { id: string; status: string; paymentMethod: string; user: { email: string }; rider: { id: string } | null }[];
  total: number;
  page: number;
  pageSize: number;
}

const DAY = 86_400_000;
/** A Kampala calendar day, `offset` days from now. */
const kampalaDay = (offset: number) => new Date(Date.now() + offset * DAY + 3 * 3_600_000).toISOString().slice(0, 10);

describe.each(drivers)('admin order search, filters and paging on %s', (driver) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  const made: Record<string, string> = {};

  const list = async (query = '') => {
    const res = await admin.get(`/api/admin/orders${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const idsOf = (p: Page) => p.orders.map((o) => o.id).sort();

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    const db = t.database.db;
    const ids = await demoIds(db);
    // A second customer, so a search has someone to leave out.
    await db.insert(user).values({ id: 'search-other', name: 'Grace Wanjiru', email: 'wanjiru@example.com', emailVerified: true });
    await db
      .insert(users)
      .values({ id: 'search-other', email: 'wanjiru@example.com', fullName: 'Grace Wanjiru', phone: '+256701234567' })
      .onConflictDoNothing();
    made.old = (
      await insertOrder(db, {
        createdAt: new Date(Date.now() - 40 * DAY),
        paymentMethod: 'card',
        paymentStatus: 'paid',
        status: 'delivered',
      })
    ).id;
    made.assigned = (await insertOrder(db, { status: 'assigned', riderId: ids.riderId, createdAt: new Date(Date.now() - 2 * DAY) })).id;
    made.pickedUp = (await insertOrder(db, { status: 'picked_up', riderId: ids.riderId, createdAt: new Date(Date.now() - DAY) })).id;
    made.pending = (await insertOrder(db, { paymentMethod: 'mtn_money' })).id;
    made.other = (await insertOrder(db, { userId: 'search-other' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every order newest first with the count', async () => {
    const page = await list();
    expect(page.total).toBe(5);
    expect(page.orders.map((o) => o.id)).toEqual([made.other, made.pending, made.pickedUp, made.assigned, made.old]);
  });

  it('finds an order by its number, with or without #, in any case', async () => {
    const number = made.old!.slice(0, 8);
    expect(idsOf(await list(`?q=${encodeURIComponent(`#${number.toUpperCase()}`)}`))).toEqual([made.old]);
    expect(idsOf(await list(`?q=${number}`))).toEqual([made.old]);
  });

  it("finds a customer's orders by name, email or phone however it is written", async () => {
    const demoOrders = [made.old, made.assigned, made.pickedUp, made.pending].sort();
    expect(idsOf(await list('?q=mugisha'))).toEqual(demoOrders);
    expect(idsOf(await list(`?q=${encodeURIComponent('customer@shop')}`))).toEqual(demoOrders);
    expect(idsOf(await list('?q=0772100002'))).toEqual(demoOrders);
    expect(idsOf(await list(`?q=${encodeURIComponent('+256 772 100 002')}`))).toEqual(demoOrders);
    expect(idsOf(await list('?q=Wanjiru'))).toEqual([made.other]);
    const none = await list('?q=nobody-by-this-name');
    expect(none).toMatchObject({ orders: [], total: 0 });
    // LIKE's own characters are searched for, not obeyed.
    expect((await list(`?q=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('filters by status, payment, method, rider and Kampala days, together with a search', async () => {
    expect(idsOf(await list('?status=processing'))).toEqual([made.assigned, made.pickedUp].sort());
    expect(idsOf(await list('?status=delivered'))).toEqual([made.old]);
    expect(idsOf(await list('?paymentStatus=paid'))).toEqual([made.old]);
    expect(idsOf(await list('?paymentMethod=mtn_money'))).toEqual([made.pending]);
    const { riderId, outletId } = await demoIds(t.database.db);
    expect(idsOf(await list(`?riderId=${riderId}`))).toEqual([made.assigned, made.pickedUp].sort());
    expect((await list('?riderId=none')).total).toBe(3);
    expect((await list(`?outletId=${outletId}`)).total).toBe(5);
    expect(idsOf(await list(`?from=${kampalaDay(-41)}&to=${kampalaDay(-39)}`))).toEqual([made.old]);
    expect(idsOf(await list(`?from=${kampalaDay(0)}`))).toEqual([made.other, made.pending].sort());
    expect(idsOf(await list(`?from=${kampalaDay(0)}&q=mugisha`))).toEqual([made.pending]);
  });

  it('pages on the server and sorts by total', async () => {
    const first = await list('?pageSize=2');
    const second = await list('?pageSize=2&page=2');
    const third = await list('?pageSize=2&page=3');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect([...first.orders, ...second.orders, ...third.orders].map((o) => o.id)).toEqual([
      made.other,
      made.pending,
      made.pickedUp,
      made.assigned,
      made.old,
    ]);
    expect((await list('?pageSize=2&page=9')).orders).toEqual([]);
    expect((await list('?sort=oldest')).orders[0]!.id).toBe(made.old);
  });

  it('refuses a filter it does not know with a message', async () => {
    const bad = await admin.get('/api/admin/orders?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Unknown status');
    const backwards = await admin.get(`/api/admin/orders?from=${kampalaDay(0)}&to=${kampalaDay(-3)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The start date must be on or before the end date');
    expect((await admin.get('/api/admin/orders?pageSize=500')).statusCode).toBe(400);
  });
});
