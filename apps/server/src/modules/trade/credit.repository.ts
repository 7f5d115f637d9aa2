/** The queries of pay on account: the business's row locked for a charge, and what it owes now. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { tradeAccounts } from '../../db/schema/trade.ts';

/** The account's credit facts, its row locked until COMMIT: charges on one business run one at a time. */
export async function lockAccountForCredit(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({
      id: tradeAccounts.id,
      businessName: tradeAccounts.businessName,
      status: tradeAccounts.status,
      termsDays: tradeAccounts.termsDays,
      creditLimit: tradeAccounts.creditLimit,
    })
    .from(tradeAccounts)
    .where(eq(tradeAccounts.id, accountId))
    .for('update')
    .limit(1);
  return row;
}

/**
 * What the business owes on account: every on-account order not cancelled. Read after the lock, so
 * (read committed) it sees the orders of every charge that held the lock before.
 */
export async function findOnAccountExposure(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::bigint` })
    .from(orders)
    .where(and(eq(orders.tradeAccountId, accountId), eq(orders.paymentMethod, 'on_account'), ne(orders.status, 'cancelled')));
  return Number(row?.total ?? 0);
}
