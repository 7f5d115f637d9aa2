/**
 * Admin > Activity: the audit trail of every change staff make in the back office and the outlet
 * portal (who, when, what, before and after). The trail is append-only: no route edits or deletes it.
 */
import { z } from 'zod';
import { calendarDay } from './text-rules.ts';

/** What a change was made to; the list filters on these. */
export const AUDIT_ENTITY_TYPES = [
  'product',
  'category',
  'stock',
  'order',
  'refund',
  'settings',
  'role',
  'employee',
  'rider',
  'cash_handover',
  'coupon',
  'outlet',
  'customer',
  'zone',
  'subscription',
  'trade_account',
  'trade_price',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  product: 'Product',
  category: 'Category',
  stock: 'Stock',
  order: 'Order',
  refund: 'Refund',
  settings: 'Settings',
  role: 'Role',
  employee: 'Outlet employee',
  rider: 'Rider',
  cash_handover: 'Cash handover',
  coupon: 'Coupon',
  outlet: 'Outlet',
  customer: 'Customer',
  zone: 'Delivery zone',
  subscription: 'Subscription',
  trade_account: 'Trade account',
  trade_price: 'Trade price',
};

/** What was done. A new staff action picks the closest verb here (or adds one with its label). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'archive',
  'price_change',
  'stock_set',
  'stock_adjust',
  'stock_count',
  'stock_transfer',
  'stock_delivery',
  'assign',
  'unassign',
  'cancel',
  'status_change',
  'refund_open',
  'refund_send',
  'refund_record',
  'approve',
  'decline',
  'activate',
  'deactivate',
  'block',
  'unblock',
  'note',
  'handover_record',
  'handover_confirm',
  'earning_add',
  'batch_write_off',
  'batch_stop_sale',
  'recall_message',
  'batch_override',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  archive: 'Archived',
  price_change: 'Price changed',
  stock_set: 'Stock set',
  stock_adjust: 'Stock adjusted',
  stock_count: 'Stock counted',
  stock_transfer: 'Stock transferred',
  stock_delivery: 'Stock received',
  assign: 'Rider assigned',
  unassign: 'Rider taken off',
  cancel: 'Cancelled',
  status_change: 'Status changed',
  refund_open: 'Refund opened',
  refund_send: 'Refund sent',
  refund_record: 'Refund recorded',
  approve: 'Approved',
  decline: 'Declined',
  activate: 'Activated',
  deactivate: 'Deactivated',
  block: 'Blocked',
  unblock: 'Unblocked',
  note: 'Note added',
  handover_record: 'Handover recorded',
  handover_confirm: 'Handover confirmed',
  earning_add: 'Tip or bonus added',
  batch_write_off: 'Batch written off',
  batch_stop_sale: 'Batch sale stopped',
  recall_message: 'Recall message sent',
  batch_override: 'Packed from another batch',
};

export const ADMIN_ACTIVITY_PAGE_SIZE = 25;

const optionalDay = calendarDay('Use a date like 2026-11-21').optional();
export const AdminActivityListQuery = z
  .object({
    /** The staff member's user id. */
    actorId: z.string().trim().min(1).max(100).optional(),
    entityType: z.enum(AUDIT_ENTITY_TYPES, { error: 'Unknown kind of record' }).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
    /** An id, or its start (an order number like 3f2a9c1b). */
    q: z
      .string()
      .trim()
      .max(100, 'Keep the search under 100 characters')
      .refine((s) => !s.includes('\u0000'), 'Search for letters or digits')
      .optional(),
    /** Kampala days, both included. */
    from: optionalDay,
    to: optionalDay,
    page: z.coerce.number({ error: 'Use a page number' }).int('Use a page number').min(1, 'Use a page number').max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100, 'At most 100 entries a page').default(ADMIN_ACTIVITY_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must be on or before the end date', path: ['from'] });
export type AdminActivityListQuery = z.infer<typeof AdminActivityListQuery>;

const Fields = z.record(z.string(), z.unknown()).nullable();

export const AdminActivityEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  /** The changed fields as they were, and as they became (null on a create or a delete). */
  before: Fields,
  after: Fields,
  requestId: z.string().nullable(),
});
export type AdminActivityEntry = z.infer<typeof AdminActivityEntry>;

export const AdminActivityPage = z.object({
  entries: z.array(AdminActivityEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminActivityPage = z.infer<typeof AdminActivityPage>;

/** The people who appear in the trail, for the person filter. */
export const AdminActivityPerson = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AdminActivityPerson = z.infer<typeof AdminActivityPerson>;
