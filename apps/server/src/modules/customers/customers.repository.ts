/** Customers as the back office sees them: the list, one customer's records, notes and the block. */
import { and, desc, eq, ilike, inArray, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { containsPattern } from '../../platform/search-text.ts';
import { customerNotes, outletEmployees, savedAddresses, users } from '../../db/schema/accounts.ts';
import { user } from '../../db/schema/auth.ts';
import { customerMessages } from '../../db/schema/delivery-ops.ts';
import { orders } from '../../db/schema/orders.ts';
import { refunds } from '../../db/schema/refunds.ts';

/** Customers are the profiles that are neither admins nor outlet staff. */
const isCustomer = and(
  eq(users.isAdmin, false),
  notExists(sql`(select 1 from ${outletEmployees} where ${outletEmployees.userId} = ${users.id})`),
);

function customerSearch(text: string | undefined, phoneDigits: string | null): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(
    ilike(users.fullName, pattern),
    ilike(users.email, pattern),
    phoneDigits ? sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') like ${`%${phoneDigits}%`}` : undefined,
  );
}

/** One page of customers, newest first, with their order count, spend and last order; and the count. */
export async function findCustomerPage(tx: Tx, text: string | undefined, phoneDigits: string | null, offset: number, limit: number) {
  const where = and(isCustomer, customerSearch(text, phoneDigits));
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const total = counted?.n ?? 0;
  if (total === 0 || offset >= total) return { rows: [], total };
  const page = tx
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await tx
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      createdAt: users.createdAt,
      blockedAt: users.blockedAt,
      orders: sql<number>`count(${orders.id})::int`,
      spent: sql<number>`coalesce(sum(${orders.totalAmount}) filter (where ${orders.status} <> 'cancelled'), 0)::int`,
      lastOrderAt: sql<Date | null>`max(${orders.createdAt})`,
    })
    .from(users)
    .innerJoin(page, eq(page.id, users.id))
    .leftJoin(orders, eq(orders.userId, users.id))
    .groupBy(users.id)
    .orderBy(desc(users.createdAt), desc(users.id));
  return { rows, total };
}

export async function findCustomer(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      createdAt: users.createdAt,
      smsOptOut: users.smsOptOut,
      blockedAt: users.blockedAt,
      blockedReason: users.blockedReason,
    })
    .from(users)
    .where(and(eq(users.id, id), isCustomer));
  return row;
}

export function findCustomerAddresses(tx: Tx, id: string) {
  return tx
    .select({ id: savedAddresses.id, address: savedAddresses.address, isDefault: savedAddresses.isDefault })
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, id))
    .orderBy(desc(savedAddresses.isDefault), desc(savedAddresses.createdAt));
}

/** The customer's newest orders, by the (user_id, created_at) index. */
export function findCustomerOrders(tx: Tx, id: string, limit: number) {
  return tx
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      totalAmount: orders.totalAmount,
    })
    .from(orders)
    .where(eq(orders.userId, id))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

export function findRefundsOfOrders(tx: Tx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      amount: refunds.amount,
      status: refunds.state,
      reason: refunds.reason,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(desc(refunds.createdAt));
}

export function findMessagesOfOrders(tx: Tx, orderIds: string[], limit: number) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: customerMessages.id,
      orderId: customerMessages.orderId,
      channel: customerMessages.channel,
      event: customerMessages.event,
      status: customerMessages.status,
      createdAt: customerMessages.createdAt,
    })
    .from(customerMessages)
    .where(inArray(customerMessages.orderId, orderIds))
    .orderBy(desc(customerMessages.createdAt))
    .limit(limit);
}

export function findCustomerNotes(tx: Tx, id: string) {
  return tx
    .select({ id: customerNotes.id, authorName: customerNotes.authorName, text: customerNotes.text, createdAt: customerNotes.createdAt })
    .from(customerNotes)
    .where(eq(customerNotes.userId, id))
    .orderBy(desc(customerNotes.createdAt));
}

export async function insertCustomerNote(tx: Tx, values: typeof customerNotes.$inferInsert) {
  const [row] = await tx.insert(customerNotes).values(values).returning({
    id: customerNotes.id,
    authorName: customerNotes.authorName,
    text: customerNotes.text,
    createdAt: customerNotes.createdAt,
  });
  return row!;
}

/** Blocks (with a reason) or unblocks (reason null); false when no customer has this id. */
export async function setCustomerBlocked(tx: Tx, id: string, reason: string | null) {
  const rows = await tx
    .update(users)
    .set({ blockedAt: reason ? new Date() : null, blockedReason: reason, updatedAt: new Date() })
    .where(and(eq(users.id, id), isCustomer))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The customer with this phone number (E.164, as every form stores it), if any. */
export async function findCustomerByPhone(tx: Tx, phone: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isCustomer))
    .limit(1);
  return row;
}

export async function findUserIdByEmail(tx: Tx, email: string) {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  const [auth] = row ? [row] : await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return auth;
}

/**
 * A customer staff create while taking an order: the auth user (no password: they pay through the
 * link in their SMS and need no sign-in) and the profile, in the caller's transaction.
 */
export async function insertStaffCreatedCustomer(tx: Tx, values: { id: string; fullName: string; email: string; phone: string }) {
  await tx.insert(user).values({ id: values.id, name: values.fullName, email: values.email });
  const [row] = await tx
    .insert(users)
    .values({ id: values.id, email: values.email, fullName: values.fullName, phone: values.phone })
    .returning({ id: users.id, fullName: users.fullName, email: users.email, phone: users.phone });
  return row!;
}
