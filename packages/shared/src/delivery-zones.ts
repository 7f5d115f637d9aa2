/** Delivery zones: a centre and radius on the map, each with its delivery fee. */
import { z } from 'zod';

export const OUTSIDE_DELIVERY_AREA = 'Sorry, we do not deliver to this location yet. Please choose a point inside our delivery area.';

export const AdminZoneInput = z.object({
  name: z.string().trim().min(1, 'Zone name is required').max(80),
  centerLat: z.number().min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
  centerLng: z.number().min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180'),
  radiusKm: z.number().gt(0, 'Radius must be more than 0 km').max(200, 'Radius must be at most 200 km'),
  fee: z.number().int('Fee must be a whole number of shillings').min(0, 'Fee cannot be negative').max(1_000_000),
  isActive: z.boolean().default(true),
});
export type AdminZoneInput = z.input<typeof AdminZoneInput>;

export const AdminZoneUpdateInput = AdminZoneInput.partial();
export type AdminZoneUpdateInput = z.infer<typeof AdminZoneUpdateInput>;

export const ZoneIdParams = z.object({ id: z.uuid('Unknown zone') });

export const DeliveryZone = z.object({
  id: z.string(),
  name: z.string(),
  centerLat: z.number(),
  centerLng: z.number(),
  radiusKm: z.number(),
  fee: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeliveryZone = z.infer<typeof DeliveryZone>;

export const DeliveryZoneList = z.object({ zones: z.array(DeliveryZone) });

export const DeliveryFeeQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});

/** The fee for a point; `zone` is null when no zones are defined and the default fee applies. */
export const DeliveryFeeResponse = z.object({ fee: z.number(), zone: z.string().nullable() });
export type DeliveryFeeResponse = z.infer<typeof DeliveryFeeResponse>;
