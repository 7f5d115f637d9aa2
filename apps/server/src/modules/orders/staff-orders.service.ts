/**
 * Orders staff take for a customer (phone, WhatsApp, walk-in). Placed through `placeOrder`, the same
 * transaction as a web order (prices, zone fee, coupon, slot, outlet stock, limits, block), with the
 * channel and the staff member recorded. Cash on delivery is placed at once; mobile money and card
 * wait for payment like a web order, and the customer gets an SMS with a link to pay it (queued in
 * the placing transaction, so there is never an order without its link or a link without its order).
 */
import { type StaffOrderData, type StaffOrderPlaced, STAFF_ORDER_MESSAGES, isPhoneOnlyEmail } from '@meatshop/shared/staff-orders';
import { customerOrderNumber } from '@meatshop/shared/status';
import type { Tx } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../platform/errors.ts';
import { findCustomer } from '../customers/customers.repository.ts';
import { queuePayLinkMessage } from '../messages/order-messages.ts';
import { issuePayLink } from '../payments/pay-links.service.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { assertPaymentMethodOffered } from '../payments/payments.service.ts';
import type { OrderRow } from './orders.repository.ts';
import { placeOrder } from './orders.service.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';

export async function placeStaffOrder(
  deps: PaymentDeps & { now: () => Date },
  by: AuditActor,
  input: StaffOrderData,
  idempotencyKey?: string,
): Promise<{ placed: StaffOrderPlaced; created: boolean }> {
  const { db } = deps;
  const customer = await findCustomer(db, input.customerId);
  if (!customer) throw notFound(STAFF_ORDER_MESSAGES.customerNotFound);
  // Said before anything else is checked; the placement checks it again under the customer's lock.
  if (customer.blockedAt) throw new AppError('FORBIDDEN', STAFF_ORDER_MESSAGES.blocked);
  assertPaymentMethodOffered(deps.payments, input.paymentMethod);
  if (!customer.phone) {
    throw invalid('This customer has no phone number: the rider and the payment link need one.', { customerId: 'No phone number' });
  }

  // Cash is paid to the rider and an on-account order is invoiced: neither gets a pay link.
  const prepaid = input.paymentMethod !== 'cash_on_delivery' && input.paymentMethod !== 'on_account';
  let payLink: string | null = null;
  const afterOpen = async (tx: Tx, order: OrderRow) => {
    await recordAudit(tx, by, {
      entityType: 'order',
      entityId: order.id,
      action: 'create',
      after: { channel: input.channel, customer: customer.fullName, total: order.totalAmount, paymentMethod: order.paymentMethod },
    });
    if (!prepaid) return;
    const link = await issuePayLink(tx, order, deps.config.publicUrl);
    await queuePayLinkMessage(tx, order.id, link.url);
    payLink = link.url;
  };

  const { customerId: _customer, channel, ...order } = input;
  const checkout = {
    ...order,
    contact: {
      fullName: customer.fullName,
      // A customer known only by phone gets no email (their address on file cannot receive one).
      email: isPhoneOnlyEmail(customer.email) ? '' : customer.email,
      phone: customer.phone,
    },
  };
  const result = await placeOrder(db, customer.id, checkout, idempotencyKey, deps.now(), {
    channel,
    takenBy: { id: by.userId, name: by.name },
    afterOpen,
    blockedRefusal: STAFF_ORDER_MESSAGES.blocked,
  });
  const o = result.order;
  return {
    created: result.created,
    placed: {
      orderId: o.id,
      orderNumber: customerOrderNumber(o.id),
      totalAmount: o.totalAmount,
      paymentMethod: o.paymentMethod,
      payLink,
      message: prepaid ? STAFF_ORDER_MESSAGES.placedPayLink : STAFF_ORDER_MESSAGES.placedCash,
    },
  };
}
