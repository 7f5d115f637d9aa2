/** Shop-wide settings the admin edits: contact, hours, delivery fee and rider pay. */
import { z } from 'zod';
import { chillMinutes } from './cold-chain.ts';
import { DELIVERY_FEE, SHOP } from './constants.ts';

/** Rider pay per delivery when the admin has not set one: UGX 3,000 plus UGX 500 per km. */
export const RIDER_RATE_DEFAULT = { perDelivery: 3_000, perKm: 500 } as const;

/** "HH:MM" on a 24-hour clock. */
const clock = (label: string) => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 08:00`);

export const SLOT_LENGTHS = [60, 120, 180, 240] as const;

const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of shillings`)
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} is too large`);

/** The fields without the cross-field rule, so a partial update can reuse them. */
export const ShopSettingsFields = z.object({
  supportPhone: z.string().trim().min(1, 'Support phone is required').max(40),
  supportEmail: z.email('Please enter a valid email address').trim().max(200),
  hours: z.string().trim().min(1, 'Opening hours are required').max(120),
  /** The shop's URA Taxpayer Identification Number, printed on receipts; empty until the admin sets it. */
  tin: z
    .string()
    .trim()
    .regex(/^(\d{10})?$/, 'TIN must be 10 digits'),
  deliveryFee: money('Delivery fee'),
  riderRatePerDelivery: money('Rider rate per delivery'),
  riderRatePerKm: money('Rider rate per km'),
  // Delivery slots, all in Kampala time.
  deliveryOpensAt: clock('Delivery hours start'),
  deliveryClosesAt: clock('Delivery hours end'),
  /** Days with deliveries, 0 = Sunday … 6 = Saturday. */
  deliveryDays: z
    .array(z.number().int().min(0).max(6))
    .min(1, 'Choose at least one delivery day')
    .max(7)
    .refine((d) => new Set(d).size === d.length, 'Each delivery day may appear once'),
  sameDayCutoff: clock('Same-day cut-off'),
  slotMinutes: z
    .number()
    .int()
    .refine((m) => SLOT_LENGTHS.includes(m as 60), 'Slot length must be 1, 2, 3 or 4 hours'),
  slotCapacity: z.number({ error: 'Orders per slot must be a number' }).int().min(1, 'Allow at least 1 order per slot').max(1000),
  slotDaysAhead: z.number().int().min(1, 'Offer at least 1 day ahead').max(14, 'Offer at most 14 days ahead'),
  /** Hand each new paid (or cash) order to the suggested rider automatically. */
  autoAssignRiders: z.boolean(),
  /**
   * Per-customer order limits: one account once placed 60 cash orders in under two seconds, emptying a
   * product and most of a day's delivery places. Open = not yet delivered or cancelled.
   */
  maxOpenOrdersPerCustomer: z
    .number({ error: 'Open orders per customer must be a number' })
    .int('Open orders per customer must be a whole number')
    .min(1, 'Allow at least 1 open order per customer')
    .max(100, 'Allow at most 100 open orders per customer'),
  maxOrdersPerMinute: z
    .number({ error: 'Orders per minute must be a number' })
    .int('Orders per minute must be a whole number')
    .min(1, 'Allow at least 1 order per minute')
    .max(60, 'Allow at most 60 orders per minute'),
  /**
   * The outlet that receives stock with no other home (stock entered on the product form, old orders
   * given back). Null: the first active outlet by creation. The server accepts only an active outlet.
   */
  mainOutletId: z.uuid('Choose an outlet').nullable(),
  /** Minutes an order may spend out of the chiller when none of its categories sets its own limit. */
  chillLimitMinutes: chillMinutes('Time out of the chiller'),
  /** The dispatcher and the outlet are warned once an order has used this share of its limit. */
  chillAlertPercent: z
    .number({ error: 'Warning point must be a number' })
    .int('Warning point must be a whole percent')
    .min(10, 'Warning point must be at least 10%')
    .max(100, 'Warning point must be at most 100%'),
  /**
   * The sell-by cut-off: a batch is sold until this many days before its use-by date; after that it
   * leaves sellable stock and is listed for disposal.
   */
  sellByDaysBeforeUseBy: z
    .number({ error: 'Days before use-by must be a number' })
    .int('Days before use-by must be a whole number')
    .min(0, 'Days before use-by cannot be negative')
    .max(30, 'Allow at most 30 days before use-by'),
  standingOrderCutoff: clock('Standing order cut-off').meta({
    description:
      "time of day (Kampala) the day before delivery when each standing order's occurrence is placed; until then members may skip or change it",
  }),
  /** The VAT rate printed on trade invoices; shop prices include VAT, so an invoice shows the VAT they contain. */
  vatRatePercent: z
    .number({ error: 'VAT rate must be a number' })
    .min(0, 'VAT rate cannot be negative')
    .max(50, 'VAT rate must be at most 50%')
    .meta({
      description:
        'VAT rate (percent) printed on trade invoices. Prices include VAT; an invoice shows the VAT its total contains. Uganda: 18.',
    }),
});

export const ShopSettings = ShopSettingsFields.refine((s) => s.deliveryOpensAt < s.deliveryClosesAt, {
  path: ['deliveryClosesAt'],
  message: 'Delivery hours must end after they start',
});
export type ShopSettings = z.infer<typeof ShopSettings>;

export const AdminUpdateSettingsInput = ShopSettingsFields.partial();
export type AdminUpdateSettingsInput = z.infer<typeof AdminUpdateSettingsInput>;

export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  supportPhone: SHOP.supportPhone,
  supportEmail: SHOP.email,
  hours: SHOP.hours,
  tin: '',
  deliveryFee: DELIVERY_FEE,
  riderRatePerDelivery: RIDER_RATE_DEFAULT.perDelivery,
  riderRatePerKm: RIDER_RATE_DEFAULT.perKm,
  // Spec: hours Mon-Sat 8AM-6PM, "same day delivery before 2 PM".
  deliveryOpensAt: '08:00',
  deliveryClosesAt: '18:00',
  deliveryDays: [1, 2, 3, 4, 5, 6],
  sameDayCutoff: '14:00',
  slotMinutes: 120,
  slotCapacity: 10,
  slotDaysAhead: 3,
  autoAssignRiders: false,
  maxOpenOrdersPerCustomer: 5,
  maxOrdersPerMinute: 3,
  mainOutletId: null,
  chillLimitMinutes: 90,
  chillAlertPercent: 80,
  sellByDaysBeforeUseBy: 1,
  standingOrderCutoff: '18:00',
  vatRatePercent: 18,
};

/** What a rider earns for one delivery: the per-delivery rate plus the per-km rate over the distance. */
export function riderPayFor(rates: Pick<ShopSettings, 'riderRatePerDelivery' | 'riderRatePerKm'>, distanceKm: number): number {
  return rates.riderRatePerDelivery + Math.round(rates.riderRatePerKm * Math.max(0, distanceKm));
}
