/** Distances for rider pay: outlet to customer, great-circle (the one haversine lives in modules/geo). */
import { distanceKm as haversineKm } from '../geo/distance.ts';

export const distanceKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => haversineKm(a.lat, a.lng, b.lat, b.lng);

/** One decimal, as shown to the rider. */
export const roundKm = (km: number) => Math.round(km * 10) / 10;
