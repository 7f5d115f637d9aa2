/** Shop-wide settings the admin edits (issue 9 item 10): contact, hours, delivery fee and rider pay. */
import { z } from 'zod';
import { DELIVERY_FEE, SHOP } from './constants.ts';

/** Rider pay per delivery when the admin has not set one: UGX 3,000 plus UGX 500 per km. */
export const RIDER_RATE_DEFAULT = { perDelivery: 3_000, perKm: 500 } as const;

const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of shillings`)
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} is too large`);

export const ShopSettings = z.object({
  supportPhone: z.string().trim().min(1, 'Support phone is required').max(40),
  supportEmail: z.email('Please enter a valid email address').trim().max(200),
  hours: z.string().trim().min(1, 'Opening hours are required').max(120),
  deliveryFee: money('Delivery fee'),
  riderRatePerDelivery: money('Rider rate per delivery'),
  riderRatePerKm: money('Rider rate per km'),
  /** Issue 12 item 2: hand each new paid (or cash) order to the suggested rider automatically. */
  autoAssignRiders: z.boolean(),
});
export type ShopSettings = z.infer<typeof ShopSettings>;

export const AdminUpdateSettingsInput = ShopSettings.partial();
export type AdminUpdateSettingsInput = z.infer<typeof AdminUpdateSettingsInput>;

export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  supportPhone: SHOP.supportPhone,
  supportEmail: SHOP.email,
  hours: SHOP.hours,
  deliveryFee: DELIVERY_FEE,
  riderRatePerDelivery: RIDER_RATE_DEFAULT.perDelivery,
  riderRatePerKm: RIDER_RATE_DEFAULT.perKm,
  autoAssignRiders: false,
};

/** What a rider earns for one delivery: the per-delivery rate plus the per-km rate over the distance. */
export function riderPayFor(rates: Pick<ShopSettings, 'riderRatePerDelivery' | 'riderRatePerKm'>, distanceKm: number): number {
  return rates.riderRatePerDelivery + Math.round(rates.riderRatePerKm * Math.max(0, distanceKm));
}
