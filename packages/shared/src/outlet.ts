/**
 * The outlet portal's inputs and outputs. The outlet is never part of an
 * input: the server always uses the signed-in employee's own outlet.
 */
import { LineWeight } from './weighing.ts';
import { LineMarkdown } from './markdowns.ts';
import { z } from 'zod';
import { ChosenOption } from './product-options.ts';
import { LineSubstitution } from './substitutions.ts';
import { DeliverySlotView } from './delivery-slots.ts';
import { phone } from './auth.ts';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './status.ts';

/** Role name that may manage staff and settings (compared case-insensitively). */
export const OUTLET_MANAGER_ROLE = 'Manager';
export const isManagerRole = (roleName: string | null | undefined) => roleName?.trim().toLowerCase() === OUTLET_MANAGER_ROLE.toLowerCase();

const isoDate = z.string();

export const OutletOrderSummary = z.object({
  id: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  totalAmount: z.number().int(),
  itemCount: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  createdAt: isoDate,
  readyAt: isoDate.nullable(),
  deliverySlot: DeliverySlotView,
});
export type OutletOrderSummary = z.infer<typeof OutletOrderSummary>;

export const OutletDashboard = z.object({
  todayOrders: z.number().int(),
  todayRevenue: z.number().int(),
  /** Every order of the outlet still pending, whatever its day: these need attention. */
  pendingOrders: z.number().int(),
  averageOrderValue: z.number().int(),
  recentOrders: z.array(OutletOrderSummary),
  /** Seven Kampala days, oldest first, today last; revenue of non-cancelled orders. */
  revenueTrend: z.array(z.object({ date: z.string(), revenue: z.number().int(), orders: z.number().int() })),
  /** Today's orders by state: completed is delivered. */
  statusCounts: z.object({ pending: z.number().int(), completed: z.number().int(), cancelled: z.number().int() }),
});
export type OutletDashboard = z.infer<typeof OutletDashboard>;

export const OutletOrdersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
});
export type OutletOrdersQuery = z.infer<typeof OutletOrdersQuery>;

export const OutletOrderList = z.object({ orders: z.array(OutletOrderSummary) });
export type OutletOrderList = z.infer<typeof OutletOrderList>;

export const OrderIdParams = z.object({ id: z.uuid('Order not found') });
export const StaffIdParams = z.object({ id: z.uuid('Employee not found') });

export const LineBatch = z.object({
  batchId: z.string(),
  lotNumber: z.string().nullable(),
  useBy: z.string().nullable(),
  quantity: z.number().int(),
});
export type LineBatch = z.infer<typeof LineBatch>;

export const OutletOrderDetail = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  subtotalAmount: z.number().int(),
  deliveryFee: z.number().int(),
  discountAmount: z.number().int().nullable(),
  couponCode: z.string().nullable(),
  totalAmount: z.number().int(),
  customer: z.object({ fullName: z.string(), email: z.string(), phone: z.string() }),
  address: z.object({
    street: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    instructions: z.string().nullable(),
  }),
  items: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      productName: z.string(),
      quantity: z.number().int(),
      price: z.number().int(),
      options: z.array(ChosenOption),
      note: z.string().nullable(),
      substitution: LineSubstitution,
      /** A weighed line: the estimate and, once weighed, the weight and its price. */
      weight: LineWeight.nullable(),
      /** A near-date line: the use-by of its batches, the percent off and the price before it. */
      markdown: LineMarkdown.nullable().default(null),
      tolerancePercent: z.number().int().nullable(),
      /** The batches this line was packed from (grams for a weighed line), first expiring first. */
      batches: z.array(LineBatch),
    }),
  ),
  /** Lines marked short with no substitute or refund yet: mark_ready is refused while any is. */
  unresolvedShortLines: z.number().int(),
  rider: z.object({ fullName: z.string(), phone: z.string() }).nullable(),
  outlet: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  createdAt: isoDate,
  assignedAt: isoDate.nullable(),
  readyAt: isoDate.nullable(),
  pickedUpAt: isoDate.nullable(),
  deliveredAt: isoDate.nullable(),
  cancelledAt: isoDate.nullable(),
  cancelReason: z.string().nullable(),
  /** When the goods of a cancelled order were back on the shelf; null while a rider still holds them. */
  goodsReturnedAt: isoDate.nullable(),
  /** Proof of delivery: the guarded photo URL (`?download=1` saves it). */
  deliveryPhotoUrl: z.string().nullable(),
  /** Whether the outlet may still mark it ready for pickup. */
  deliverySlot: DeliverySlotView,
  canMarkReady: z.boolean(),
  /** Weighed lines still to weigh: the order cannot be marked ready until this is 0. */
  unweighedLines: z.number().int(),
  /** Cancelled after pickup and not yet back: the outlet confirms the goods' return (then they are restocked). */
  canConfirmReturn: z.boolean(),
});
export type OutletOrderDetail = z.infer<typeof OutletOrderDetail>;

export const EmployeeRole = z.object({ id: z.number().int(), name: z.string() });
export type EmployeeRole = z.infer<typeof EmployeeRole>;

export const OutletStaffMember = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  isActive: z.boolean(),
  isSelf: z.boolean(),
  /** Switched off by an administrator: only an administrator may switch them back on. */
  deactivatedByAdmin: z.boolean(),
  /** Whether the caller may change this member's role or access (a manager, not themself nor another manager). */
  canChange: z.boolean(),
  createdAt: isoDate,
});
export type OutletStaffMember = z.infer<typeof OutletStaffMember>;

export const OutletStaff = z.object({
  canManage: z.boolean(),
  staff: z.array(OutletStaffMember),
  /** The roles the caller may give: every role but Manager, which only an administrator gives. */
  roles: z.array(EmployeeRole),
});
export type OutletStaff = z.infer<typeof OutletStaff>;

export const OutletStaffUpdateInput = z
  .object({ isActive: z.boolean().optional(), roleId: z.number().int().positive('Choose a role').optional() })
  .refine((v) => v.isActive !== undefined || v.roleId !== undefined, 'Nothing to change');
export type OutletStaffUpdateInput = z.infer<typeof OutletStaffUpdateInput>;

export const OutletSettings = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  openingHours: z.string(),
  managerName: z.string(),
  canEdit: z.boolean(),
});
export type OutletSettings = z.infer<typeof OutletSettings>;

export const OutletSettingsInput = z.object({
  phone,
  openingHours: z.string().trim().min(1, 'Opening hours are required').max(120, 'Opening hours are too long'),
});
export type OutletSettingsInput = z.input<typeof OutletSettingsInput>;
