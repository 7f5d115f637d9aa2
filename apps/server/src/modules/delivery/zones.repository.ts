/** Queries for delivery zones. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deliveryZones } from '../../db/schema/zones.ts';

export type ZoneRow = typeof deliveryZones.$inferSelect;
export type NewZone = typeof deliveryZones.$inferInsert;

export const listZones = (tx: Tx) => tx.select().from(deliveryZones).orderBy(asc(deliveryZones.radiusKm), asc(deliveryZones.name));

export async function findZoneById(tx: Tx, id: string) {
  const [row] = await tx.select().from(deliveryZones).where(eq(deliveryZones.id, id)).limit(1);
  return row;
}

export async function insertZone(tx: Tx, values: NewZone) {
  const [row] = await tx.insert(deliveryZones).values(values).returning();
  return row!;
}

export async function updateZone(tx: Tx, id: string, values: Partial<NewZone>) {
  const [row] = await tx.update(deliveryZones).set(values).where(eq(deliveryZones.id, id)).returning();
  return row;
}

export async function deleteZone(tx: Tx, id: string) {
  const rows = await tx.delete(deliveryZones).where(eq(deliveryZones.id, id)).returning({ id: deliveryZones.id });
  return rows.length > 0;
}

export async function countZones(tx: Tx) {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(deliveryZones);
  return row?.n ?? 0;
}
