/** The queries of trade accounts: the accounts, their tiers, members and invitations, and their orders. */
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { orders } from '../../db/schema/orders.ts';
import { tradeAccounts, tradeInvitations, tradeMembers, tradeTiers } from '../../db/schema/trade.ts';

export type TradeAccountRow = typeof tradeAccounts.$inferSelect & { tierName: string | null };

const accountColumns = {
  id: tradeAccounts.id,
  businessName: tradeAccounts.businessName,
  tin: tradeAccounts.tin,
  address: tradeAccounts.address,
  lat: tradeAccounts.lat,
  lng: tradeAccounts.lng,
  contactName: tradeAccounts.contactName,
  contactPhone: tradeAccounts.contactPhone,
  weeklyVolume: tradeAccounts.weeklyVolume,
  status: tradeAccounts.status,
  declineReason: tradeAccounts.declineReason,
  tierId: tradeAccounts.tierId,
  appliedBy: tradeAccounts.appliedBy,
  decidedAt: tradeAccounts.decidedAt,
  termsDays: tradeAccounts.termsDays,
  creditLimit: tradeAccounts.creditLimit,
  createdAt: tradeAccounts.createdAt,
  updatedAt: tradeAccounts.updatedAt,
  tierName: tradeTiers.name,
};

export async function insertTradeAccount(tx: Tx, values: typeof tradeAccounts.$inferInsert) {
  const [row] = await tx.insert(tradeAccounts).values(values).returning();
  return row!;
}

export async function findTradeAccountById(tx: Tx, id: string, lock = false): Promise<TradeAccountRow | undefined> {
  const q = tx
    .select(accountColumns)
    .from(tradeAccounts)
    .leftJoin(tradeTiers, eq(tradeTiers.id, tradeAccounts.tierId))
    .where(eq(tradeAccounts.id, id));
  const [row] = lock ? await q.for('update', { of: tradeAccounts }) : await q;
  return row;
}

export async function updateTradeAccount(tx: Tx, id: string, values: Partial<typeof tradeAccounts.$inferInsert>) {
  await tx.update(tradeAccounts).set(values).where(eq(tradeAccounts.id, id));
}

/** Every account with its owner's email and member count; one status or all, newest first. */
export async function findTradeAccounts(tx: Tx, status?: string) {
  const memberCount = sql<number>`(SELECT count(*)::int FROM ${tradeMembers} m WHERE m.account_id = ${tradeAccounts.id})`;
  return tx
    .select({ ...accountColumns, ownerEmail: users.email, members: memberCount })
    .from(tradeAccounts)
    .leftJoin(tradeTiers, eq(tradeTiers.id, tradeAccounts.tierId))
    .innerJoin(users, eq(users.id, tradeAccounts.appliedBy))
    .where(status ? eq(tradeAccounts.status, status) : undefined)
    .orderBy(desc(tradeAccounts.createdAt))
    .limit(500);
}

export async function findTradeTiers(tx: Tx) {
  return tx.select({ id: tradeTiers.id, name: tradeTiers.name }).from(tradeTiers).orderBy(asc(tradeTiers.name));
}

export async function insertTradeTier(tx: Tx, values: typeof tradeTiers.$inferInsert) {
  await tx.insert(tradeTiers).values(values);
}

export async function findTradeTierById(tx: Tx, id: string) {
  const [row] = await tx.select().from(tradeTiers).where(eq(tradeTiers.id, id));
  return row;
}

/** The caller's membership and its account (any status), with their name as orders record it. */
export async function findMembershipByUserId(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      role: tradeMembers.role,
      approvalLimit: tradeMembers.approvalLimit,
      accountId: tradeMembers.accountId,
      fullName: users.fullName,
    })
    .from(tradeMembers)
    .innerJoin(users, eq(users.id, tradeMembers.userId))
    .where(eq(tradeMembers.userId, userId));
  return row;
}

export async function insertTradeMember(tx: Tx, values: typeof tradeMembers.$inferInsert) {
  await tx.insert(tradeMembers).values(values);
}

export async function findTradeMembers(tx: Tx, accountId: string) {
  return tx
    .select({
      userId: tradeMembers.userId,
      fullName: users.fullName,
      email: users.email,
      role: tradeMembers.role,
      approvalLimit: tradeMembers.approvalLimit,
      joinedAt: tradeMembers.createdAt,
    })
    .from(tradeMembers)
    .innerJoin(users, eq(users.id, tradeMembers.userId))
    .where(eq(tradeMembers.accountId, accountId))
    .orderBy(sql`${tradeMembers.role} = 'owner' DESC`, asc(users.fullName));
}

