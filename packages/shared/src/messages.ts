/** Customer messages: the events that send one, and the admin's outbox view. */
import { z } from 'zod';

export const MESSAGE_EVENTS = [
  'placed',
  'held',
  'approved',
  'approval_declined',
  'paid',
  'assigned',
  'picked_up',
  'delivered',
  'cancelled',
] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

export const MESSAGE_EVENT_LABEL: Record<MessageEvent, string> = {
  placed: 'Order placed',
  held: 'Awaiting approval',
  approved: 'Approved',
  approval_declined: 'Declined by the business',
  paid: 'Paid',
  assigned: 'Rider assigned',
  picked_up: 'Picked up',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Messages about one refund of an order: when it is opened and when the money is back. */
export const REFUND_MESSAGE_EVENTS = ['refund_opened', 'refund_completed'] as const;
export type RefundMessageEvent = (typeof REFUND_MESSAGE_EVENTS)[number];

export const REFUND_MESSAGE_LABEL: Record<string, string> = {
  refund_opened: 'Refund started',
  refund_completed: 'Refunded',
};

/** The SMS with the link to pay an order staff took by phone, WhatsApp or at the counter (mobile money, card). */
export const PAY_LINK_MESSAGE_EVENT = 'pay_link';
/** The SMS asking for a balance (a paid order made dearer); the event is `pay_balance_<n>`, one per balance. */
export const BALANCE_LINK_MESSAGE_EVENT = 'pay_balance';
/** The message telling the customer the weights of a packed order and its final amount. */
export const WEIGHED_MESSAGE_EVENT = 'weighed';
export const PAY_LINK_MESSAGE_LABEL: Record<string, string> = {
  [PAY_LINK_MESSAGE_EVENT]: 'Payment link',
  [WEIGHED_MESSAGE_EVENT]: 'Weighed and packed',
  ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [`${BALANCE_LINK_MESSAGE_EVENT}_${n}`, 'Balance payment link'])),
};

/** Emails about the account itself, kept in the same outbox (no order). */
export const ACCOUNT_MESSAGE_LABEL: Record<string, string> = {
  password_reset: 'Password reset link',
  password_changed: 'Password changed',
  sign_up_attempt: 'Sign-up with this email',
  trade_invitation: 'Trade account invitation',
  trade_approved: 'Trade account approved',
  trade_declined: 'Trade account declined',
  trade_suspended: 'Trade account suspended',
  trade_approval_needed: 'Order needs approval',
};

export const MESSAGE_STATUS_LABEL = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Not sent (opted out)',
} as const;

export const AdminMessage = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  event: z.string(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed', 'skipped']),
  provider: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminMessage = z.infer<typeof AdminMessage>;

export const AdminMessagesQuery = z.object({
  channel: z.enum(['sms', 'email']).optional(),
  orderId: z.string().uuid().optional(),
});
export const AdminMessagesResponse = z.object({
  messages: z.array(AdminMessage),
  /** Where each channel goes: "outbox" (kept here only), "smtp" or "africastalking". */
  providers: z.object({ sms: z.string(), email: z.string() }),
});
export type AdminMessagesResponse = z.infer<typeof AdminMessagesResponse>;
