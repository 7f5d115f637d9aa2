/**
 * Live rider tracking and dispatch: the position the rider app sends, what
 * the customer's order page and the admin's dispatch map read, and how riders are ranked for an order.
 */
import { z } from 'zod';
import { calendarDateTime } from './text-rules.ts';

/** How often the rider app sends its position: while moving, and while standing still. */
export const POSITION_INTERVAL_MS = { moving: 15_000, still: 60_000 } as const;
/** Closer than this to the last sent position counts as standing still. */
export const STILL_METRES = 25;

/** A rider's open delivery counts as this many km of extra distance when ranking riders. */
export const LOAD_PENALTY_KM = 3;

/** Rough road speeds in Kampala traffic, for the arrival estimate. */
const SPEED_KMH: Record<string, number> = { motorcycle: 22, bicycle: 12 };
/** Roads are longer than the straight line. */
const ROAD_FACTOR = 1.3;

/** Minutes to cover a straight-line distance, rounded up, at least 1. */
export function etaMinutes(distanceKm: number, vehicleType: string): number {
  const speed = SPEED_KMH[vehicleType] ?? SPEED_KMH.motorcycle!;
  return Math.max(1, Math.ceil(((distanceKm * ROAD_FACTOR) / speed) * 60));
}

/** Ranking score for dispatch: lower is better. Riders with no known position rank after all others. */
export function dispatchScore(distanceKm: number | null, openDeliveries: number): number {
  return (distanceKm ?? 10_000) + LOAD_PENALTY_KM * openDeliveries;
}

export const RiderPositionInput = z.object({
  lat: z.number({ error: 'Latitude must be a number' }).min(-90).max(90),
  lng: z.number({ error: 'Longitude must be a number' }).min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).optional(),
  /** When the phone took it; a position queued offline is sent later with its own time. */
  recordedAt: calendarDateTime().optional(),
});
export type RiderPositionInput = z.infer<typeof RiderPositionInput>;

export const RiderLocationInput = RiderPositionInput.pick({ lat: true, lng: true, accuracy: true });

export const TrackedPosition = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  recordedAt: z.string(),
});
export type TrackedPosition = z.infer<typeof TrackedPosition>;

/** `stored: false`: another position lies within 5 s of this one, so it was not kept. */
export const PositionAccepted = z.object({ ok: z.literal(true), stored: z.boolean(), position: TrackedPosition });

export const OrderTracking = z.object({
  orderId: z.string(),
  status: z.string(),
  /** True while the order is picked up: only then is a position shown. */
  live: z.boolean(),
  rider: z.object({ fullName: z.string(), phone: z.string(), vehicleType: z.string() }).nullable(),
  destination: z.object({ lat: z.number(), lng: z.number() }),
  outlet: z.object({ name: z.string(), lat: z.number(), lng: z.number() }).nullable(),
  position: TrackedPosition.nullable(),
  distanceKm: z.number().nullable(),
  etaMinutes: z.number().nullable(),
});
export type OrderTracking = z.infer<typeof OrderTracking>;

export const DispatchRider = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  vehicleType: z.string(),
  status: z.string(),
  openDeliveries: z.number(),
  position: z.object({ lat: z.number(), lng: z.number(), at: z.string() }).nullable(),
});
export type DispatchRider = z.infer<typeof DispatchRider>;

export const DispatchOrder = z.object({
  id: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  customerName: z.string(),
  address: z.string(),
  destination: z.object({ lat: z.number(), lng: z.number() }),
  outlet: z.object({ id: z.string(), name: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }).nullable(),
  riderId: z.string().nullable(),
  createdAt: z.string(),
});
export type DispatchOrder = z.infer<typeof DispatchOrder>;

export const DispatchMap = z.object({ riders: z.array(DispatchRider), orders: z.array(DispatchOrder) });
export type DispatchMap = z.infer<typeof DispatchMap>;

export const DECLINE_MESSAGES = {
  notAssigned: 'Only an order waiting for pickup can be declined.',
} as const;
