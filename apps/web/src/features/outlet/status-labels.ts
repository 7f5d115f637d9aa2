/**
 * The order and payment words the outlet portal shows, in the page's language. The same English as
 * @meatshop/shared/status's labels (which the server and other areas still use), here as descriptors
 * so they join the outlet catalog.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '@meatshop/shared/status';

export const ORDER_STATUS_TEXT: Record<OrderStatus, MessageDescriptor> = {
  awaiting_approval: msg`Awaiting approval`,
  pending: msg`Pending`,
  assigned: msg`Rider Assigned`,
  picked_up: msg`Out for Delivery`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
};

export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'payment' }),
  paid: msg`Paid`,
  failed: msg`Failed`,
  partially_refunded: msg`Partially Refunded`,
  refunded: msg`Refunded`,
  on_account: msg`On account`,
};

export const PAYMENT_METHOD_TEXT: Record<PaymentMethod, MessageDescriptor> = {
  mtn_money: msg`MTN Mobile Money`,
  airtel_money: msg`Airtel Money`,
  card: msg`Card`,
  cash_on_delivery: msg`Cash on Delivery`,
  on_account: msg({ message: 'On account', context: 'payment method' }),
};
