/**
 * Paying for an order: initiate (one attempt per call), verify (after the provider's redirect) and
 * the IPN (the provider's server-to-server notice). Provider calls happen outside transactions;
 * the amount and currency always come from the order in the database, never from the caller.
 */
import { randomBytes } from 'node:crypto';
import { CURRENCY, SHOP } from '@meatshop/shared/constants';
import { PAYMENT_MESSAGES, PAYMENT_WINDOW_MINUTES } from '@meatshop/shared/payments';
import { customerOrderNumber, PAYMENT_METHODS, type PaymentMethod } from '@meatshop/shared/status';
import type { Actor } from '../accounts/access.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { dueOf } from '../orders/lifecycle/balance.ts';
import type { BalanceRow } from '../orders/lifecycle/balance.repository.ts';
import { askProvider, type PaymentDeps } from './payment-deps.ts';
import { type BillingDetails, type PaymentProvider, PaymentProviderError, type TransactionStatus } from './payment-provider.ts';
import { applyProviderStatus, type Verdict } from './payment-status.ts';
import { cancelRefunds } from './refunds.service.ts';
import { assertOwnsOrder } from './payments.policy.ts';
import {
  findOrderForPayment,
  findPaymentByTrackingId,
  insertPaymentAttempt,
  type PaymentOrder,
  updatePayment,
} from './payments.repository.ts';

type PrepaidMethod = 'mtn_money' | 'airtel_money' | 'card';
const PREPAID = new Set(['mtn_money', 'airtel_money', 'card']);

/** Refuses mobile money and card when nobody can take them (production without Pesapal keys). */
export function assertPaymentMethodOffered(provider: PaymentProvider | null, method: string) {
  if (!provider && PREPAID.has(method))
    throw new AppError('RULE_BROKEN', PAYMENT_MESSAGES.prepaidOff, { paymentMethod: PAYMENT_MESSAGES.prepaidOff });
}

/**
 * What checkout may offer everyone: every method with a provider, else cash on delivery alone. On
 * account is not here: it is offered only to members of a trade account with terms (MyTrade says so).
 */
export function offeredPaymentMethods(provider: PaymentProvider | null): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => m !== 'on_account' && (provider || !PREPAID.has(m)));
}

export async function initiatePayment(deps: PaymentDeps, actor: Actor, orderId: string) {
  const order = await findOrderForPayment(deps.db, orderId);
  assertOwnsOrder(actor, order);
  const { publicUrl } = deps.config;
  return startPayment(deps, order, { callbackUrl: `${publicUrl}/orders/confirm`, cancellationUrl: `${publicUrl}/orders/${order.id}` });
}

/**
 * One payment attempt for an order its payer may pay (the signed-in customer, or whoever holds the
 * order's pay link): the provider's page to send them to, and where it sends them back.
 */
export async function startPayment(
  deps: PaymentDeps,
  order: NonNullable<PaymentOrder>,
  back: { callbackUrl: string; cancellationUrl: string },
  /** A balance (a paid order made dearer): the attempt asks just what is due of it, read from the database. */
  balance?: BalanceRow,
) {
  const { db, payments: provider } = deps;
  if (balance) {
    const why = whyBalanceNotPayable(order, balance);
    if (why) throw conflict(why);
  } else assertPayable(order);
  if (!provider) throw new AppError('RULE_BROKEN', PAYMENT_MESSAGES.prepaidOff);
  const amount = balance ? dueOf(balance) : order.totalAmount;

  const attempt = await insertPaymentAttempt(db, {
    orderId: order.id,
    provider: provider.name,
    method: order.paymentMethod,
    // Per attempt, so a retry never reuses a reference (pesapal.md pitfall 6): letters, digits and "-".
    merchantReference: `${customerOrderNumber(order.id)}-${randomBytes(5).toString('hex').toUpperCase()}`,
    amount,
    balanceId: balance?.id ?? null,
    currency: CURRENCY,
  });

  try {
    const result = await provider.submitOrder({
      merchantReference: attempt.merchantReference,
      amount,
      currency: CURRENCY,
      description: `${balance ? 'Balance of order' : 'Order'} #${customerOrderNumber(order.id)} - ${SHOP.name}`,
      callbackUrl: back.callbackUrl,
      cancellationUrl: back.cancellationUrl,
      method: order.paymentMethod as PrepaidMethod,
      billing: billingOf(order),
    });
    await updatePayment(db, attempt.id, { orderTrackingId: result.orderTrackingId }, { at: now(), source: 'submit', body: result.raw });
    return { paymentUrl: result.redirectUrl, orderTrackingId: result.orderTrackingId };
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    await updatePayment(
      db,
      attempt.id,
      { status: 'failed', statusDescription: err.message.slice(0, 300) },
      { at: now(), source: 'submit', body: err.raw, error: { kind: err.kind, code: err.code, message: err.message } },
    );
    throw new AppError('PAYMENT_UNAVAILABLE', err.kind === 'network' ? PAYMENT_MESSAGES.cannotConnect : PAYMENT_MESSAGES.unavailable);
  }
}