export async function findTradeMember(tx: Tx, accountId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(tradeMembers)
    .where(and(eq(tradeMembers.accountId, accountId), eq(tradeMembers.userId, userId)));
  return row;
}

export async function updateTradeMember(tx: Tx, accountId: string, userId: string, values: { role: string; approvalLimit: number | null }) {
  await tx
    .update(tradeMembers)
    .set(values)
    .where(and(eq(tradeMembers.accountId, accountId), eq(tradeMembers.userId, userId)));
}

export async function deleteTradeMember(tx: Tx, accountId: string, userId: string) {
  await tx.delete(tradeMembers).where(and(eq(tradeMembers.accountId, accountId), eq(tradeMembers.userId, userId)));
}

/** Members and invitations still open: what counts against the account's size. */
export async function countSeats(tx: Tx, accountId: string, now: Date) {
  const [m] = await tx.select({ n: count() }).from(tradeMembers).where(eq(tradeMembers.accountId, accountId));
  const [i] = await tx
    .select({ n: count() })
    .from(tradeInvitations)
    .where(and(eq(tradeInvitations.accountId, accountId), gt(tradeInvitations.expiresAt, now)));
  return (m?.n ?? 0) + (i?.n ?? 0);
}

export async function findOpenInvitations(tx: Tx, accountId: string, now: Date) {
  return tx
    .select({
      id: tradeInvitations.id,
      email: tradeInvitations.email,
      role: tradeInvitations.role,
      approvalLimit: tradeInvitations.approvalLimit,
      expiresAt: tradeInvitations.expiresAt,
      createdAt: tradeInvitations.createdAt,
    })
    .from(tradeInvitations)
    .where(and(eq(tradeInvitations.accountId, accountId), gt(tradeInvitations.expiresAt, now)))
    .orderBy(desc(tradeInvitations.createdAt));
}

/** An expired invitation to the same email is replaced by a new one (the unique key is per account and email). */
export async function deleteInvitationByEmail(tx: Tx, accountId: string, email: string) {
  await tx.delete(tradeInvitations).where(and(eq(tradeInvitations.accountId, accountId), eq(tradeInvitations.email, email)));
}

export async function findInvitationByEmail(tx: Tx, accountId: string, email: string) {
  const [row] = await tx
    .select()
    .from(tradeInvitations)
    .where(and(eq(tradeInvitations.accountId, accountId), eq(tradeInvitations.email, email)));
  return row;
}

export async function insertInvitation(tx: Tx, values: typeof tradeInvitations.$inferInsert) {
  const [row] = await tx.insert(tradeInvitations).values(values).returning();
  return row!;
}

export async function findInvitationByTokenHash(tx: Tx, tokenHash: string, lock = false) {
  const q = tx
    .select({
      id: tradeInvitations.id,
      accountId: tradeInvitations.accountId,
      email: tradeInvitations.email,
      role: tradeInvitations.role,
      approvalLimit: tradeInvitations.approvalLimit,
      expiresAt: tradeInvitations.expiresAt,
      businessName: tradeAccounts.businessName,
      invitedBy: users.fullName,
    })
    .from(tradeInvitations)
    .innerJoin(tradeAccounts, eq(tradeAccounts.id, tradeInvitations.accountId))
    .innerJoin(users, eq(users.id, tradeInvitations.invitedBy))
    .where(eq(tradeInvitations.tokenHash, tokenHash));
  const [row] = lock ? await q.for('update', { of: tradeInvitations }) : await q;
  return row;
}

export async function findInvitationById(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(tradeInvitations)
    .where(and(eq(tradeInvitations.accountId, accountId), eq(tradeInvitations.id, id)));
  return row;
}

export async function deleteInvitation(tx: Tx, id: string) {
  await tx.delete(tradeInvitations).where(eq(tradeInvitations.id, id));
}

/** The business's orders, newest first, with who placed each (by name as the profile has it now). */
export async function findTradeOrders(tx: Tx, accountId: string) {
  return tx
    .select({
      id: orders.id,
      status: orders.status,
      totalAmount: orders.totalAmount,
      paymentMethod: orders.paymentMethod,
      placedBy: users.fullName,
      createdAt: orders.createdAt,
      cancelReason: orders.cancelReason,
      approvalByName: orders.approvalByName,
      approvalAt: orders.approvalAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.tradeAccountId, accountId))
    .orderBy(desc(orders.createdAt))
    .limit(200);
}
