/** Picks the outlet that fulfils an order: the nearest active outlet to the delivery point. */
import type { Tx } from '../../db/client.ts';
import { distanceKm } from '@meatshop/shared/geo';
import { findActiveOutletPositions } from './orders.repository.ts';

export async function nearestActiveOutlet(tx: Tx, lat: number, lng: number): Promise<string | null> {
  const candidates = await findActiveOutletPositions(tx);
  let best: { id: string; km: number } | null = null;
  for (const o of candidates) {
    const km = distanceKm(lat, lng, o.lat, o.lng);
    if (!best || km < best.km) best = { id: o.id, km };
  }
  return best?.id ?? null;
}
