/** Admin orders, dispatch, dashboard, notifications and subscriptions (spec sections 2, 4 and 7). */
import { LineWeight } from './weighing.ts';
import { LineMarkdown } from './markdowns.ts';
import { z } from 'zod';
import { ChosenOption } from './product-options.ts';
import { LineSubstitution } from './substitutions.ts';
import { ORDER_CHANNELS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './status.ts';
import { calendarDay } from './text-rules.ts';

export const AssignRiderInput = z.object({ riderId: z.string({ message: 'Please select a rider' }).min(1, 'Please select a rider') });

/** Why an admin takes an order off its rider or cancels it: kept with the order and in the notifications. */
export const AdminOrderReasonInput = z.object({
  reason: z
    .string({ message: 'Please give a reason' })
    .trim()
    .min(3, 'Please give a reason')
    .max(300, 'Keep the reason under 300 characters')
    // PostgreSQL text cannot hold a NUL byte: refused here rather than failing in the database.
    .refine((s) => !s.includes('\u0000'), 'Please give a reason'),
});
export type AdminOrderReasonInput = z.infer<typeof AdminOrderReasonInput>;

export const AdminOrderItem = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number(),
  price: z.number(),
  options: z.array(ChosenOption),
  note: z.string().nullable(),
  substitution: LineSubstitution,
  /** A weighed line: estimate and, once packed, weight and final price. */
  weight: LineWeight.nullable(),
  /** A near-date line: the use-by of its batches, the percent off and the price before it. */
  markdown: LineMarkdown.nullable().default(null),
});

export const AdminOrder = z.object({
  id: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  subtotalAmount: z.number(),
  deliveryFee: z.number(),
  totalAmount: z.number(),
  discountAmount: z.number().nullable(),
  couponCode: z.string().nullable(),
  shippingAddress: z.object({
    full_name: z.string(),
    email: z.string(),
    phone: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
  deliveryInstructions: z.string().nullable(),
  createdAt: z.string(),
  assignedAt: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** When a cancelled order's goods were back on the shelf; null while a rider still holds them. */
  goodsReturnedAt: z.string().nullable(),
  user: z.object({ id: z.string(), fullName: z.string(), email: z.string(), phone: z.string().nullable() }),
  outlet: z.object({ id: z.string(), name: z.string() }).nullable(),
  rider: z.object({ id: z.string(), fullName: z.string(), phone: z.string() }).nullable(),
  /** Proof of delivery: the guarded photo URL (GET it signed in; `?download=1` saves it). */
  deliveryPhotoUrl: z.string().nullable(),
  items: z.array(AdminOrderItem),
  /** Where it came in; phone, WhatsApp and walk-in orders name the staff member who took them. */
  channel: z.enum(ORDER_CHANNELS),
  takenByName: z.string().nullable(),
  /** A paid order made dearer: what the customer still has to pay (online, or to the rider in cash). */
  balanceDue: z.number().default(0),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

/** The back office's order list: searched, filtered, sorted and paged by the server. */
export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'total-desc', 'total-asc'] as const;
export const ADMIN_ORDER_PAGE_SIZE = 25;
/**
 * Counting stops here: beyond it the list says "10,000+". A count of every matching order would read
 * the whole table for every page of an unfiltered list; this reads at most this many rows.
 */
export const ADMIN_ORDER_COUNT_CAP = 10_000;
const optionalText = z
  .string()
  .trim()
  .max(100, 'Keep the search under 100 characters')
  // PostgreSQL text cannot hold a NUL byte: refused here rather than failing in the database.
  .refine((s) => !s.includes('\u0000'), 'Search for letters, digits or an order number')
  .optional();
const optionalDay = calendarDay('Use a date like 2026-11-21').optional();
export const AdminOrderListQuery = z
  .object({
    /** An order number (or its start), or part of the customer's name, email or phone. */
    q: optionalText,
    /** One status, or `processing` for assigned and picked up together. */
    status: z.enum([...ORDER_STATUSES, 'processing'], { error: 'Unknown status' }).optional(),
    paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Unknown payment status' }).optional(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Unknown payment method' }).optional(),
    channel: z.enum(ORDER_CHANNELS, { error: 'Unknown channel' }).optional(),
    outletId: z.uuid('Unknown outlet').optional(),
    /** A rider's id, or `none` for orders no rider holds. */
    riderId: z.union([z.uuid('Unknown rider'), z.literal('none')], { error: 'Unknown rider' }).optional(),
    /** Kampala days, both included. */
    from: optionalDay,
    to: optionalDay,
    sort: z.enum(ADMIN_ORDER_SORTS, { error: 'Unknown sort' }).default('newest'),
    page: z.coerce.number({ error: 'Use a page number' }).int('Use a page number').min(1, 'Use a page number').max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100, 'At most 100 orders a page').default(ADMIN_ORDER_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must be on or before the end date', path: ['from'] });
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuery>;

export const AdminOrderPage = z.object({
  orders: z.array(AdminOrder),
  /** Orders matching the search and filters, on every page; ADMIN_ORDER_COUNT_CAP + 1 means more than the cap. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminOrderPage = z.infer<typeof AdminOrderPage>;

export const AvailableRider = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  vehicleType: z.string(),
  rating: z.number(),
  totalDeliveries: z.number(),
  /** Straight-line km from the order's outlet to the rider's last position; null when unknown. */
  distanceKm: z.number().nullable(),
  /** Orders assigned to or picked up by the rider now. */
  openDeliveries: z.number(),
  /** The best-ranked rider (see dispatchScore in tracking.ts). */
  suggested: z.boolean(),
});
export type AvailableRider = z.infer<typeof AvailableRider>;

const metric = z.object({ value: z.number(), previous: z.number(), changePercent: z.number().nullable() });

export const DashboardResponse = z.object({
  periodDays: z.number(),
  revenue: metric,
  orders: metric,
  customers: metric.extend({ total: z.number() }),
  averageOrderValue: metric,
  revenueByDay: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number() })),
  alerts: z.object({
    lowStock: z.array(z.object({ id: z.string(), name: z.string(), stock: z.number() })),
    unassignedPending: z.number(),
    failedPayments: z.number(),
  }),
  topProducts: z.array(z.object({ id: z.string(), name: z.string(), quantity: z.number(), revenue: z.number() })),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;

export const AdminNotification = z.object({
  id: z.string(),
  message: z.string(),
  type: z.string(),
  read: z.boolean(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
});
export const NotificationsResponse = z.object({ unreadCount: z.number(), items: z.array(AdminNotification) });
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

export const AdminSubscription = z.object({ id: z.string(), email: z.string(), type: z.string(), createdAt: z.string() });
export type AdminSubscription = z.infer<typeof AdminSubscription>;

export const Ok = z.object({ ok: z.literal(true) });
export const Deleted = z.object({ deleted: z.number() });
