/**
 * An order's life in one table: which action may move an order from which status, and who may do it.
 * The server enforces it (the order core in apps/server/src/modules/orders/lifecycle/ is the only
 * writer of an order's status and payment status); the web reads it to show only the buttons that
 * can work. A cell that is not in the table is refused.
 */
import type { OrderStatus, PaymentStatus } from './status.ts';

/**
 * Who acts on an order. `system` is the server itself: expiry job, auto-assign, payment callbacks.
 * `approver` is the owner or an approver of the trade account the order was placed for, deciding on
 * a buyer's order held over their limit (the service checks the membership; the table the status).
 */
export const ORDER_ACTORS = ['customer', 'rider', 'outlet', 'admin', 'system', 'approver'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const ORDER_ACTIONS = [
  'approve',
  'assign',
  'decline',
  'unassign',
  'pickup',
  'deliver',
  'cancel',
  'mark_ready',
  'confirm_return',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export interface OrderTransition {
  /** The status the action leads to; null when the action records a step without changing it. */
  to: OrderStatus | null;
  /** For each actor allowed at all, the statuses it may act from. */
  from: Partial<Record<OrderActor, readonly OrderStatus[]>>;
}

const OPEN: readonly OrderStatus[] = ['pending', 'assigned', 'picked_up'];

export const ORDER_TRANSITIONS: Record<OrderAction, OrderTransition> = {
  // A held order goes where every other order starts. Declining one is a cancel (it gives back).
  approve: { to: 'pending', from: { approver: ['awaiting_approval'] } },
  // Dispatch: an admin, or auto-assign when the shop's setting is on.
  assign: { to: 'assigned', from: { admin: ['pending'], system: ['pending'] } },
  // The rider turns down an order they have not picked up: back to the queue.
  decline: { to: 'pending', from: { rider: ['assigned'] } },
  // An admin takes it off a rider (a stuck order), or the server when the rider is deactivated.
  unassign: { to: 'pending', from: { admin: ['assigned'], system: ['assigned'] } },
  pickup: { to: 'picked_up', from: { rider: ['assigned'] } },
  deliver: { to: 'delivered', from: { rider: ['picked_up'] } },
  cancel: {
    to: 'cancelled',
    from: {
      // Only while nobody has started on it (and only unpaid: see orderMay). A buyer may withdraw
      // their own order while it waits for approval.
      customer: ['awaiting_approval', 'pending'],
      rider: ['assigned', 'picked_up'],
      admin: ['awaiting_approval', ...OPEN],
      // Unpaid expiry and stock problems happen before a rider has it; a held order nobody
      // decided on expires (approval-expiry.ts).
      system: ['awaiting_approval', 'pending', 'assigned'],
      // Declining a held order.
      approver: ['awaiting_approval'],
    },
  },
  // Packed and waiting for the rider.
  mark_ready: { to: null, from: { outlet: ['pending', 'assigned'] } },
  // Goods of an order cancelled after pickup are back at the outlet: only then do they go back on the shelf.
  confirm_return: { to: null, from: { outlet: ['cancelled'] } },
};

/** What the rules need to know about an order; web views and database rows both fit (dates or ISO strings). */
export interface OrderFacts {
  status: string;
  paymentStatus?: string;
  paymentMethod?: string;
  readyAt?: unknown;
  pickedUpAt?: unknown;
  goodsReturnedAt?: unknown;
}

/** Money was taken: cancelling it means giving it back. */
export const isPaid = (o: { paymentStatus?: string }) => o.paymentStatus === 'paid' || o.paymentStatus === 'partially_refunded';

/** An order a rider can take out: paid, cash on delivery not yet settled otherwise, or on a trade account's terms. */
export const isDispatchable = (o: OrderFacts) =>
  o.paymentStatus === 'paid' ||
  o.paymentStatus === 'on_account' ||
  (o.paymentMethod === 'cash_on_delivery' && o.paymentStatus === 'pending');

/** Cancelled after the rider took the goods, and the outlet has not yet confirmed they are back. */
export const awaitsGoodsReturn = (o: OrderFacts) => o.status === 'cancelled' && !!o.pickedUpAt && !o.goodsReturnedAt;

/**
 * Rules beyond the status, one line each. A cell missing here has no extra rule. The payment facts
 * are optional on the web's side: an answer without them is only as strict as the status.
 */
function guard(action: OrderAction, actor: OrderActor, o: OrderFacts): boolean {
  if (action === 'assign') return o.paymentStatus === undefined || isDispatchable(o);
  // A paid order's money must go back through support (an admin), not a self-service button.
  if (action === 'cancel' && actor === 'customer') return !isPaid(o);
  if (action === 'mark_ready') return !o.readyAt && !o.pickedUpAt;
  if (action === 'confirm_return') return awaitsGoodsReturn(o);
  return true;
}

export function statusesFrom(action: OrderAction, actor: OrderActor): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[action].from[actor] ?? [];
}

/** May this actor do this action to this order now? */
export function orderMay(action: OrderAction, actor: OrderActor, o: OrderFacts): boolean {
  return (statusesFrom(action, actor) as readonly string[]).includes(o.status) && guard(action, actor, o);
}

/** The actions this actor may take on this order now (the buttons to show). */
export const allowedActions = (actor: OrderActor, o: OrderFacts): OrderAction[] => ORDER_ACTIONS.filter((a) => orderMay(a, actor, o));

/** Why an action is refused: the 409 message the person reads. */
export function orderRefusal(action: OrderAction, actor: OrderActor, o: OrderFacts): string {
  if (action === 'confirm_return') {
    if (o.status !== 'cancelled' || !o.pickedUpAt) return 'Only an order cancelled after pickup has goods to return.';
    return 'The return of these goods is already confirmed.';
  }
  if (action === 'mark_ready') {
    if (o.readyAt && (o.status === 'pending' || o.status === 'assigned')) return 'This order is already marked ready for pickup.';
    return 'Only orders waiting at the outlet can be marked ready for pickup.';
  }
  if (o.status === 'cancelled') {
    if (action === 'approve') return 'This order was already declined or cancelled.';
    return action === 'cancel' ? 'This order is already cancelled.' : 'This order has been cancelled.';
  }
  if (action === 'approve') return 'This order is already approved.';
  if (o.status === 'awaiting_approval') return 'This order is waiting for approval by the business. Nobody can work on it yet.';
  if (o.status === 'delivered')
    return action === 'cancel' ? 'A delivered order cannot be cancelled.' : 'This order has already been delivered.';
  if (action === 'cancel' && actor === 'customer') {
    if (o.status === 'pending' && isPaid(o)) return 'This order has been paid. Please contact support to cancel it.';
    return 'This order is already on its way and can no longer be cancelled.';
  }
  if (action === 'assign') {
    if (o.status !== 'pending') return 'Only pending orders can be assigned to a rider.';
    return 'This order is not paid yet. Assign a rider once it is paid, or for cash on delivery.';
  }
  if (action === 'unassign' || action === 'decline') {
    if (o.status === 'pending') return 'This order is not assigned to a rider.';
    return 'The rider has picked this order up: it can no longer go back to the queue. Cancel it instead.';
  }
  if (action === 'pickup' && o.status === 'picked_up') return 'This order has already been picked up.';
  if (action === 'pickup' && o.status === 'pending') return 'This order is not assigned yet.';
  if (action === 'deliver') return 'Confirm pickup before completing the delivery.';
  return 'This order cannot be changed now.';
}

/**
 * A trade buyer's order held for approval waits this long; then the server declines it (its stock,
 * slot place and coupon use given back). It also ends when its delivery slot begins undecided.
 */
export const APPROVAL_WINDOW_HOURS = 24;

/** Why an order was cancelled; each cause gives back the same things (see the order core). */
export const CANCEL_CAUSES = [
  'customer',
  'rider',
  'admin',
  'unpaid_expiry',
  'stock_problem',
  'approval_declined',
  'approval_expired',
] as const;
export type CancelCause = (typeof CANCEL_CAUSES)[number];

export const PAYMENT_ACTIONS = ['confirm', 'fail', 'expire', 'reverse', 'refund_partial', 'refund_full'] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];

