/** Newsletter subscriptions (the coming-soon sign-up). */
import type { Tx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/notifications.ts';

/** Inserts unless the email is already there; returns undefined on a duplicate. */
export async function insertSubscription(tx: Tx, email: string, type: string) {
  const [row] = await tx.insert(subscriptions).values({ email, type }).onConflictDoNothing({ target: subscriptions.email }).returning();
  return row;
}
