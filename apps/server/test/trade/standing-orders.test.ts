/**
 * Standing orders through the API and the job, with a fake clock in Kampala time: owner and buyers
 * set them up and skip or change one delivery until the cut-off (approvers only look); at the cut-off
 * the job places each delivery once through the checkout's placement, even with two instances at
 * once, cuts short lines to the stock and tells the member; failures are recorded, told and not
 * retried; another business never sees or changes them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { orderItems, orders } from '../../src/db/schema/orders.ts';
import { standingOrderRuns, standingOrders } from '../../src/db/schema/standing-orders.ts';
import { tradeAccounts, tradeMembers } from '../../src/db/schema/trade.ts';
import { runStandingOrders } from '../../src/modules/trade/standing-orders-job.ts';
import { adminClient } from '../admin/admin-client.ts';
import { makeCustomer } from '../fixtures/people.ts';
import { createTestApp, drivers, ORIGIN, type TestContext } from '../helpers.ts';
import { makeProduct, NTINDA } from '../orders/fixtures.ts';

/** An instant given as Kampala wall-clock time. */
const kampala = (local: string) => new Date(`${local}+03:00`);
// Tuesday 1 Dec 2026, noon in Kampala; the Wednesday delivery's cut-off is 18:00 today.
const NOON = kampala('2026-12-01T12:00:00');
const CUTOFF = kampala('2026-12-01T18:00:00');
const WEDNESDAY = '2026-12-02';
const BASE = '/api/account/trade/standing-orders';

