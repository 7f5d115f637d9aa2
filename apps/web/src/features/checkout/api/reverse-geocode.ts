/** GET /api/geo/reverse: the address at a clicked or dragged map point. */
import type { GeoPlace } from '@meatshop/shared/geo';
import { api } from '@/lib/api-client';

export async function reverseGeocode(lat: number, lng: number, signal?: AbortSignal): Promise<GeoPlace> {
  const res = await api.get<{ place: GeoPlace }>('/api/geo/reverse', { query: { lat, lng }, signal, retries: 0 });
  return res.place;
}
