/** Place search and reverse lookup for the map picker (spec sections 3 and 7). */
import { z } from 'zod';
import { EAST_AFRICA_BBOX } from './constants.ts';
import { PAYMENT_METHODS } from './status.ts';

/** The map picker's address result (spec section 3). */
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
