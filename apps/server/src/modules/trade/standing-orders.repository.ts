/** The queries of standing orders: the orders, their one-day overrides, and the job's runs (its claims). */
import type { ReducedLine, RunStatus, StandingOrderLine } from '@meatshop/shared/standing-orders';
import { and, asc, desc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { products } from '../../db/schema/catalog.ts';
import { standingOrderOverrides, standingOrderRuns, standingOrders } from '../../db/schema/standing-orders.ts';
import { tradeAccounts, tradeMembers } from '../../db/schema/trade.ts';

export type StandingOrderRow = typeof standingOrders.$inferSelect;
export type OverrideRow = typeof standingOrderOverrides.$inferSelect;
export type RunRow = typeof standingOrderRuns.$inferSelect;

export async function insertStandingOrder(tx: Tx, values: typeof standingOrders.$inferInsert) {
  const [row] = await tx.insert(standingOrders).values(values).returning();
  return row!;
}

export async function updateStandingOrder(tx: Tx, id: string, values: Partial<typeof standingOrders.$inferInsert>) {
  await tx.update(standingOrders).set(values).where(eq(standingOrders.id, id));
}

/** One standing order of this business (another business's id finds nothing). */
export async function findStandingOrder(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(standingOrders)
    .where(and(eq(standingOrders.accountId, accountId), eq(standingOrders.id, id)));
  return row;
}

export async function findStandingOrdersOfAccount(tx: Tx, accountId: string) {
  return tx.select().from(standingOrders).where(eq(standingOrders.accountId, accountId)).orderBy(asc(standingOrders.createdAt));
}

export async function findOverrides(tx: Tx, standingOrderIds: string[]) {
  if (!standingOrderIds.length) return [];
  return tx.select().from(standingOrderOverrides).where(inArray(standingOrderOverrides.standingOrderId, standingOrderIds));
}

export async function findOverride(tx: Tx, standingOrderId: string, deliveryDate: string) {
  const [row] = await tx
    .select()
    .from(standingOrderOverrides)
    .where(and(eq(standingOrderOverrides.standingOrderId, standingOrderId), eq(standingOrderOverrides.deliveryDate, deliveryDate)));
  return row;
}

export async function upsertOverride(
  tx: Tx,
  values: { standingOrderId: string; deliveryDate: string; skipped: boolean; lines: StandingOrderLine[] | null; updatedBy: string },
) {
  await tx
    .insert(standingOrderOverrides)
    .values(values)
    .onConflictDoUpdate({
      target: [standingOrderOverrides.standingOrderId, standingOrderOverrides.deliveryDate],
      set: { skipped: values.skipped, lines: values.lines, updatedBy: values.updatedBy, updatedAt: new Date() },
    });
}

export async function deleteOverride(tx: Tx, standingOrderId: string, deliveryDate: string) {
  await tx
    .delete(standingOrderOverrides)
    .where(and(eq(standingOrderOverrides.standingOrderId, standingOrderId), eq(standingOrderOverrides.deliveryDate, deliveryDate)));
}

/** The business's runs, newest first. */
export async function findRunsOfAccount(tx: Tx, accountId: string, limit: number) {
  return tx
    .select({ run: standingOrderRuns })
    .from(standingOrderRuns)
    .innerJoin(standingOrders, eq(standingOrders.id, standingOrderRuns.standingOrderId))
    .where(eq(standingOrders.accountId, accountId))
    .orderBy(desc(standingOrderRuns.deliveryDate), desc(standingOrderRuns.createdAt))
    .limit(limit)
    .then((rows) => rows.map((r) => r.run));
}

export async function findProductNames(tx: Tx, ids: string[]) {
  if (!ids.length) return [];
  return tx
    .select({ id: products.id, name: products.name, isArchived: products.isArchived })
    .from(products)
    .where(inArray(products.id, ids));
}

/**
 * Active standing orders due on `deliveryDate` (its weekday) that have no run for it yet, created
 * before that date's cut-off: one set up after the cut-off starts with the next occurrence.
 */
export async function findDueStandingOrders(tx: Tx, deliveryDate: string, weekday: number, createdBefore: Date) {
  return tx
    .select()
    .from(standingOrders)
    .where(
      and(
        eq(standingOrders.status, 'active'),
        sql`${weekday} = ANY(${standingOrders.weekdays})`,
        lt(standingOrders.createdAt, createdBefore),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(standingOrderRuns)
            .where(and(eq(standingOrderRuns.standingOrderId, standingOrders.id), eq(standingOrderRuns.deliveryDate, deliveryDate))),
        ),
      ),
    )
    .orderBy(asc(standingOrders.createdAt));
}

/**
 * The claim: the run row goes in only if no instance has put it in before. On PostgreSQL a second
 * instance's INSERT waits for the first's COMMIT and then does nothing; the caller places only
 * when a row came back.
 */
export async function claimRun(tx: Tx, standingOrderId: string, deliveryDate: string) {
  const [row] = await tx
    .insert(standingOrderRuns)
    .values({ standingOrderId, deliveryDate })
    .onConflictDoNothing({ target: [standingOrderRuns.standingOrderId, standingOrderRuns.deliveryDate] })
    .returning({ id: standingOrderRuns.id });
  return row?.id;
}

export async function finishRun(
  tx: Tx,
  id: string,
  values: { status: RunStatus; orderId?: string | null; failure?: string | null; reduced?: ReducedLine[] },
  now: Date,
) {
  await tx
    .update(standingOrderRuns)
    .set({ ...values, finishedAt: now })
    .where(eq(standingOrderRuns.id, id));
}

/** Who the orders are placed as, and whether they may still order for the business. */
export async function findPlacingMember(tx: Tx, accountId: string, userId: string) {
  const [row] = await tx
    .select({
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      role: tradeMembers.role,
      accountStatus: tradeAccounts.status,
      businessName: tradeAccounts.businessName,
      address: tradeAccounts.address,
      lat: tradeAccounts.lat,
      lng: tradeAccounts.lng,
      contactPhone: tradeAccounts.contactPhone,
      memberAccountId: tradeMembers.accountId,
    })
    .from(users)
    .innerJoin(tradeAccounts, eq(tradeAccounts.id, accountId))
    .leftJoin(tradeMembers, and(eq(tradeMembers.userId, users.id), eq(tradeMembers.accountId, accountId)))
    .where(eq(users.id, userId));
  return row;
}

/** The business's owner: told when a standing order's own member can no longer be. */
export async function findAccountOwner(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({ fullName: users.fullName, email: users.email, phone: users.phone })
    .from(tradeMembers)
    .innerJoin(users, eq(users.id, tradeMembers.userId))
    .where(and(eq(tradeMembers.accountId, accountId), eq(tradeMembers.role, 'owner')));
  return row;
}

/**
 * Serialises a member's change of one occurrence with the job's claim of it: both take this row
 * lock first, so a change either lands before the claim (and is placed) or sees the claim and is refused.
 */
export async function lockStandingOrder(tx: Tx, id: string) {
  await tx.select({ id: standingOrders.id }).from(standingOrders).where(eq(standingOrders.id, id)).for('update');
}

export async function findRun(tx: Tx, standingOrderId: string, deliveryDate: string) {
  const [row] = await tx
    .select()
    .from(standingOrderRuns)
    .where(and(eq(standingOrderRuns.standingOrderId, standingOrderId), eq(standingOrderRuns.deliveryDate, deliveryDate)));
  return row;
}
