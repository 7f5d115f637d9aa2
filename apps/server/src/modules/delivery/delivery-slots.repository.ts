/** Queries for delivery slot bookings: one counter row per slot start. */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deliverySlotBookings } from '../../db/schema/delivery-ops.ts';
import { orders } from '../../db/schema/orders.ts';

/** The booked count of each of these slot starts that has a counter row. */
export function findBookedCounts(tx: Tx, starts: Date[]) {
  return tx
    .select({ start: deliverySlotBookings.slotStart, booked: deliverySlotBookings.booked })
    .from(deliverySlotBookings)
    .where(inArray(deliverySlotBookings.slotStart, starts));
}

/**
 * Counts one place in the slot only while `booked < capacity` (a conditional upsert: on PostgreSQL a
 * racing order waits for the row lock and re-checks). False when the slot is full.
 */
export async function incrementSlotBooking(tx: Tx, start: Date, capacity: number): Promise<boolean> {
  const rows = await tx
    .insert(deliverySlotBookings)
    .values({ slotStart: start, booked: 1 })
    .onConflictDoUpdate({
      target: deliverySlotBookings.slotStart,
      set: { booked: sql`${deliverySlotBookings.booked} + 1`, updatedAt: new Date() },
      setWhere: sql`${deliverySlotBookings.booked} < ${capacity}`,
    })
    .returning({ booked: deliverySlotBookings.booked });
  return rows.length === 1;
}

/** Gives one place back, never below zero. */
export async function decrementSlotBooking(tx: Tx, start: Date) {
  await tx
    .update(deliverySlotBookings)
    .set({ booked: sql`${deliverySlotBookings.booked} - 1`, updatedAt: new Date() })
    .where(and(eq(deliverySlotBookings.slotStart, start), gt(deliverySlotBookings.booked, 0)));
}

/** The start of the order's slot (null for "as soon as possible"); undefined when there is no such order. */
export async function findOrderSlotStart(tx: Tx, orderId: string) {
  const [row] = await tx.select({ start: orders.deliverySlotStart }).from(orders).where(eq(orders.id, orderId));
  return row;
}
