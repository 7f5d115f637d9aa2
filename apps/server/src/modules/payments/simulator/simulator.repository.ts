/** The simulator's ledger (payment_simulator_transactions): the only code that touches it. */
import { and, eq } from 'drizzle-orm';
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
