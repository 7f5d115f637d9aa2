/** The simulator's ledger (payment_simulator_transactions): the only code that touches it. */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { paymentSimulatorTransactions } from '../../../db/schema/payment-simulator.ts';

export type SimulatorTransaction = typeof paymentSimulatorTransactions.$inferSelect;

export async function insertSimulatorTransaction(tx: Tx, row: typeof paymentSimulatorTransactions.$inferInsert) {
  const [created] = await tx.insert(paymentSimulatorTransactions).values(row).returning();
  return created!;
}

export async function findSimulatorTransaction(tx: Tx, trackingId: string): Promise<SimulatorTransaction | undefined> {
  const [row] = await tx
    .select()
    .from(paymentSimulatorTransactions)
    .where(eq(paymentSimulatorTransactions.trackingId, trackingId))
    .limit(1);
  return row;
}

/** Settles a pending transaction once; a second answer (double submit, back button) changes nothing. */
export async function settleSimulatorTransaction(
  tx: Tx,
  trackingId: string,
  result: { status: 'completed' | 'failed'; statusDescription: string; confirmationCode: string },
) {
  const [row] = await tx
    .update(paymentSimulatorTransactions)
    .set(result)
    .where(and(eq(paymentSimulatorTransactions.trackingId, trackingId), eq(paymentSimulatorTransactions.status, 'pending')))
    .returning();
  return row;
}

/**
 * Refunds a completed transaction once (Pesapal allows one refund per payment); the transaction
 * then reads REVERSED. Returns nothing when it was not completed or is already refunded.
 */
export async function refundSimulatorTransaction(tx: Tx, trackingId: string, refund: { amount: number; remarks: string }) {
  const [row] = await tx
    .update(paymentSimulatorTransactions)
    .set({
      status: 'reversed',
      statusDescription: `Refunded: ${refund.remarks}`.slice(0, 300),
      refundedAmount: refund.amount,
      refundRemarks: refund.remarks,
      refundedAt: new Date(),
    })
    .where(
      and(
        eq(paymentSimulatorTransactions.trackingId, trackingId),
        eq(paymentSimulatorTransactions.status, 'completed'),
        eq(paymentSimulatorTransactions.refundedAmount, 0),
        lte(sql`${refund.amount}`, paymentSimulatorTransactions.amount),
      ),
    )
    .returning();
  return row;
}
