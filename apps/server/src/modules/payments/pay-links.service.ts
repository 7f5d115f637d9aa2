/**
 * Pay links: how the customer of an order staff took pays it. They may have no password (staff
 * created them from a phone call), so the link itself is the key: 24 random bytes, sent only by SMS
 * to the order's phone, good until the order's payment window closes. It opens the shop's pay page
 * for that one order; the payment then runs exactly as a web order's (same provider page, same
 * verification, same expiry).
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_WINDOW_MINUTES } from '@meatshop/shared/payments';
import type { PayLinkOrder } from '@meatshop/shared/staff-orders';
import { customerOrderNumber } from '@meatshop/shared/status';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { startPayment, verifyAttempt, whyNotPayable } from './payments.service.ts';
import { findPaymentByTrackingId } from './payments.repository.ts';
import { findPayLink, findPayLinkItems, insertPayLink } from './pay-links.repository.ts';

const LINK_NOT_FOUND = 'This payment link is not valid. Please call us and we will send a new one.';
const LINK_EXPIRED = `This payment link has expired: orders are paid within ${PAYMENT_WINDOW_MINUTES} minutes. Please call us to order again.`;

export const payLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/pay/${token}`;

/** Made in the placing transaction, so an order and its link exist together or not at all. */
export async function issuePayLink(tx: Tx, order: { id: string; createdAt: Date }, publicUrl: string) {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(order.createdAt.getTime() + PAYMENT_WINDOW_MINUTES * 60_000);
  await insertPayLink(tx, { token, orderId: order.id, expiresAt });
  return { token, url: payLinkUrl(publicUrl, token), expiresAt };
}

async function linkOf(tx: Tx, token: string) {
  const link = await findPayLink(tx, token);
  if (!link) throw notFound(LINK_NOT_FOUND);
  return link;
}

/** The pay page: the order's lines and total, and whether it can be paid now (and why not). */
export async function readPayLink(tx: Tx, token: string, at = new Date()): Promise<PayLinkOrder> {
  const link = await linkOf(tx, token);
  const o = link.order;
  const expired = link.expiresAt.getTime() <= at.getTime();
  const reason = whyNotPayable(o, at.getTime()) ?? (expired ? LINK_EXPIRED : null);
  return {
    orderNumber: customerOrderNumber(o.id),
    customerFirstName: o.shippingAddress.full_name.trim().split(/\s+/)[0] ?? '',
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethod,
    subtotalAmount: o.subtotalAmount,
    deliveryFee: o.deliveryFee,
    discountAmount: o.discountAmount,
    totalAmount: o.totalAmount,
    items: await findPayLinkItems(tx, o.id),
    payable: reason === null,
    reason,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** Pay pressed on the pay page: one payment attempt; the provider sends the payer back to the same page. */
export async function payThroughLink(deps: PaymentDeps, token: string, at = new Date()) {
  const link = await linkOf(deps.db, token);
  if (link.expiresAt.getTime() <= at.getTime() && link.order.paymentStatus !== 'paid') throw new AppError('RULE_BROKEN', LINK_EXPIRED);
  const back = payLinkUrl(deps.config.publicUrl, token);
  return startPayment(deps, link.order, { callbackUrl: back, cancellationUrl: back });
}

/** Back from the provider: the attempt must be one of this link's order, then it is checked as any other. */
export async function verifyThroughLink(deps: PaymentDeps, token: string, orderTrackingId: string) {
  const link = await linkOf(deps.db, token);
  const payment = await findPaymentByTrackingId(deps.db, orderTrackingId);
  if (!payment || payment.orderId !== link.order.id) throw notFound('Payment not found');
  return verifyAttempt(deps, payment, link.order);
}