/** Why this order cannot be paid now, in the payer's words; null when it can. */
export function whyNotPayable(order: NonNullable<PaymentOrder>, at = Date.now()): string | null {
  try {
    assertPayable(order, at);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
}

/** Why a balance cannot be paid online now, in the payer's words; null when it can. */
export function whyBalanceNotPayable(order: NonNullable<PaymentOrder>, balance: BalanceRow): string | null {
  if (order.status === 'cancelled') return 'This order has been cancelled: there is nothing to pay.';
  if (balance.state === 'paid') return 'This balance has been paid. Thank you!';
  if (balance.state === 'collected') return 'This balance was paid to the rider.';
  if (dueOf(balance) <= 0) return 'Nothing is left to pay: your order was changed again.';
  if (['picked_up', 'delivered'].includes(order.status)) return 'Your order is on its way: please pay the balance to the rider in cash.';
  if (!PREPAID.has(order.paymentMethod)) return 'Cash on delivery orders are paid to the rider on delivery.';
  return null;
}

function assertPayable(order: NonNullable<PaymentOrder>, at = Date.now()) {
  if (order.paymentStatus === 'paid') throw conflict('This order has already been paid.');
  if (order.paymentStatus === 'refunded') throw conflict('This order has been refunded.');
  if (!PREPAID.has(order.paymentMethod)) throw new AppError('RULE_BROKEN', 'Cash on delivery orders are paid to the rider on delivery.');
  if (order.status !== 'pending') throw new AppError('RULE_BROKEN', 'This order can no longer be paid.');
  if (order.createdAt.getTime() < at - PAYMENT_WINDOW_MINUTES * 60_000) {
    throw new AppError('RULE_BROKEN', `This order was not paid within ${PAYMENT_WINDOW_MINUTES} minutes. Please place it again.`);
  }
}

/** Pesapal wants at least an email or a phone; the mobile-money number is the one to charge. */
function billingOf(order: NonNullable<PaymentOrder>): BillingDetails {
  const a = order.shippingAddress;
  const [first = '', ...rest] = a.full_name.trim().split(/\s+/);
  const phone = order.mobileMoneyPhone ?? a.phone;
  return {
    email: a.email,
    // Stored as +256...; Pesapal's samples use the national form 07....
    phone: phone.startsWith('+256') ? `0${phone.slice(4)}` : phone,
    firstName: first,
    lastName: rest.join(' '),
    line1: a.street,
    city: a.city,
    countryCode: 'UG',
  };
}

/** The customer's check after the redirect: asks the provider, then records what it said. */
export async function verifyPayment(deps: PaymentDeps, actor: Actor, orderTrackingId: string): Promise<Verdict> {
  const { db } = deps;
  const payment = await findPaymentByTrackingId(db, orderTrackingId);
  const order = payment ? await findOrderForPayment(db, payment.orderId) : undefined;
  assertOwnsOrder(actor, order, 'Payment not found');
  return verifyAttempt(deps, payment!, order);
}

/** Asks the provider about one attempt of an order the caller may see, and records what it said. */
export async function verifyAttempt(
  deps: PaymentDeps,
  payment: NonNullable<Awaited<ReturnType<typeof findPaymentByTrackingId>>>,
  order: NonNullable<PaymentOrder>,
): Promise<Verdict> {
  const orderTrackingId = payment.orderTrackingId!;
  const status = await askProvider(deps, payment!.id, payment!.provider, orderTrackingId, 'verify');
  if (!status) {
    // The provider is unreachable; a payment we already saw completed is still completed.
    if (payment!.status === 'completed' && order.paymentStatus === 'paid') {
      return {
        payment_status: 'COMPLETED',
        payment_status_description: 'COMPLETED',
        payment_method: '',
        amount: payment!.amount,
        currency: payment!.currency,
        orderId: order.id,
      };
    }
    throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_MESSAGES.cannotVerify);
  }
  return settlePayment(deps, payment!.id, status, 'verify');
}

/**
 * An IPN: the notice carries no status (and is not signed), so ask the provider and trust only
 * its answer. Returns whether it was processed, for the acknowledgement's `status` 200/500.
 */
export async function handleNotification(deps: PaymentDeps, orderTrackingId: string, merchantReference: string | undefined) {
  const payment = await findPaymentByTrackingId(deps.db, orderTrackingId);
  if (!payment) return false;
  if (merchantReference && merchantReference !== payment.merchantReference) return false;
  const status = await askProvider(deps, payment.id, payment.provider, orderTrackingId, 'ipn');
  if (!status) return false;
  await settlePayment(deps, payment.id, status, 'ipn');
  return true;
}

/**
 * Records the provider's status; a payment that landed on an order already cancelled opens its
 * refund in the same transaction, and a provider refund is sent once that has committed.
 */
export async function settlePayment(deps: PaymentDeps, paymentId: string, status: TransactionStatus, source: string) {
  const refunds = cancelRefunds(deps);
  const verdict = await applyProviderStatus(deps.db, paymentId, status, source, refunds.open);
  await refunds.sendOpened();
  return verdict;
}

const now = () => new Date().toISOString();
