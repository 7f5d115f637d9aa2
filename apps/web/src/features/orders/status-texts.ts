/**
 * Order status, payment status and payment method words, in the page's language: the same English as
 * @meatshop/shared/status's labels (the server and its tests use those), here as descriptors. The file
 * is extracted into each catalog whose screens show them (account and outlet, apps/web/lingui.config.ts).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '@meatshop/shared/status';

export const ORDER_STATUS_TEXT: Record<OrderStatus, MessageDescriptor> = {
  awaiting_approval: msg`Awaiting approval`,
  pending: msg({ message: 'Pending', context: 'order status' }),
  assigned: msg`Rider Assigned`,
  picked_up: msg`Out for Delivery`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
};

export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'payment status' }),
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
  on_account: msg`On account`,
};
