/** Place search and reverse lookup for the map picker (spec sections 3 and 7). */
import { z } from 'zod';
import { EAST_AFRICA_BBOX } from './constants.ts';
import { PAYMENT_METHODS } from './status.ts';

/** The map picker's address result. */
export const GeoPlace = z.object({
  formattedAddress: z.string(),
  lat: z.number(),
  lng: z.number(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type GeoPlace = z.infer<typeof GeoPlace>;

export const GeoSearchQuery = z.object({ q: z.string().trim().min(2, 'Type at least 2 characters').max(120) });
export const GeoSearchResponse = z.object({ results: z.array(GeoPlace).max(5) });

export const latitude = z.coerce.number().min(-90).max(90);
export const longitude = z.coerce.number().min(-180).max(180);
export const GeoReverseQuery = z.object({ lat: latitude, lng: longitude });
export const GeoReverseResponse = z.object({ place: GeoPlace });

const [west, south, east, north] = EAST_AFRICA_BBOX;
export function insideEastAfrica(lat: number, lng: number) {
  return lat >= south && lat <= north && lng >= west && lng <= east;
}

export const PublicConfig = z.object({
  mapTilesUrl: z.string(),
  /** The payment methods the shop takes now: cash on delivery only when no payment provider is set up. */
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

const EARTH_RADIUS_KM = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;

/**
 * Great-circle distance in km (haversine), good to a few metres at city scale: the one distance the
 * shop uses, for delivery zones, the nearest outlet, dispatch ranking, tracking and rider pay.
 */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** One decimal, as a rider and an admin see a distance. */
export const roundKm = (km: number) => Math.round(km * 10) / 10;
