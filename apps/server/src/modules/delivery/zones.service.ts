/**
 * Delivery zones. Checkout charges the fee of the smallest active zone that contains
 * the delivery point; with no zones at all the shop's default fee applies (spec: flat UGX 5,000);
 * with zones but none containing the point the order is refused with a clear message.
 */
import type { ShopSettings } from '@meatshop/shared/shop-settings';
import type { AdminZoneInput, AdminZoneUpdateInput, DeliveryZone } from '@meatshop/shared/delivery-zones';
import { OUTSIDE_DELIVERY_AREA } from '@meatshop/shared/delivery-zones';
import { distanceKm } from '@meatshop/shared/geo';
import type { Tx } from '../../db/client.ts';
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

export async function createZone(tx: Tx, input: AdminZoneInput) {
  const exists = (await listZones(tx)).some((z) => z.name.toLowerCase() === input.name.trim().toLowerCase());
  if (exists) throw conflict('A zone with this name already exists.');
  return toZone(await insertZone(tx, { ...input, isActive: input.isActive ?? true }));
}

export async function editZone(tx: Tx, id: string, patch: AdminZoneUpdateInput) {
  if (!(await findZoneById(tx, id))) throw notFound('Zone not found');
  if (patch.name) {
    const name = patch.name.trim().toLowerCase();
    if ((await listZones(tx)).some((z) => z.id !== id && z.name.toLowerCase() === name))
      throw conflict('A zone with this name already exists.');
  }
  const row = await updateZone(tx, id, patch);
  return toZone(row!);
}

export async function removeZone(tx: Tx, id: string) {
  if (!(await deleteZone(tx, id))) throw notFound('Zone not found');
}

export { countZones };
