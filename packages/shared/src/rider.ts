/** Rider area inputs and outputs (spec sections 2, 3, 5): sign-up, availability, profile, orders, earnings. */
import { z } from 'zod';
import { DeliverySlotView } from './delivery-slots.ts';
import { email, fullName, password, phone } from './auth.ts';
import {
  EARNING_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  RIDER_APPROVALS,
  RIDER_STATUSES,
  VEHICLE_TYPES,
} from './status.ts';

export const RiderSignUpInput = z.object({
  fullName,
  phone,
  vehicleType: z.enum(VEHICLE_TYPES, { message: 'Choose motorcycle or bicycle' }),
  email,
  password,
});
export type RiderSignUpInput = z.input<typeof RiderSignUpInput>;

export const RiderAvailabilityInput = z.object({ status: z.enum(['online', 'offline']) });
export type RiderAvailabilityInput = z.infer<typeof RiderAvailabilityInput>;

export const RiderProfileInput = z.object({ fullName, phone });
export type RiderProfileInput = z.input<typeof RiderProfileInput>;

export const RiderProfile = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string(),
  vehicleType: z.enum(VEHICLE_TYPES),
  status: z.enum(RIDER_STATUSES),
  isActive: z.boolean(),
  approval: z.enum(RIDER_APPROVALS),
  rating: z.number(),
  totalDeliveries: z.number().int(),
  createdAt: z.string(),
});
export type RiderProfile = z.infer<typeof RiderProfile>;

const iso = z.string().nullable();

export const RiderOrderOutlet = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const RiderOrderCustomer = z.object({
  fullName: z.string(),
  phone: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  instructions: z.string().nullable(),
});

export const RiderOrderSummary = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  totalAmount: z.number().int(),
  /** Cash to take at the door: the total less refunds made before delivery; 0 when paid online. */
  cashToCollect: z.number().int(),
  itemCount: z.number().int(),
  deliverySlot: DeliverySlotView,
  createdAt: z.string(),
  assignedAt: iso,
  pickedUpAt: iso,
  deliveredAt: iso,
  cancelledAt: iso,
  updatedAt: z.string(),
  outlet: RiderOrderOutlet.nullable(),
  customer: RiderOrderCustomer,
});
export type RiderOrderSummary = z.infer<typeof RiderOrderSummary>;

export const RiderOrderDetail = RiderOrderSummary.extend({
  deliveryPhotoUrl: z.string().nullable(),
  items: z.array(z.object({ id: z.string(), productName: z.string(), quantity: z.number().int(), price: z.number().int() })),
});
export type RiderOrderDetail = z.infer<typeof RiderOrderDetail>;

export const RiderOrderList = z.object({ orders: z.array(RiderOrderSummary) });
export const RiderOrderResponse = z.object({ order: RiderOrderDetail });

export const RiderStats = z.object({
  todayEarnings: z.number().int(),
  todayDeliveries: z.number().int(),
  activeDeliveries: z.number().int(),
});
export type RiderStats = z.infer<typeof RiderStats>;

export const EARNING_PERIODS = ['today', 'week', 'month', 'total'] as const;
export type EarningPeriod = (typeof EARNING_PERIODS)[number];
export const EARNING_PERIOD_LABEL: Record<EarningPeriod, string> = {
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
  total: 'Total',
};
export const PREVIOUS_PERIOD_LABEL: Record<EarningPeriod, string | null> = {
  today: 'yesterday',
  week: 'last week',
  month: 'last month',
  total: null,
};

export const RiderEarningsQuery = z.object({ period: z.enum(EARNING_PERIODS).default('today') });

export const RiderEarningEntry = z.object({
  id: z.string(),
  type: z.enum(EARNING_TYPES),
  amount: z.number().int(),
  distanceKm: z.number().nullable(),
  orderId: z.string().nullable(),
  note: z.string().nullable(),
  date: z.string(),
});
export type RiderEarningEntry = z.infer<typeof RiderEarningEntry>;

export const RiderEarnings = z.object({
  period: z.enum(EARNING_PERIODS),
  amount: z.number().int(),
  deliveries: z.number().int(),
  /** The same sum over the period before (yesterday, last week, last month); null for total. */
  previousAmount: z.number().int().nullable(),
  /** Rounded percent change against the previous period; null when there is nothing to compare. */
  changePercent: z.number().nullable(),
  summary: z.object({ today: z.number().int(), week: z.number().int(), month: z.number().int(), total: z.number().int() }),
  entries: z.array(RiderEarningEntry),
});
export type RiderEarnings = z.infer<typeof RiderEarnings>;

export const CancelDeliveryInput = z.object({ reason: z.string().trim().max(300).optional() });

/** An admin adds a tip or a bonus to a rider's earnings (Earnings). */
export const AdminAddRiderEarningInput = z.object({
  type: z.enum(['tip', 'bonus'], { message: 'Choose tip or bonus' }),
  amount: z
    .number({ message: 'Enter an amount' })
    .int('Whole shillings only')
    .min(1, 'Amount must be at least UGX 1')
    .max(1_000_000, 'Amount is too large'),
  note: z.string().trim().max(200).optional(),
  orderId: z.uuid().optional(),
});
export type AdminAddRiderEarningInput = z.infer<typeof AdminAddRiderEarningInput>;
