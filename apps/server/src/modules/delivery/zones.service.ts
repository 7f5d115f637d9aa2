/**
 * Delivery zones. Checkout charges the fee of the smallest active zone that contains
 * the delivery point; with no zones at all the shop's default fee applies (spec: flat UGX 5,000);
 * with zones but none containing the point the order is refused with a clear message.
 */
import type { ShopSettings } from '@meatshop/shared/shop-settings';
import type { AdminZoneInput, AdminZoneUpdateInput, DeliveryZone } from '@meatshop/shared/delivery-zones';
import { OUTSIDE_DELIVERY_AREA } from '@meatshop/shared/delivery-zones';
import { distanceKm } from '@meatshop/shared/geo';
import type { Db, Tx } from '../../db/client.ts';
import { type AuditActor, type AuditFields, changedFields, recordAudit } from '../audit/audit.service.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { countZones, deleteZone, findZoneById, insertZone, listZones, updateZone, type ZoneRow } from './zones.repository.ts';

export interface ZoneFee {
  fee: number;
  /** The zone charged, or null when no zone is defined and the default fee applies. */
  zone: { id: string; name: string } | null;
}

/** The delivery fee for a point; throws RULE_BROKEN (422) when zones exist and none contains it. */
export async function deliveryFeeFor(tx: Tx, lat: number, lng: number, settings?: Pick<ShopSettings, 'deliveryFee'>): Promise<ZoneFee> {
  const zones = await listZones(tx);
  if (zones.length === 0) return { fee: (settings ?? (await getShopSettings(tx))).deliveryFee, zone: null };
  // The smallest zone wins, so a close-in zone can charge less (or more) than the wide one around it.
  const inside = zones
    .filter((z) => z.isActive && distanceKm(z.centerLat, z.centerLng, lat, lng) <= z.radiusKm)
    .sort((a, b) => a.radiusKm - b.radiusKm);
  const zone = inside[0];
  if (!zone) throw new AppError('RULE_BROKEN', OUTSIDE_DELIVERY_AREA, { location: OUTSIDE_DELIVERY_AREA });
  return { fee: zone.fee, zone: { id: zone.id, name: zone.name } };
}

export function toZone(z: ZoneRow): DeliveryZone {
  return {
    id: z.id,
    name: z.name,
    centerLat: z.centerLat,
    centerLng: z.centerLng,
    radiusKm: z.radiusKm,
    fee: z.fee,
    isActive: z.isActive,
    createdAt: z.createdAt.toISOString(),
    updatedAt: z.updatedAt.toISOString(),
  };
}

export async function listDeliveryZones(tx: Tx) {
  return (await listZones(tx)).map(toZone);
}

/** What the trail keeps of a zone: what staff set, not its id or timestamps. */
function audited(z: ZoneRow): AuditFields {
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = toZone(z);
  return fields;
}

export async function createZone(tx: Tx, by: AuditActor, input: AdminZoneInput) {
  const exists = (await listZones(tx)).some((z) => z.name.toLowerCase() === input.name.trim().toLowerCase());
  if (exists) throw conflict('A zone with this name already exists.');
  const row = await insertZone(tx, { ...input, isActive: input.isActive ?? true });
  await recordAudit(tx, by, { entityType: 'zone', entityId: row.id, action: 'create', after: audited(row) });
  return toZone(row);
}

export async function editZone(tx: Tx, by: AuditActor, id: string, patch: AdminZoneUpdateInput) {
  const before = await findZoneById(tx, id);
  if (!before) throw notFound('Zone not found');
  if (patch.name) {
    const name = patch.name.trim().toLowerCase();
    if ((await listZones(tx)).some((z) => z.id !== id && z.name.toLowerCase() === name))
      throw conflict('A zone with this name already exists.');
  }
  const row = (await updateZone(tx, id, patch))!;
  await recordAudit(tx, by, { entityType: 'zone', entityId: id, action: 'update', ...changedFields(audited(before), audited(row)) });
  return toZone(row);
}

export async function removeZone(db: Db, by: AuditActor, id: string) {
  await db.transaction(async (tx) => {
    const before = await findZoneById(tx, id);
    if (!before || !(await deleteZone(tx, id))) throw notFound('Zone not found');
    await recordAudit(tx, by, { entityType: 'zone', entityId: id, action: 'delete', before: audited(before) });
  });
}

export { countZones };