/**
 * The payment status, the same way: provider answers come in as `system`; refunds as an admin (or the
 * server when a cancelled paid order opens one).
 */
export const PAYMENT_TRANSITIONS: Record<PaymentAction, { from: readonly PaymentStatus[]; to: PaymentStatus; by: readonly OrderActor[] }> =
  {
    // A retry after a failure can still pay; a payment landing just after expiry is money in all the same.
    confirm: { from: ['pending', 'failed'], to: 'paid', by: ['system'] },
    fail: { from: ['pending'], to: 'failed', by: ['system'] },
    // An unpaid order cancelled for want of payment: none can come any more.
    expire: { from: ['pending', 'failed'], to: 'failed', by: ['system'] },
    // The provider took the money back (a reversal of the payment that paid the order).
    reverse: { from: ['paid'], to: 'refunded', by: ['system'] },
    // A delivered cash order still reads `pending` (nothing marks cash paid): a refund may start there.
    refund_partial: { from: ['pending', 'paid', 'partially_refunded'], to: 'partially_refunded', by: ['admin', 'system'] },
    refund_full: { from: ['pending', 'paid', 'partially_refunded'], to: 'refunded', by: ['admin', 'system'] },
  };

export const paymentMay = (action: PaymentAction, actor: OrderActor, paymentStatus: string) =>
  PAYMENT_TRANSITIONS[action].by.includes(actor) && (PAYMENT_TRANSITIONS[action].from as readonly string[]).includes(paymentStatus);
