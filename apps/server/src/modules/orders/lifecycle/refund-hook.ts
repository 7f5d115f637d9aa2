/**
 * Where a refund is opened when money was taken for an order that will not be delivered: a paid
 * order cancelled, or a payment that landed on an order already cancelled.
 *
 * The refunds module (payments/) already depends on the order core: it moves the payment status
 * through `setPaymentStatus`. So the core does not import it back; whoever cancels passes the
 * opener in (`cancelRefunds(deps).open` from payments/refunds.service.ts), and sends a provider
 * refund it opened after the transaction commits. The dependency stays one way: payments → core.
 */
import { customerOrderNumber } from '@meatshop/shared/status';
import { formatUGX } from '@meatshop/shared/money';
import type { Tx } from '../../../db/client.ts';
import { notifyAdmins } from '../../notifications/notifications.service.ts';
import type { OrderRow } from '../orders.repository.ts';

/** What the core needs to know of an opened refund: whether a person has to pay it out. */
export interface OpenedRefund {
  id: string;
  amount: number;
  /** mobile_money and card go through the provider; cash is paid back at an outlet. */
  method: string;
}

/** Opens the whole still-refundable amount as one refund, in the caller's transaction (order locked). */
export type RefundOpener = (tx: Tx, order: OrderRow) => Promise<OpenedRefund | null>;

export async function openRefundFor(tx: Tx, order: OrderRow, why: string, open?: RefundOpener): Promise<OpenedRefund | null> {
  const refund = open ? await open(tx, order) : null;
  const number = customerOrderNumber(order.id);
  if (!open) {
    // No opener given (a caller without the payment provider): a person must open it.
    await notifyAdmins(tx, {
      type: 'error',
      orderId: order.id,
      message: `Cancelled paid order #${number} needs a refund of ${formatUGX(order.totalAmount)}: ${why}`,
    });
  } else if (refund?.method === 'cash') {
    // Nobody but a person can hand cash back: an outlet pays it and records it.
    await notifyAdmins(tx, {
      type: 'error',
      orderId: order.id,
      message: `Order #${number} needs ${formatUGX(refund.amount)} paid back in cash at an outlet: ${why}`,
    });
  }
  return refund;
}