describe.each(drivers)('standing orders on %s', (driver) => {
  let t: TestContext;
  let db: Db;
  let accountId: string;
  let owner: { id: string; cookie: string; email: string };
  let buyer: { id: string; cookie: string };
  let approver: { id: string; cookie: string };
  let stranger: { id: string; cookie: string };
  let plenty: { id: string; name: string };
  let scarce: { id: string; name: string };
  let none: { id: string; name: string };

  beforeAll(async () => {
    t = await createTestApp(driver);
    db = t.database.db;
    t.app.deps.now = () => NOON;
    const email = `so-owner-${driver}@example.com`;
    owner = { ...(await makeCustomer(t.app, email)), email };
    buyer = await makeCustomer(t.app, `so-buyer-${driver}@example.com`);
    approver = await makeCustomer(t.app, `so-approver-${driver}@example.com`);
    stranger = await makeCustomer(t.app, `so-stranger-${driver}@example.com`);
    const business = (name: string, by: string) => ({
      businessName: name,
      tin: '1000000001',
      address: 'Ntinda Road, Kampala',
      ...NTINDA,
      contactName: 'Owner',
      contactPhone: '+256772000000',
      weeklyVolume: 'under_500k',
      status: 'approved',
      tierId: 'restaurant',
      appliedBy: by,
    });
    const [a] = await db.insert(tradeAccounts).values(business('Kampala Grill', owner.id)).returning();
    const [b] = await db.insert(tradeAccounts).values(business('Other Diner', stranger.id)).returning();
    accountId = a!.id;
    await db.insert(tradeMembers).values([
      { accountId, userId: owner.id, role: 'owner' },
      { accountId, userId: buyer.id, role: 'buyer' },
      { accountId, userId: approver.id, role: 'approver' },
      { accountId: b!.id, userId: stranger.id, role: 'owner' },
    ]);
    plenty = await makeProduct(t, { name: 'Beef brisket SO', price: 20_000, stock: 100 });
    scarce = await makeProduct(t, { name: 'Goat ribs SO', price: 15_000, stock: 3 });
    none = await makeProduct(t, { name: 'Veal cutlets SO', price: 30_000, stock: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
  /** The new standing order's id: the one the list did not have before (the fake clock stands still, so all share one creation time). */
  const create = async (cookie: string, body: object) => {
    const before = new Set((await db.select({ id: standingOrders.id }).from(standingOrders)).map((r) => r.id));
    const res = await call(cookie, 'POST', BASE, body);
    expect(res.statusCode, res.body).toBe(201);
    const list = res.json().standingOrders as { id: string }[];
    const added = list.filter((s) => !before.has(s.id));
    expect(added).toHaveLength(1);
    return added[0]!.id;
  };
  const runsOf = (id: string) => db.select().from(standingOrderRuns).where(eq(standingOrderRuns.standingOrderId, id));
  const messagesTo = (recipient: string, event: string) =>
    db
      .select()
      .from(customerMessages)
      .where(and(eq(customerMessages.recipient, recipient), eq(customerMessages.event, event)));
  const ordersOf = async (ids: string[]) => (ids.length ? db.select().from(orders).where(inArray(orders.id, ids)) : []);
  /** Only this test's standing orders run: the others are paused meanwhile. */
  const only = async (id: string) => {
    await db.update(standingOrders).set({ status: 'paused' }).where(eq(standingOrders.accountId, accountId));
    await db.update(standingOrders).set({ status: 'active' }).where(eq(standingOrders.id, id));
  };

  it('lets the owner and buyers set one up, with the days and slot checked, and approvers only look', async () => {
    const body = { lines: [{ productId: plenty.id, quantity: 2 }], weekdays: [3], slotStart: '10:00' };
    const sunday = await call(owner.cookie, 'POST', BASE, { ...body, weekdays: [0, 3] });
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json().error.fields.weekdays).toBe('We do not deliver on Sundays. Please choose delivery days.');
    const offSlot = await call(owner.cookie, 'POST', BASE, { ...body, slotStart: '09:00' });
    expect(offSlot.json().error.fields.slotStart).toBe('Please choose one of the delivery slots.');
    const gone = await call(owner.cookie, 'POST', BASE, {
      ...body,
      lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expect(gone.json().error.fields['lines.0.productId']).toBe('This product is no longer available');
    expect((await call(approver.cookie, 'POST', BASE, body)).statusCode).toBe(403);
    expect((await call(stranger.cookie, 'GET', BASE)).json().standingOrders).toEqual([]);

    const id = await create(owner.cookie, body);
    const view = await call(approver.cookie, 'GET', BASE);
    expect(view.statusCode).toBe(200);
    const so = view.json().standingOrders.find((s: { id: string }) => s.id === id);
    expect(view.json().canManage).toBe(false);
    expect(so).toMatchObject({ status: 'active', weekdays: [3], slotStart: '10:00', slotLabel: '10:00 – 12:00' });
    expect(so.lines).toEqual([{ productId: plenty.id, quantity: 2, productName: 'Beef brisket SO' }]);
    expect(so.occurrences[0]).toMatchObject({ date: WEDNESDAY, state: 'open', cutoffAt: CUTOFF.toISOString(), skipped: false });
    expect(await create(buyer.cookie, body)).toBeTruthy();
  });

  it('edits, pauses and resumes; another business can neither see nor change it', async () => {
    const id = await create(owner.cookie, { lines: [{ productId: plenty.id, quantity: 1 }], weekdays: [3, 5], slotStart: '12:00' });
    const edit = { lines: [{ productId: plenty.id, quantity: 4 }], weekdays: [5], slotStart: '14:00' };
    const edited = await call(buyer.cookie, 'PUT', `${BASE}/${id}`, edit);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().standingOrders.find((s: { id: string }) => s.id === id)).toMatchObject({ weekdays: [5], slotStart: '14:00' });
    expect((await call(stranger.cookie, 'PUT', `${BASE}/${id}`, edit)).statusCode).toBe(404);
    expect((await call(stranger.cookie, 'POST', `${BASE}/${id}/status`, { status: 'paused' })).statusCode).toBe(404);
    expect((await call(stranger.cookie, 'PUT', `${BASE}/${id}/occurrences/2026-12-04`, { skip: true })).statusCode).toBe(404);
    expect(JSON.stringify((await call(stranger.cookie, 'GET', BASE)).json())).not.toContain(id);
    expect((await call(approver.cookie, 'POST', `${BASE}/${id}/status`, { status: 'paused' })).statusCode).toBe(403);

    const paused = await call(owner.cookie, 'POST', `${BASE}/${id}/status`, { status: 'paused' });
    const p = paused.json().standingOrders.find((s: { id: string }) => s.id === id);
    expect(p).toMatchObject({ status: 'paused', occurrences: [] });
    const resumed = await call(owner.cookie, 'POST', `${BASE}/${id}/status`, { status: 'active' });
    expect(resumed.json().standingOrders.find((s: { id: string }) => s.id === id).occurrences[0].date).toBe('2026-12-04');
  });

  it('skips or changes one delivery until the cut-off, then locks it', async () => {
    const id = await create(owner.cookie, { lines: [{ productId: plenty.id, quantity: 1 }], weekdays: [3], slotStart: '10:00' });
    const occ = (res: { json(): { standingOrders: { id: string; occurrences: { date: string }[] }[] } }) =>
      res
        .json()
        .standingOrders.find((s) => s.id === id)!
        .occurrences.find((o) => o.date === WEDNESDAY);
    const skip = await call(owner.cookie, 'PUT', `${BASE}/${id}/occurrences/${WEDNESDAY}`, { skip: true });
    expect(occ(skip)).toMatchObject({ skipped: true, state: 'open' });
    const undo = await call(owner.cookie, 'DELETE', `${BASE}/${id}/occurrences/${WEDNESDAY}`);
    expect(occ(undo)).toMatchObject({ skipped: false, lines: null });
    const change = await call(buyer.cookie, 'PUT', `${BASE}/${id}/occurrences/${WEDNESDAY}`, {
      lines: [{ productId: plenty.id, quantity: 5 }],
    });
    expect(occ(change)).toMatchObject({ skipped: false, lines: [{ productId: plenty.id, quantity: 5, productName: 'Beef brisket SO' }] });
    const thursday = await call(owner.cookie, 'PUT', `${BASE}/${id}/occurrences/2026-12-03`, { skip: true });
    expect(thursday.statusCode).toBe(400);
    expect((await call(approver.cookie, 'PUT', `${BASE}/${id}/occurrences/${WEDNESDAY}`, { skip: true })).statusCode).toBe(403);

    // At the cut-off exactly, the delivery is locked.
    t.app.deps.now = () => CUTOFF;
    try {
      const late = await call(owner.cookie, 'PUT', `${BASE}/${id}/occurrences/${WEDNESDAY}`, { skip: true });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toContain('can no longer be changed');
      const list = await call(owner.cookie, 'GET', BASE);
      expect(occ(list)).toMatchObject({ state: 'locked', lines: [{ quantity: 5 }] });
    } finally {
      t.app.deps.now = () => NOON;
    }
  });

  it('places nothing before the cut-off, then each delivery once, cut to stock, and tells the member', async () => {
    const id = await create(owner.cookie, {
      lines: [
        { productId: plenty.id, quantity: 2 },
        { productId: scarce.id, quantity: 5 },
        { productId: none.id, quantity: 1 },
      ],
      weekdays: [3],
      slotStart: '10:00',
    });
    await only(id);
    expect((await runStandingOrders(db, new Date(CUTOFF.getTime() - 1000), ORIGIN)).placed).toEqual([]);
    expect(await runsOf(id)).toEqual([]);

    const r = await runStandingOrders(db, CUTOFF, ORIGIN);
    expect(r.placed).toEqual([`${id}:${WEDNESDAY}`]);
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'placed', deliveryDate: WEDNESDAY, failure: null });
    expect(run!.reduced).toEqual([
      { productId: scarce.id, productName: 'Goat ribs SO', wanted: 5, placed: 3 },
      { productId: none.id, productName: 'Veal cutlets SO', wanted: 1, placed: 0 },
    ]);
    const [order] = await ordersOf([run!.orderId!]);
    expect(order).toMatchObject({ userId: owner.id, tradeAccountId: accountId, paymentMethod: 'cash_on_delivery', deliveryAsap: false });
    expect(order!.deliverySlotStart!.toISOString()).toBe(kampala(`${WEDNESDAY}T10:00:00`).toISOString());
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items.map((i) => [i.productName, i.quantity]).sort()).toEqual([
      ['Beef brisket SO', 2],
      ['Goat ribs SO', 3],
    ]);
    expect(order!.totalAmount).toBe(2 * 20_000 + 3 * 15_000 + order!.deliveryFee);

    const [mail] = await messagesTo(owner.email, 'standing_order_placed');
    expect(mail!.subject).toContain('Your standing order for Wednesday 2 Dec is placed');
    expect(mail!.body).toContain('reduced: Goat ribs SO 3 of 5, Veal cutlets SO (out of stock, left off)');
    const [sms] = await messagesTo('+256772999001', 'standing_order_placed');
    expect(sms!.body).toContain('Your standing order for Wednesday 2 Dec is placed'.replace('Your', 'your'));

    // Later runs claim nothing: the run row is the claim.
    expect((await runStandingOrders(db, new Date(CUTOFF.getTime() + 60_000), ORIGIN)).placed).toEqual([]);
    expect(await runsOf(id)).toHaveLength(1);
    // The delivery is locked with its order linked, and is among the business's orders.
    const list = await call(owner.cookie, 'GET', BASE);
    const occ = list.json().standingOrders.find((s: { id: string }) => s.id === id).occurrences[0];
    expect(occ).toMatchObject({ date: WEDNESDAY, state: 'locked', run: { status: 'placed', orderId: order!.id } });
    const business = await call(buyer.cookie, 'GET', '/api/account/trade/orders');
    expect(business.json().orders.map((o: { id: string }) => o.id)).toContain(order!.id);
    const admin = await adminClient(t);
    const seen = await admin.get(`/api/admin/trade/accounts/${accountId}/standing-orders`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().runs.some((x: { orderId: string }) => x.orderId === order!.id)).toBe(true);
  });

  it('places each delivery exactly once when two instances run the job at the same moment', async () => {
    const ids = [
      await create(owner.cookie, { lines: [{ productId: plenty.id, quantity: 1 }], weekdays: [4], slotStart: '10:00' }),
      await create(buyer.cookie, { lines: [{ productId: plenty.id, quantity: 1 }], weekdays: [4], slotStart: '12:00' }),
    ];
    const second = driver === 'postgres' ? await createTestApp(driver, { databaseUrl: t.databaseUrl, seed: false }) : t;
    try {
      const at = kampala('2026-12-02T18:00:30'); // Thursday's cut-off has just passed.
      const [r1, r2, r3] = await Promise.all([
        runStandingOrders(db, at, ORIGIN),
        runStandingOrders(second.database.db, at, ORIGIN),
        runStandingOrders(db, at, ORIGIN),
      ]);
      const placed = [...r1.placed, ...r2.placed, ...r3.placed].filter((k) => ids.some((id) => k.startsWith(id)));
      expect(placed.sort()).toEqual(ids.map((id) => `${id}:2026-12-03`).sort());
      for (const id of ids) {
        const runs = await runsOf(id);
        expect(runs).toHaveLength(1);
        expect(runs[0]!.status).toBe('placed');
        const made = await db
          .select()
          .from(orders)
          .where(eq(orders.idempotencyKey, `standing:${runs[0]!.id}`));
        expect(made).toHaveLength(1);
      }
    } finally {
      if (second !== t) await second.close();
    }
  });

  it('records and tells a failure once, and never retries it into an order', async () => {
    const empty = await create(owner.cookie, { lines: [{ productId: none.id, quantity: 2 }], weekdays: [5], slotStart: '10:00' });
    await only(empty);
    const at = kampala('2026-12-03T18:00:00'); // Friday's cut-off.
    const r = await runStandingOrders(db, at, ORIGIN);
    expect(r.failed).toContain(`${empty}:2026-12-04`);
    expect(await runsOf(empty)).toMatchObject([{ status: 'failed', orderId: null, failure: 'Nothing on it is in stock.' }]);
    const told = await messagesTo(owner.email, 'standing_order_failed');
    expect(told.some((m) => m.body.includes('Nothing on it is in stock.'))).toBe(true);
    // A later run does not try it again.
    await runStandingOrders(db, new Date(at.getTime() + 120_000), ORIGIN);
    expect(await runsOf(empty)).toHaveLength(1);

    // A suspended business: recorded and told, no order.
    const grill = await create(owner.cookie, { lines: [{ productId: plenty.id, quantity: 1 }], weekdays: [6], slotStart: '10:00' });
    await only(grill);
    await db.update(tradeAccounts).set({ status: 'suspended' }).where(eq(tradeAccounts.id, accountId));
    try {
      await runStandingOrders(db, kampala('2026-12-04T18:00:00'), ORIGIN);
      expect(await runsOf(grill)).toMatchObject([
        { status: 'failed', orderId: null, failure: "Kampala Grill's trade account is suspended." },
      ]);
    } finally {
      await db.update(tradeAccounts).set({ status: 'approved' }).where(eq(tradeAccounts.id, accountId));
    }
  });

  it('tells the owner, not a removed member, that the member’s standing order cannot go on', async () => {
    const leaver = await makeCustomer(t.app, `so-leaver-${driver}@example.com`);
    await db.insert(tradeMembers).values({ accountId, userId: leaver.id, role: 'buyer' });
    const id = await create(leaver.cookie, { lines: [{ productId: plenty.id, quantity: 1 }], weekdays: [1], slotStart: '10:00' });
    await only(id);
    await db.delete(tradeMembers).where(eq(tradeMembers.userId, leaver.id));
    await runStandingOrders(db, kampala('2026-12-06T18:00:00'), ORIGIN);
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'failed', orderId: null });
    expect(run!.failure).toContain('is no longer a member of Kampala Grill');
    expect(await messagesTo(`so-leaver-${driver}@example.com`, 'standing_order_failed')).toEqual([]);
    expect((await messagesTo(owner.email, 'standing_order_failed')).some((m) => m.body.includes('no longer a member'))).toBe(true);
  });

  it('does not place late a delivery whose cut-off passed while paused, or on a day added after it', async () => {
    const id = await create(owner.cookie, { lines: [{ productId: plenty.id, quantity: 1 }], weekdays: [2], slotStart: '10:00' });
    await only(id);
    await call(owner.cookie, 'POST', `${BASE}/${id}/status`, { status: 'paused' });
    // Monday 7 Dec, 19:00: Tuesday's cut-off passed while it was paused.
    const late = kampala('2026-12-07T19:00:00');
    t.app.deps.now = () => late;
    try {
      expect((await call(owner.cookie, 'POST', `${BASE}/${id}/status`, { status: 'active' })).statusCode).toBe(200);
      const edit = { lines: [{ productId: plenty.id, quantity: 1 }], weekdays: [1, 2], slotStart: '10:00' };
      expect((await call(owner.cookie, 'PUT', `${BASE}/${id}`, edit)).statusCode).toBe(200);
    } finally {
      t.app.deps.now = () => NOON;
    }
    expect((await runStandingOrders(db, late, ORIGIN)).placed.filter((k) => k.startsWith(id))).toEqual([]);
    const runs = (await runsOf(id)).map((r) => [r.deliveryDate, r.status, r.orderId]).sort();
    expect(runs).toEqual([
      ['2026-12-07', 'skipped', null],
      ['2026-12-08', 'skipped', null],
    ]);
  });
  it('is paid on account only when the business has terms, and then its orders go on the account', async () => {
    const body = { lines: [{ productId: plenty.id, quantity: 1 }], weekdays: [3], slotStart: '10:00', paymentMethod: 'on_account' };
    const noTerms = await call(buyer.cookie, 'POST', BASE, body);
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().error.fields.paymentMethod).toBe(
      'Your business has no terms to pay on account: choose cash on delivery, or ask us for terms.',
    );
    expect((await call(buyer.cookie, 'GET', BASE)).json().onAccount).toBe(false);

    await db.update(tradeAccounts).set({ termsDays: 14, creditLimit: 1_000_000 }).where(eq(tradeAccounts.id, accountId));
    expect((await call(buyer.cookie, 'GET', BASE)).json().onAccount).toBe(true);
    const id = await create(buyer.cookie, body);
    await only(id);
    expect((await runStandingOrders(db, CUTOFF, ORIGIN)).placed).toEqual([`${id}:${WEDNESDAY}`]);
    const [run] = await runsOf(id);
    const [order] = await ordersOf([run!.orderId!]);
    expect(order).toMatchObject({ userId: buyer.id, tradeAccountId: accountId, paymentMethod: 'on_account', paymentStatus: 'on_account' });
  });
});
