/** A customer's saved delivery addresses (newest first; the first one is the default). */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { savedAddresses } from '../../db/schema/accounts.ts';

export async function findSavedAddressesByUserId(tx: Tx, userId: string) {
  return tx.select().from(savedAddresses).where(eq(savedAddresses.userId, userId)).orderBy(desc(savedAddresses.createdAt)).limit(50);
}

/** Inserts an address; it becomes the default when the customer has none yet (decided in the same statement). */
export async function insertSavedAddress(tx: Tx, userId: string, v: { address: string; lat: number; lng: number }) {
  const [row] = await tx
    .insert(savedAddresses)
    .values({
      userId,
      address: v.address,
      lat: v.lat,
      lng: v.lng,
      isDefault: sql`NOT EXISTS (SELECT 1 FROM saved_addresses WHERE user_id = ${userId})`,
    })
    .returning();
  return row!;
}

export async function countSavedAddresses(tx: Tx, userId: string) {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(savedAddresses).where(eq(savedAddresses.userId, userId));
  return row?.n ?? 0;
}

export async function deleteSavedAddress(tx: Tx, userId: string, id: string) {
  const [row] = await tx
    .delete(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
    .returning({ id: savedAddresses.id });
  return row;
}
