/**
 * The authorization matrix: every API route, read from the server's own route table (so a new route
 * is covered automatically), called by two of each kind of caller. A caller whose role does not meet
 * the route's declared rule must be refused (401 without a session, 403 with the wrong role) before
 * the route does anything; a caller whose role fits but who names someone else's thing (customer B's
 * order, rider B's delivery, outlet Y's staff) must get 403 or 404 and change nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRiders, employeeRoles, outletEmployees } from '../src/db/schema/accounts.ts';
import { products } from '../src/db/schema/catalog.ts';
import { cashHandovers } from '../src/db/schema/delivery-ops.ts';
import { orderItems, orders } from '../src/db/schema/orders.ts';
import { insertPaymentAttempt } from '../src/modules/payments/payments.repository.ts';
import type { Access } from '../src/modules/accounts/access.ts';
import { HOME_OUTLET, OTHER_OUTLET, outletIdByName } from './fixtures/outlet-orders.ts';
import { jpeg, multipart } from './fixtures/photos.ts';
import { makeCustomer, makeOutletEmployee, makeRider, makeStaff, makeStaffRole } from './fixtures/people.ts';
import { PERMISSION_NAMES, type Permission, type PermissionRule } from '@meatshop/shared/staff-permissions';
import { demoIds, insertOrder } from './fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, cookieFrom, createTestApp, loginAs } from './helpers.ts';
import { refunds } from '../src/db/schema/refunds.ts';
import { stockBatches } from '../src/db/schema/stock.ts';
import { standingOrders } from '../src/db/schema/standing-orders.ts';
import { tradeAccounts, tradeInvitations, tradeMembers, tradePrices } from '../src/db/schema/trade.ts';
import { tradeCreditNotes, tradeInvoicePaymentAttempts, tradeInvoices } from '../src/db/schema/trade-credit.ts';
import { tokenHash } from '../src/modules/trade/trade.service.ts';

type Caller =
  | 'visitor'
  | 'customer'
  | 'customerB'
  | 'admin'
  | 'rider'
  | 'riderB'
  | 'outlet'
  | 'outletY'
  | 'inactiveRider'
  | 'inactiveEmployee';

/** Which callers each access rule admits (outlet staff and admins are customers too: they have a profile). */
const ADMITS: Record<Access, Caller[]> = {
  visitor: ['visitor', 'customer', 'customerB', 'admin', 'rider', 'riderB', 'outlet', 'outletY', 'inactiveRider', 'inactiveEmployee'],
  signedIn: ['customer', 'customerB', 'admin', 'rider', 'riderB', 'outlet', 'outletY', 'inactiveRider', 'inactiveEmployee'],
  customer: ['customer', 'customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  anyRider: ['rider', 'riderB', 'inactiveRider'],
  rider: ['rider', 'riderB'],
  outletEmployee: ['outlet', 'outletY'],
  admin: ['admin'],
};

const FAKE_ID = '00000000-0000-4000-8000-000000000000';
const PHOTO = '1700000000000.jpg';

/**
 * The people and things of the ownership checks. "A" things belong to customer A (the demo customer),
 * rider A (the demo rider) and outlet X (the demo employee's outlet); "B" things to customer B, rider B
 * and outlet Y.
 */
interface World {
  orderA: string;
  /** A cash refund on order A, waiting for outlet X to pay it back. */
  cashRefundA: string;
  orderB: string;
  pendingA: string;
  /** The line of pendingA, for the packing and substitution routes. */
  lineA: string;
  /** A line of pendingA (what outlet X weighs). */
  itemA: string;
  /** Customer A's delivered order at outlet X, carried by rider A: it has a receipt. */
  deliveredA: string;
  trackingA: string;
  staffX: string;
  /** A cash hand-over recorded at outlet X. */
  handoverX: string;
  /** An expired batch at outlet X, waiting for disposal. */
  batchX: string;
  productId: string;
  photo: Buffer;
  /** Customer A owns trade account A; memberA is its buyer; inviteA its open invitation (token inviteTokenA). */
  memberA: string;
  inviteA: string;
  inviteTokenA: string;
  /** A standing order of trade account A. */
  standingA: string;
  /** Buyer memberA's order for business A, held over their limit for the owner's approval. */
  heldA: string;
  /** Business A's invoice for order A (pay on account). */
  invoiceA: string;
  /** A credit note against invoice A, and an online payment attempt of it (its provider tracking id). */
  creditNoteA: string;
  invoiceTrackingA: string;
}

interface OwnedCase {
  /** The request, with ids that belong to someone else than `denied`. */
  request(w: World): { url: string; payload?: unknown; headers?: Record<string, string> };
  /** Callers the route's role admits but who do not own the thing: each must get 403 or 404. */
  denied: Caller[];
  /** Callers who do own it: a GET must answer 200 for them (proves the denial is about ownership). */
  owners?: Caller[];
}

/**
 * Every non-admin route that names a thing by id (path or body) declares here whose it is. A new
 * route with a path id and no entry here (or in PUBLIC_IDS) fails the test.
 */
const OWNED: Record<string, OwnedCase> = {
  'GET /api/orders/:id': {
    request: (w) => ({ url: `/api/orders/${w.orderA}` }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
    owners: ['customer'],
  },
  'POST /api/orders/:id/cancel': {
    request: (w) => ({ url: `/api/orders/${w.pendingA}/cancel`, payload: {} }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'POST /api/orders/:id/edit': {
    request: (w) => ({ url: `/api/orders/${w.pendingA}/edit`, payload: { items: [{ productId: w.productId, quantity: 1 }] } }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'POST /api/orders/:id/lines/:lineId/refuse-substitute': {
    request: (w) => ({ url: `/api/orders/${w.pendingA}/lines/${w.lineA}/refuse-substitute`, payload: {} }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'GET /api/orders/:id/edits': {
    request: (w) => ({ url: `/api/orders/${w.orderA}/edits` }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
    owners: ['customer'],
  },
  'POST /api/payments/initiate': {
    request: (w) => ({ url: '/api/payments/initiate', payload: { orderId: w.pendingA } }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'POST /api/payments/verify': {
    request: (w) => ({ url: '/api/payments/verify', payload: { orderTrackingId: w.trackingA } }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'GET /api/rider/orders/:id': {
    request: (w) => ({ url: `/api/rider/orders/${w.orderA}` }),
    denied: ['riderB'],
    owners: ['rider'],
  },
  'POST /api/rider/orders/:id/pickup': {
    request: (w) => ({ url: `/api/rider/orders/${w.orderA}/pickup`, payload: {} }),
    denied: ['riderB'],
  },
  'POST /api/rider/orders/:id/cancel': {
    request: (w) => ({ url: `/api/rider/orders/${w.orderA}/cancel`, payload: { reason: 'Not mine to cancel' } }),
    denied: ['riderB'],
  },
  'POST /api/rider/orders/:id/deliver': {
    request: (w) => ({ url: `/api/rider/orders/${w.orderA}/deliver`, ...multipart(w.photo) }),
    denied: ['riderB'],
  },
  'POST /api/rider/orders/:id/position': {
    request: (w) => ({ url: `/api/rider/orders/${w.orderA}/position`, payload: { lat: 0.35, lng: 32.6 } }),
    denied: ['riderB'],
  },
  'POST /api/rider/orders/:id/decline': {
    request: (w) => ({ url: `/api/rider/orders/${w.orderA}/decline`, payload: {} }),
    denied: ['riderB'],
  },
  'GET /api/tracking/orders/:id': {
    request: (w) => ({ url: `/api/tracking/orders/${w.orderA}` }),
    denied: ['customerB', 'riderB', 'outletY', 'inactiveRider', 'inactiveEmployee'],
    owners: ['customer', 'outlet', 'admin'],
  },
  'GET /api/outlet/orders/:id': {
    request: (w) => ({ url: `/api/outlet/orders/${w.orderA}` }),
    denied: ['outletY'],
    owners: ['outlet'],
  },
  'POST /api/outlet/orders/:id/ready': {
    request: (w) => ({ url: `/api/outlet/orders/${w.pendingA}/ready`, payload: {} }),
    denied: ['outletY'],
  },
  'GET /api/outlet/orders/:id/lines/:lineId/substitutes': {
    request: (w) => ({ url: `/api/outlet/orders/${w.pendingA}/lines/${w.lineA}/substitutes` }),
    denied: ['outletY'],
    owners: ['outlet'],
  },
  'POST /api/outlet/orders/:id/lines/:lineId/short': {
    request: (w) => ({
      url: `/api/outlet/orders/${w.pendingA}/lines/${w.lineA}/short`,
      payload: { shortQuantity: 1, outcome: 'refunded' },
    }),
    denied: ['outletY'],
  },
  'PUT /api/outlet/orders/:id/items/:itemId/weight': {
    request: (w) => ({ url: `/api/outlet/orders/${w.pendingA}/items/${w.itemA}/weight`, payload: { grams: 500 } }),
    denied: ['outletY'],
  },
  'POST /api/outlet/orders/:id/confirm-return': {
    request: (w) => ({ url: `/api/outlet/orders/${w.orderA}/confirm-return`, payload: {} }),
    denied: ['outletY'],
  },
  'POST /api/outlet/refunds/:id/cash-paid': {
    request: (w) => ({ url: `/api/outlet/refunds/${w.cashRefundA}/cash-paid`, payload: {} }),
    denied: ['outletY'],
  },
  'PATCH /api/outlet/staff/:id': {
    request: (w) => ({ url: `/api/outlet/staff/${w.staffX}`, payload: { isActive: false } }),
    denied: ['outletY'],
  },
  'POST /api/outlet/orders/:id/batch-override': {
    request: (w) => ({
      url: `/api/outlet/orders/${w.pendingA}/batch-override`,
      payload: { productId: w.productId, fromBatchId: w.batchX, toBatchId: w.batchX, quantity: 1, reason: 'Not our order' },
    }),
    denied: ['outletY'],
  },
  'POST /api/outlet/stock-batches/:id/write-off': {
    request: (w) => ({ url: `/api/outlet/stock-batches/${w.batchX}/write-off`, payload: { reason: 'Not ours to dispose of' } }),
    denied: ['outletY'],
  },
  'POST /api/outlet/cash/handovers/:id/reverse': {
    request: (w) => ({ url: `/api/outlet/cash/handovers/${w.handoverX}/reverse`, payload: { reason: 'Not ours to reverse' } }),
    denied: ['outletY'],
  },
  'PATCH /api/account/trade/members/:userId': {
    request: (w) => ({ url: `/api/account/trade/members/${w.memberA}`, payload: { role: 'approver' } }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'DELETE /api/account/trade/members/:userId': {
    request: (w) => ({ url: `/api/account/trade/members/${w.memberA}` }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'DELETE /api/account/trade/invitations/:id': {
    request: (w) => ({ url: `/api/account/trade/invitations/${w.inviteA}` }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'POST /api/account/trade/join/:token': {
    // Sent to someone else: nobody here may use it (customer A and B are in a business already).
    request: (w) => ({ url: `/api/account/trade/join/${w.inviteTokenA}`, payload: {} }),
    denied: ['customer', 'customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  // A standing order is its business's: another business's owner finds nothing by its id.
  'PUT /api/account/trade/standing-orders/:id': {
    request: (w) => ({
      url: `/api/account/trade/standing-orders/${w.standingA}`,
      payload: { lines: [{ productId: w.productId, quantity: 1 }], weekdays: [1], slotStart: '10:00' },
    }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'POST /api/account/trade/standing-orders/:id/status': {
    request: (w) => ({ url: `/api/account/trade/standing-orders/${w.standingA}/status`, payload: { status: 'paused' } }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'PUT /api/account/trade/standing-orders/:id/occurrences/:date': {
    request: (w) => ({ url: `/api/account/trade/standing-orders/${w.standingA}/occurrences/2099-01-05`, payload: { skip: true } }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'DELETE /api/account/trade/standing-orders/:id/occurrences/:date': {
    request: (w) => ({ url: `/api/account/trade/standing-orders/${w.standingA}/occurrences/2099-01-05` }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  // A held order is its business's: another business's owner, and anyone with no business, find
  // nothing by its id (404); the buyer of the same business is refused (403, in the trade tests).
  'POST /api/account/trade/orders/:id/approve': {
    request: (w) => ({ url: `/api/account/trade/orders/${w.heldA}/approve`, payload: {} }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'POST /api/account/trade/orders/:id/decline': {
    request: (w) => ({ url: `/api/account/trade/orders/${w.heldA}/decline`, payload: { reason: 'Not ours to decline' } }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'GET /api/account/trade/invoices/:id/pdf': {
    request: (w) => ({ url: `/api/account/trade/invoices/${w.invoiceA}/pdf` }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
    owners: ['customer'],
  },
  // Another business's invoice, credit note or online payment answers 404; a household (admin, staff) 403.
  'POST /api/account/trade/invoices/:id/pay': {
    request: (w) => ({ url: `/api/account/trade/invoices/${w.invoiceA}/pay`, payload: {} }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'POST /api/account/trade/invoice-payments/verify': {
    request: (w) => ({ url: '/api/account/trade/invoice-payments/verify', payload: { orderTrackingId: w.invoiceTrackingA } }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
  },
  'GET /api/account/trade/credit-notes/:id/pdf': {
    request: (w) => ({ url: `/api/account/trade/credit-notes/${w.creditNoteA}/pdf` }),
    denied: ['customerB', 'admin', 'outlet', 'outletY', 'inactiveEmployee'],
    owners: ['customer'],
  },
  'GET /api/receipts/:orderId': {
    request: (w) => ({ url: `/api/receipts/${w.deliveredA}` }),
    // The rider who carried it is refused too: a receipt is for the customer, the outlet and admins.
    denied: ['customerB', 'rider', 'riderB', 'outletY', 'inactiveRider', 'inactiveEmployee'],
    owners: ['customer', 'outlet', 'admin'],
  },
  'GET /api/delivery-photos/:orderId/:file': {
    request: (w) => ({ url: `/api/delivery-photos/${w.orderA}/${PHOTO}` }),
    denied: ['customerB', 'riderB', 'outletY', 'inactiveRider', 'inactiveEmployee'],
    owners: ['customer', 'rider', 'outlet', 'admin'],
  },
};

/** Routes whose path id names something public (a product anyone may see): no owner to check. */
const PUBLIC_IDS = new Set([
  'GET /api/products/:id',
  'GET /api/products/:id/related',
  'GET /api/products/:id/substitutes',
  'GET /api/products/:id/reviews',
  'POST /api/products/:id/reviews',
  'GET /api/products/:id/rating',
  'PUT /api/products/:id/rating',
]);

/** Lists must hold only the caller's own things. */
const LISTS: { url: string; caller: Caller; mustNotContain: (w: World) => string; mustContain?: Caller }[] = [
  { url: '/api/orders', caller: 'customerB', mustNotContain: (w) => w.orderA, mustContain: 'customer' },
  { url: '/api/rider/orders', caller: 'riderB', mustNotContain: (w) => w.orderA, mustContain: 'rider' },
  { url: '/api/outlet/orders', caller: 'outletY', mustNotContain: (w) => w.orderA, mustContain: 'outlet' },
  { url: '/api/outlet/staff', caller: 'outletY', mustNotContain: (w) => w.staffX, mustContain: 'outlet' },
  // A business's orders and members reach its own members only (customer B owns another business).
  { url: '/api/account/trade/orders', caller: 'customerB', mustNotContain: (w) => w.orderA, mustContain: 'customer' },
  { url: '/api/account/trade/members', caller: 'customerB', mustNotContain: (w) => w.memberA, mustContain: 'customer' },
  // Business A's own price for a product is A's alone (B is in the same tier, which has no line for it).
  { url: '/api/account/trade/prices', caller: 'customerB', mustNotContain: (w) => w.productId, mustContain: 'customer' },
  { url: '/api/account/trade/standing-orders', caller: 'customerB', mustNotContain: (w) => w.standingA, mustContain: 'customer' },
  { url: '/api/account/trade/invoices', caller: 'customerB', mustNotContain: (w) => w.invoiceA, mustContain: 'customer' },
  { url: '/api/account/trade/statement', caller: 'customerB', mustNotContain: (w) => w.invoiceA, mustContain: 'customer' },
  { url: '/api/account/trade/invoices', caller: 'customerB', mustNotContain: (w) => w.creditNoteA, mustContain: 'customer' },
  { url: '/api/account/trade/statement', caller: 'customerB', mustNotContain: (w) => w.creditNoteA, mustContain: 'customer' },
];

const apiRoutes = (t: TestContext) =>
  t.app.accessTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
const key = (method: string, url: string) => `${method} ${url.replace(/\/$/, '')}`;

describe('authorization matrix (every route × every caller)', () => {
  let t: TestContext;
  const cookies = {} as Record<Caller, string>;
  const world = {} as World;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const { app, database } = t;
    const db = database.db;
    cookies.visitor = '';
    cookies.customer = await loginAs(app, 'customer');
    cookies.admin = await loginAs(app, 'admin');
    cookies.rider = await loginAs(app, 'rider');
    cookies.outlet = await loginAs(app, 'outlet');
    const outletX = await outletIdByName(db, HOME_OUTLET);
    const outletY = await outletIdByName(db, OTHER_OUTLET);
    const customerB = await makeCustomer(app, 'customer-b@example.com');
    const riderB = await makeRider(app, 'rider-b@example.com');
    const staffY = await makeOutletEmployee(app, 'staff-y@example.com', outletY);
    cookies.customerB = customerB.cookie;
    cookies.riderB = riderB.cookie;
    cookies.outletY = staffY.cookie;
    // Outlet Y's person is a manager, so only ownership (not the role) can refuse them outlet X's staff.
    const [manager] = await db.select().from(employeeRoles).where(eq(employeeRoles.name, 'Manager'));
    await db.update(outletEmployees).set({ roleId: manager!.id }).where(eq(outletEmployees.userId, staffY.id));
    // Sign in first, then deactivate: the session stays but the role no longer admits them.
    cookies.inactiveRider = await signUpRider(t, 'inactive-rider@example.com');
    await db.update(deliveryRiders).set({ isActive: false }).where(eq(deliveryRiders.email, 'inactive-rider@example.com'));
    const [emp] = await db.select().from(outletEmployees).where(eq(outletEmployees.outletId, outletX)).limit(1);
    world.staffX = emp!.id;
    // The demo employee is needed active; make a second, inactive one at the same outlet (X).
    cookies.inactiveEmployee = await makeInactiveEmployee(t, outletX, emp!.roleId);

    const { customerId, riderId } = await demoIds(db);
    const orderA = await insertOrder(db, { userId: customerId, outletId: outletX, status: 'assigned', riderId });
    const orderB = await insertOrder(db, { userId: customerB.id, outletId: outletY, status: 'assigned', riderId: riderB.id });
    const pendingA = await insertOrder(db, { userId: customerId, outletId: outletX, status: 'pending' });
    await db.update(orders).set({ paymentMethod: 'mtn_money' }).where(eq(orders.id, pendingA.id));
    world.orderA = orderA.id;
    world.orderB = orderB.id;
    world.pendingA = pendingA.id;
    world.lineA = (await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, pendingA.id)))[0]!.id;
    world.itemA = world.lineA;
    const [handover] = await db
      .insert(cashHandovers)
      .values({
        riderId,
        amount: 1_000,
        shiftDate: new Date().toISOString().slice(0, 10),
        receivedByName: 'Ruth Achieng',
        outletId: outletX,
      })
      .returning();
    world.handoverX = handover!.id;
    world.deliveredA = (await insertOrder(db, { userId: customerId, outletId: outletX, status: 'delivered', riderId })).id;
    const [refund] = await db
      .insert(refunds)
      .values({ orderId: orderA.id, amount: 1_000, reason: 'goodwill', method: 'cash' })
      .returning({ id: refunds.id });
    world.cashRefundA = refund!.id;
    world.productId = (await db.select({ id: products.id }).from(products).limit(1))[0]!.id;
    const [batch] = await db
      .insert(stockBatches)
      .values({ outletId: outletX, productId: world.productId, lotNumber: 'X-1', useBy: '2020-01-01', quantity: 2, status: 'expired' })
      .returning({ id: stockBatches.id });
    world.batchX = batch!.id;
    // A's delivery photo, stored and linked, so its owners see 200 and everyone else 404.
    const photoKey = `delivery-photos/${orderA.id}/${PHOTO}`;
    await app.deps.storage.put(photoKey, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    await db
      .update(orders)
      .set({ deliveryPhotoUrl: `/api/${photoKey}` })
      .where(eq(orders.id, orderA.id));
    world.photo = await jpeg();
    world.trackingA = 'TRACK-A-0001';
    // Trade accounts: A (customer A owns it, memberA buys for it, order A is its) and B (customer B's).
    const business = (name: string, by: string) => ({
      businessName: name,
      tin: '1000000001',
      address: 'Kampala',
      lat: 0.33,
      lng: 32.6,
      contactName: 'Owner',
      contactPhone: '+256772000000',
      weeklyVolume: 'under_500k',
      status: 'approved',
      tierId: 'restaurant',
      appliedBy: by,
    });
    const [tradeA] = await db.insert(tradeAccounts).values(business('Business A', customerId)).returning();
    const [tradeB] = await db.insert(tradeAccounts).values(business('Business B', customerB.id)).returning();
    const memberA = await makeCustomer(app, 'member-a@example.com');
    await db.insert(tradeMembers).values([
      { accountId: tradeA!.id, userId: customerId, role: 'owner' },
      { accountId: tradeA!.id, userId: memberA.id, role: 'buyer', approvalLimit: 100_000 },
      { accountId: tradeB!.id, userId: customerB.id, role: 'owner' },
    ]);
    world.memberA = memberA.id;
    world.inviteTokenA = 'invitation-token-of-business-a-0001';
    const [invite] = await db
      .insert(tradeInvitations)
      .values({
        accountId: tradeA!.id,
        email: 'invited-a@example.com',
        role: 'buyer',
        tokenHash: tokenHash(world.inviteTokenA),
        invitedBy: customerId,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    world.inviteA = invite!.id;
    const [standing] = await db
      .insert(standingOrders)
      .values({
        accountId: tradeA!.id,
        createdBy: customerId,
        lines: [{ productId: world.productId, quantity: 1 }],
        weekdays: [1],
        slotStart: '10:00',
      })
      .returning();
    world.standingA = standing!.id;
    const heldA = await insertOrder(db, { userId: memberA.id, outletId: outletX, status: 'awaiting_approval' });
    await db.update(orders).set({ tradeAccountId: tradeA!.id }).where(eq(orders.id, heldA.id));
    world.heldA = heldA.id;
    await db.update(orders).set({ tradeAccountId: tradeA!.id }).where(eq(orders.id, orderA.id));
    await db.insert(tradePrices).values({ accountId: tradeA!.id, productId: world.productId, percentOff: 10 });
    const [invoice] = await db
      .insert(tradeInvoices)
      .values({
        number: 'INV-2026-900001',
        accountId: tradeA!.id,
        orderId: orderA.id,
        businessName: 'Business A',
        tin: '1000000001',
        address: 'Kampala',
        lines: [{ name: 'Beef', quantity: 1, unitPrice: 10_000, amount: 10_000 }],
        subtotal: 10_000,
        deliveryFee: 0,
        total: 10_000,
        vatRatePercent: '18',
        vatAmount: 1_525,
        termsDays: 14,
        issuedAt: new Date(),
        dueAt: new Date(Date.now() + 14 * 86_400_000),
      })
      .returning();
    world.invoiceA = invoice!.id;
    const [note] = await db
      .insert(tradeCreditNotes)
      .values({
        number: 'CN-2026-900001',
        accountId: tradeA!.id,
        invoiceId: invoice!.id,
        amount: 1_000,
        reason: 'Short weight',
        vatAmount: 153,
        issuedAt: new Date(),
        issuedBy: customerId,
      })
      .returning();
    world.creditNoteA = note!.id;
    world.invoiceTrackingA = 'INV-TRACK-A-0001';
    await db.insert(tradeInvoicePaymentAttempts).values({
      accountId: tradeA!.id,
      invoiceId: invoice!.id,
      userId: customerId,
      provider: app.deps.payments!.name,
      merchantReference: 'INV-2026-900001-A',
      orderTrackingId: world.invoiceTrackingA,
      amount: 9_000,
    });
    await insertPaymentAttempt(db, {
      orderId: pendingA.id,
      provider: app.deps.payments!.name,
      method: 'mtn_money',
      merchantReference: 'A-0001',
      amount: pendingA.totalAmount,
      currency: 'UGX',
      orderTrackingId: world.trackingA,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has an access rule on every API route', () => {
    const api = apiRoutes(t);
    expect(api.length).toBeGreaterThan(3);
    for (const r of api) expect(r.config?.access, `${r.method} ${r.url}`).toBeTruthy();
  });

  it('refuses every caller a route does not admit', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const r of apiRoutes(t)) {
      const access = r.config!.access!;
      if (access === 'visitor') continue;
      const methods = Array.isArray(r.method) ? r.method : [r.method];
      const url = r.url.replace(/:[A-Za-z_]+/g, FAKE_ID).replace('*', 'x');
      for (const method of methods) {
        for (const caller of Object.keys(cookies) as Caller[]) {
          if (ADMITS[access].includes(caller)) continue;
          const res = await call(method, url, caller, method === 'GET' || method === 'DELETE' ? undefined : {});
          checked++;
          const expected = caller === 'visitor' ? 401 : 403;
          if (res.statusCode !== expected) failures.push(`${method} ${r.url} as ${caller}: ${res.statusCode} (expected ${expected})`);
          else if (!res.json().error?.code) failures.push(`${method} ${r.url} as ${caller}: body not in the error shape`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('declares whose thing every id-bearing route touches', () => {
    const undeclared = apiRoutes(t)
      .filter((r) => r.url.includes(':') && !['admin', 'visitor'].includes(r.config!.access!))
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => key(m, r.url)))
      .filter((k) => !OWNED[k] && !PUBLIC_IDS.has(k));
    expect(undeclared).toEqual([]);
    // And every declared case is a real route (a renamed route must not leave a dead entry behind).
    const real = new Set(apiRoutes(t).flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => key(m, r.url))));
    expect(Object.keys(OWNED).filter((k) => !real.has(k))).toEqual([]);
  });

  it("refuses ids that belong to someone else (customer B's order, rider B's delivery, outlet Y's staff)", async () => {
    const failures: string[] = [];
    for (const [route, c] of Object.entries(OWNED)) {
      const method = route.split(' ')[0]!;
      const access = apiRoutes(t).find((r) => key(String(r.method), r.url) === route)!.config!.access!;
      for (const caller of c.denied) {
        expect(ADMITS[access], `${route}: ${caller} must pass the role gate for this check to mean anything`).toContain(caller);
        const { url, payload, headers } = c.request(world);
        const res = await call(method, url, caller, payload, headers);
        if (res.statusCode !== 403 && res.statusCode !== 404)
          failures.push(`${route} as ${caller}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (!res.json().error?.code) failures.push(`${route} as ${caller}: body not in the error shape`);
      }
      for (const caller of c.owners ?? []) {
        const { url, payload } = c.request(world);
        const res = await call(method, url, caller, payload);
        if (res.statusCode !== 200) failures.push(`${route} as owner ${caller}: ${res.statusCode} (expected 200)`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("lists only the caller's own things", async () => {
    for (const l of LISTS) {
      const other = await call('GET', l.url, l.caller);
      expect(other.statusCode, l.url).toBe(200);
      expect(other.body, `${l.url} as ${l.caller}`).not.toContain(l.mustNotContain(world));
      if (l.mustContain) {
        const own = await call('GET', l.url, l.mustContain);
        expect(own.body, `${l.url} as ${l.mustContain}`).toContain(l.mustNotContain(world));
      }
    }
    // Customer B sees their own order (the fixture is real), and nobody else's.
    const mine = await call('GET', '/api/orders', 'customerB');
    expect(mine.body).toContain(world.orderB);
  });

  it("state did not change through the refused calls (A's order still assigned to rider A, staff X still active)", async () => {
    const db = t.database.db;
    const [a] = await db.select().from(orders).where(eq(orders.id, world.orderA));
    expect(a!.status).toBe('assigned');
    const [p] = await db.select().from(orders).where(eq(orders.id, world.pendingA));
    expect(p!.status).toBe('pending');
    expect(p!.readyAt).toBeNull();
    const [s] = await db.select().from(outletEmployees).where(eq(outletEmployees.id, world.staffX));
    expect(s!.isActive).toBe(true);
    const [m] = await db.select().from(tradeMembers).where(eq(tradeMembers.userId, world.memberA));
    expect(m).toMatchObject({ role: 'buyer', approvalLimit: 100_000 });
    expect(await db.select().from(tradeInvitations).where(eq(tradeInvitations.id, world.inviteA))).toHaveLength(1);
  });

  it('refuses every back-office route to staff whose role lacks its permission, and admits staff whose role has it', async () => {
    // One staff member per permission, each with a custom role holding only that permission.
    const byPermission = new Map<Permission, string>();
    for (const p of PERMISSION_NAMES) {
      const role = await makeStaffRole(t.app, `only-${p.replace('.', '-')}`, [p]);
      byPermission.set(p, (await makeStaff(t.app, `staff-${p}@example.com`, role)).cookie);
    }
    const asList = (rule: PermissionRule) => (typeof rule === 'string' ? [rule] : [...rule]);
    const failures: string[] = [];
    let refused = 0;
    let admitted = 0;
    let n = 0;
    for (const r of apiRoutes(t).filter((x) => x.url.startsWith('/api/admin/'))) {
      const rule = asList(r.config!.permission!);
      const url = r.url.replace(/:[A-Za-z_]+/g, FAKE_ID).replace('*', 'x');
      // Everyone who holds the rule's permissions, and three who do not, taken in turn so that every
      // permission's holder is refused many routes (all of them at once would be ~1,500 requests).
      const lacking = PERMISSION_NAMES.filter((p) => !rule.includes(p));
      const callers = [...rule, ...[0, 5, 10].map((k) => lacking[(n + k) % lacking.length]!)];
      n++;
      for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
        const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
        for (const p of new Set(callers)) {
          const cookie = byPermission.get(p)!;
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { origin: ORIGIN, cookie },
            ...(payload === undefined ? {} : { payload }),
          });
          if (rule.includes(p)) {
            admitted++;
            if (res.statusCode === 401 || res.statusCode === 403)
              failures.push(`${method} ${r.url} with ${p}: ${res.statusCode} ${res.body.slice(0, 100)} (expected admitted)`);
          } else {
            refused++;
            const message = res.json().error?.message ?? '';
            if (res.statusCode !== 403 || !message.includes('does not allow this'))
              failures.push(`${method} ${r.url} with only ${p}: ${res.statusCode} ${message} (expected 403)`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(admitted).toBeGreaterThan(80);
    expect(refused).toBeGreaterThan(250);
  }, 120_000);

  it('names the missing permission in the refusal', async () => {
    const { cookie } = await makeStaff(t.app, 'dispatch-desk@example.com', 'dispatcher');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { origin: ORIGIN, cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      'Your role (Dispatcher) does not allow this. It needs the permission “Shop settings”; ask the shop owner.',
    );
  });

  function call(method: string, url: string, caller: Caller, payload?: unknown, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: { origin: ORIGIN, ...headers, ...(cookies[caller] ? { cookie: cookies[caller] } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
});

async function signUpRider(t: TestContext, email: string) {
  const { createAccount } = await import('../src/modules/accounts/accounts.service.ts');
  const { app, database } = t;
  await createAccount(database.db, app.deps.auth, { email, password: 'password123', fullName: 'Idle Rider' }, new Headers(), async (id) => {
    await database.db.insert(deliveryRiders).values({ id, email, fullName: 'Idle Rider', phone: '+256752000001' });
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: ORIGIN },
    payload: { email, password: 'password123' },
  });
  return cookieFrom(res.headers['set-cookie']);
}

async function makeInactiveEmployee(t: TestContext, outletId: string, roleId: number) {
  const { createAccount } = await import('../src/modules/accounts/accounts.service.ts');
  const { users } = await import('../src/db/schema/accounts.ts');
  const { app, database } = t;
  const email = 'inactive-employee@example.com';
  await createAccount(
    database.db,
    app.deps.auth,
    { email, password: 'password123', fullName: 'Former Staff' },
    new Headers(),
    async (id) => {
      await database.db.insert(users).values({ id, email, fullName: 'Former Staff' });
      await database.db.insert(outletEmployees).values({ userId: id, outletId, roleId, isActive: false });
    },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: ORIGIN },
    payload: { email, password: 'password123' },
  });
  return cookieFrom(res.headers['set-cookie']);
}
