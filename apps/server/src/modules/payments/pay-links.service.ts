/**
 * Pay links: how the customer of an order staff took pays it. They may have no password (staff
 * created them from a phone call), so the link itself is the key: 24 random bytes, sent only by SMS
 * to the order's phone, good until the order's payment window closes. It opens the shop's pay page
 * for that one order; the payment then runs exactly as a web order's (same provider page, same
 * verification, same expiry). A paid order made dearer gets a link of its own for the balance: the
 * page asks just what is still due of it, and the attempt is checked against that balance.
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_WINDOW_MINUTES } from '@meatshop/shared/payments';
import type { PayLinkOrder } from '@meatshop/shared/staff-orders';
import { customerOrderNumber } from '@meatshop/shared/status';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { dueOf } from '../orders/lifecycle/balance.ts';
import { findBalance } from '../orders/lifecycle/balance.repository.ts';
import { startPayment, verifyAttempt, whyBalanceNotPayable, whyNotPayable } from './payments.service.ts';
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

/**
 * The link to pay a balance, made in the edit's transaction with its SMS. It works until the order
 * goes out (then the rider collects the balance in cash), so it has no window of its own: a week
 * bounds how long a forgotten link stays a key.
 */
export async function issueBalancePayLink(tx: Tx, orderId: string, balanceId: string, publicUrl: string, at = new Date()) {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(at.getTime() + BALANCE_LINK_DAYS * 86_400_000);
  await insertPayLink(tx, { token, orderId, balanceId, expiresAt });
  return { token, url: payLinkUrl(publicUrl, token), expiresAt };
}

const BALANCE_LINK_DAYS = 7;

async function balanceOf(tx: Tx, link: Awaited<ReturnType<typeof linkOf>>) {
  return link.balanceId ? findBalance(tx, link.balanceId) : undefined;
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
  const balance = await balanceOf(tx, link);
  const reason = balance
    ? (whyBalanceNotPayable(o, balance) ?? (expired ? LINK_EXPIRED : null))
    : (whyNotPayable(o, at.getTime()) ?? (expired ? LINK_EXPIRED : null));
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
    balanceToPay: balance ? dueOf(balance) : null,
    balanceState: balance ? (balance.state as NonNullable<PayLinkOrder['balanceState']>) : null,
  };
}

/** Pay pressed on the pay page: one payment attempt; the provider sends the payer back to the same page. */
export async function payThroughLink(deps: PaymentDeps, token: string, at = new Date()) {
  const link = await linkOf(deps.db, token);
  if (link.expiresAt.getTime() <= at.getTime() && link.order.paymentStatus !== 'paid') throw new AppError('RULE_BROKEN', LINK_EXPIRED);
  const back = payLinkUrl(deps.config.publicUrl, token);
  return startPayment(deps, link.order, { callbackUrl: back, cancellationUrl: back }, await balanceOf(deps.db, link));
}

/** Back from the provider: the attempt must be one of this link's order, then it is checked as any other. */
export async function verifyThroughLink(deps: PaymentDeps, token: string, orderTrackingId: string) {
  const link = await linkOf(deps.db, token);
  const payment = await findPaymentByTrackingId(deps.db, orderTrackingId);
  if (!payment || payment.orderId !== link.order.id) throw notFound('Payment not found');
  return verifyAttempt(deps, payment, link.order);
}
