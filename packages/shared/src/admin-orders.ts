/** Admin orders, dispatch, dashboard, notifications and subscriptions (spec sections 2, 4 and 7). */
import { z } from 'zod';

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
});
export type AdminOrder = z.infer<typeof AdminOrder>;

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
