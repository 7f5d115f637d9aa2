/**
 * Refunds: opened under the order's row lock (so two admins at once can never give back more than
 * was paid), then sent to the payment provider outside any transaction, then recorded as it
 * answered. The provider's later word (IPN or status check) completes them in payment-status.ts.
 *
 * How the money goes back: a prepaid order through the provider that took it (or in cash at an
 * outlet when asked); a cash order before delivery by lowering what the rider collects; a cash
 * order after delivery in cash at an outlet, completed when the outlet records paying it.
 */
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { SHOP } from '@meatshop/shared/constants';
import { formatUGX } from '@meatshop/shared/money';
import { REFUND_REASON_LABEL, type RefundMethod, type RefundReason, type RefundStep, refundNextStep } from '@meatshop/shared/refunds';
import { customerOrderNumber } from '@meatshop/shared/status';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { queueRefundMessages } from '../messages/order-messages.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import type { OrderRow } from '../orders/orders.repository.ts';
import type { RefundOpener } from '../orders/lifecycle/refund-hook.ts';
import { findOutletById } from '../outlets/outlet-staff.repository.ts';
import { type PaymentProvider, PaymentProviderError, type RefundRules } from './payment-provider.ts';
import { applyProviderStatus } from './payment-status.ts';
import { askProvider, type PaymentDeps } from './payment-deps.ts';
import { lockOrder, type PaymentOrder, type PaymentRow } from './payments.repository.ts';
import { applyRefundToPaymentStatus, moneyTaken, refundedTotals } from './refund-status.ts';
import {
  findAllRefunds,
  findPaidAttempt,
  findPaymentById,
  findRefundById,
  insertRefund,
  moveRefund,
  type RefundRow,
} from './refunds.repository.ts';

export interface RefundActor {
  /** The admin asking; null when the shop itself opens it (a paid order cancelled). */
  userId: string | null;
  /** Recorded at the provider as who initiated it. */
  name: string;
}

export interface RefundInput {
  orderId: string;
  amount: number;
  reason: RefundReason;
  note?: string | null;
  actor: RefundActor;
  /** Pay a prepaid order back in cash at an outlet instead of through the provider. */
  cashAtOutlet?: boolean;
}

type RefundableOrder = Pick<NonNullable<PaymentOrder>, 'id' | 'status' | 'paymentStatus' | 'paymentMethod' | 'totalAmount'>;

const rule = (message: string) => new AppError('RULE_BROKEN', message);
const PROVIDER_METHOD: Record<string, RefundMethod> = { mtn_money: 'mobile_money', airtel_money: 'mobile_money', card: 'card' };

/** The refund of an order by a staff member: opened, then (for a provider refund) sent at once. */
export async function requestRefund(deps: PaymentDeps, input: RefundInput, by: AuditActor): Promise<RefundRow> {
  const refund = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw notFound('Order not found');
    const row = await openRefund(tx, order, input, deps.payments);
    await recordAudit(tx, by, { entityType: 'refund', entityId: row.id, action: 'refund_open', after: auditedRefund(row) });
    return row;
  });
  return refund.state === 'requested' && refund.paymentId ? sendRefund(deps, refund.id, input.actor.name) : refund;
}

/**
 * Records a refund inside the caller's transaction; `order` must have been read with its row
 * locked (lockOrder), so the refunds summed here cannot change until it commits. The order core's
 * cancel calls this with the whole amount; after its commit, `sendRefund` gives it to the provider.
 */
export async function openRefund(
  tx: Tx,
  order: RefundableOrder,
  input: Omit<RefundInput, 'orderId'>,
  provider: Pick<PaymentProvider, 'name' | 'refundRules'> | null,
): Promise<RefundRow> {
  const all = await findAllRefunds(tx, order.id);
  const live = all.filter((r) => r.state !== 'failed');
  const totals = refundedTotals(order, all);
  if (input.amount > totals.refundable) {
    throw rule(
      totals.refundable === 0
        ? 'This order has nothing left to refund.'
        : `At most ${formatUGX(totals.refundable)} can still be refunded on this order.`,
    );
  }
  const row = await insertNewRefund(tx, order, input, provider, live);
  // The customer hears of it in the same transaction: a refund that rolls back was never promised.
  await queueRefundMessages(
    tx,
    { ...row, toPayOnDelivery: order.totalAmount - totals.collectionCut - (row.reducesCollection ? row.amount : 0) },
    'refund_opened',
  );
  return row;
}

async function insertNewRefund(
  tx: Tx,
  order: RefundableOrder,
  input: Omit<RefundInput, 'orderId'>,
  provider: Pick<PaymentProvider, 'name' | 'refundRules'> | null,
  live: RefundRow[],
): Promise<RefundRow> {
  const base = {
    orderId: order.id,
    amount: input.amount,
    reason: input.reason,
    note: input.note || null,
    requestedBy: input.actor.userId,
  };

  if (order.paymentMethod === 'cash_on_delivery') {
    if (order.status === 'cancelled') throw rule('This cash order was cancelled before any cash was paid: there is nothing to refund.');
    if (order.status !== 'delivered') {
      // Not collected yet: the rider simply collects less. Nothing is to be handed back, so it is done.
      return insertRefund(tx, { ...base, method: 'cash', reducesCollection: true, state: 'completed', completedAt: new Date() });
    }
    return insertRefund(tx, { ...base, method: 'cash' });
  }

  if (!['paid', 'partially_refunded'].includes(order.paymentStatus)) {
    throw rule('This order has not been paid: there is nothing to refund.');
  }
  if (input.cashAtOutlet) return insertRefund(tx, { ...base, method: 'cash' });

  const payment = await findPaidAttempt(tx, order.id);
  if (!payment) throw rule('No completed payment was found for this order. Pay it back in cash at an outlet.');
  // A live shop whose Pesapal keys were removed takes no card or mobile money, and refunds none either.
  if (!provider) throw rule('No payment provider is set up now. Pay it back in cash at an outlet.');
  const method = PROVIDER_METHOD[payment.method] ?? 'card';
  assertProviderAllows(provider.refundRules, payment, method, input.amount, live);
  return insertRefund(tx, { ...base, method, paymentId: payment.id, provider: payment.provider });
}

/**
 * Everything still refundable, as one refund: what cancelling a paid order opens (inside the
 * cancel's transaction, order locked). Null when nothing is left or no money was taken (a cash
 * order not yet delivered). After the commit, pass a returned `requested` provider refund to
 * `sendRefund`. A provider that cannot take the whole (Pesapal's one refund per payment, already
 * used) leaves the rest to be paid in cash at an outlet.
 */
export async function openFullRefund(
  tx: Tx,
  order: RefundableOrder,
  actor: RefundActor,
  provider: Pick<PaymentProvider, 'name' | 'refundRules'> | null,
): Promise<RefundRow | null> {
  if (!moneyTaken(order)) return null;
  const all = await findAllRefunds(tx, order.id);
  const live = all.filter((r) => r.state !== 'failed');
  const { refundable } = refundedTotals(order, all);
  if (refundable <= 0) return null;
  const cashAtOutlet = await onlyCashCanTake(tx, order, refundable, provider, live);
  return openRefund(tx, order, { amount: refundable, reason: 'order_cancelled', actor, cashAtOutlet }, provider);
}

/**
 * Whether this amount must be paid back in cash at an outlet: no completed payment or no provider,
 * the provider's one refund of the payment used, or a part of a mobile-money payment (Pesapal
 * refunds mobile money only in full).
 */
async function onlyCashCanTake(
  tx: Tx,
  order: RefundableOrder,
  amount: number,
  provider: Pick<PaymentProvider, 'name' | 'refundRules'> | null,
  live: RefundRow[],
) {
  const paid = order.paymentMethod === 'cash_on_delivery' ? undefined : await findPaidAttempt(tx, order.id);
  const partialRefused =
    !!paid &&
    !!provider &&
    amount !== paid.amount &&
    PROVIDER_METHOD[paid.method] === 'mobile_money' &&
    !provider.refundRules.partialMobileMoney;
  const usedUp = !!paid && !!provider && provider.refundRules.onePerPayment && live.some((r) => r.paymentId === paid.id);
  // More than the order's own payment (a balance was paid on top): the provider cannot give it back from that payment.
  const beyondPayment = !!paid && amount > paid.amount;
  return !paid || !provider || usedUp || partialRefused || beyondPayment;
}

/**
 * A paid order edited to a lower total: the difference goes back, in the edit's transaction (order
 * locked, `order` read before the edit wrote its new total). Never more than is still refundable.
 */
export async function openEditRefund(
  tx: Tx,
  order: RefundableOrder,
  amount: number,
  actor: RefundActor,
  provider: Pick<PaymentProvider, 'name' | 'refundRules'> | null,
  reason: 'order_edited' | 'order_weighed' = 'order_edited',
): Promise<RefundRow | null> {
  if (!moneyTaken(order) || amount <= 0) return null;
  const live = (await findAllRefunds(tx, order.id)).filter((r) => r.state !== 'failed');
  const cashAtOutlet = await onlyCashCanTake(tx, order, amount, provider, live);
  return openRefund(tx, order, { amount, reason, actor, cashAtOutlet }, provider);
}

/**
 * The refunds edits open, passed into the order core like `cancelRefunds`, sent after the commit.
 * Packing under the estimate (the order core's `settleCounter`) opens its refunds the same way, as
 * `order_weighed`.
 */
export function editRefunds(deps: PaymentDeps, actor: RefundActor, reason: 'order_edited' | 'order_weighed' = 'order_edited') {
  const toSend: string[] = [];
  return {
    open: async (tx: Tx, order: OrderRow, amount: number) => {
      const refund = await openEditRefund(tx, order, amount, actor, deps.payments, reason);
      if (refund?.state === 'requested' && refund.paymentId) toSend.push(refund.id);
      return refund;
    },
    async sendOpened() {
      for (const id of toSend.splice(0)) {
        await sendRefund(deps, id).catch((err) => deps.log?.error({ err, refundId: id }, 'refund of an edited order not sent'));
      }
    },
  };
}

/** The shop itself, as who asked for a refund a cancel opens. */
const THE_SHOP: RefundActor = { userId: null, name: SHOP.name };

export interface CancelRefunds {
  /** For the order core's `cancel` (and a payment landing on a cancelled order): opens the full refund. */
  open: RefundOpener;
  /**
   * After the transaction committed: gives the provider refunds `open` opened to the provider. A
   * failure is logged and leaves the refund `requested` (Send again in the back office); the
   * cancel stands whatever happens here.
   */
  sendOpened(): Promise<void>;
}

/**
 * The refunds a cancel opens. Passed into the order core rather than imported by it, because this
 * module already depends on the core (payment status moves through it): payments → core only.
 */
export function cancelRefunds(deps: PaymentDeps): CancelRefunds {
  const toSend: string[] = [];
  return {
    open: async (tx: Tx, order: OrderRow) => {
      const refund = await openFullRefund(tx, order, THE_SHOP, deps.payments);
      if (refund?.state === 'requested' && refund.paymentId) toSend.push(refund.id);
      return refund;
    },
    async sendOpened() {
      for (const id of toSend.splice(0)) {
        await sendRefund(deps, id).catch((err) => deps.log?.error({ err, refundId: id }, 'refund of a cancelled order not sent'));
      }
    },
  };
}

function assertProviderAllows(rules: RefundRules, payment: PaymentRow, method: RefundMethod, amount: number, live: RefundRow[]) {
  if (rules.onePerPayment && live.some((r) => r.paymentId === payment.id)) {
    throw rule('The payment provider takes one refund per payment, and this one already has one. Pay the rest back in cash at an outlet.');
  }
  if (method === 'mobile_money' && !rules.partialMobileMoney && amount !== payment.amount) {
    throw rule(
      `Mobile money can only be refunded in full (${formatUGX(payment.amount)}) through the provider. Pay a part back in cash at an outlet.`,
    );
  }
}

/**
 * Gives a requested provider refund to the provider (no transaction is open during the call).
 * Accepted: `sent`, then one status check through the payment verification path (the simulator
 * settles at once; Pesapal later, by IPN). Refused: `failed`, admins told. No answer (network,
 * HTTP 5xx): stays `requested` with the error logged, to be sent again.
 */
export async function sendRefund(deps: PaymentDeps, refundId: string, username?: string): Promise<RefundRow> {
  const { db, payments: provider } = deps;
  const refund = await findRefundById(db, refundId);
  if (!refund) throw notFound('Refund not found');
  if (refund.state !== 'requested' || !refund.paymentId) return refund;
  const payment = (await findPaymentById(db, refund.paymentId))!;
  const keep = async (message: string, error?: { kind: string; code: string | null; message: string }, body?: unknown) =>
    (await moveRefund(
      db,
      refund.id,
      'requested',
      { providerMessage: message.slice(0, 300) },
      { at: now(), source: 'request', body, error },
    )) ?? (await findRefundById(db, refund.id))!;

  if (!provider || payment.provider !== provider.name || !payment.orderTrackingId) {
    return keep(`Paid through ${payment.provider}, which is not the payment provider configured now.`);
  }
  const code =
    confirmationCodeOf(payment) ??
    (await askProvider(deps, payment.id, payment.provider, payment.orderTrackingId, 'refund'))?.confirmationCode;
  if (!code) return keep('The payment provider gave no confirmation code for this payment yet.');

  let answer: Awaited<ReturnType<PaymentProvider['refundRequest']>>;
  try {
    answer = await provider.refundRequest({
      orderTrackingId: payment.orderTrackingId,
      confirmationCode: code,
      amount: refund.amount,
      username: username ?? SHOP.name,
      remarks: remarksOf(refund),
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    return keep(err.message, { kind: err.kind, code: err.code, message: err.message }, err.raw);
  }

  const log = { at: now(), source: 'request', body: answer.raw };
  if (!answer.accepted) {
    const failed = await db.transaction(async (tx) => {
      const row = await moveRefund(tx, refund.id, 'requested', { state: 'failed', providerMessage: answer.message }, log);
      if (row) {
        await notifyAdmins(tx, {
          type: 'error',
          orderId: refund.orderId,
          message: `Refund of ${formatUGX(refund.amount)} for order #${customerOrderNumber(refund.orderId)} was refused: ${answer.message}`,
        });
      }
      return row;
    });
    return failed ?? (await findRefundById(db, refund.id))!;
  }
  await moveRefund(db, refund.id, 'requested', { state: 'sent', providerMessage: answer.message, providerReference: code }, log);
  await checkRefund(deps, refund.id);
  return (await findRefundById(db, refund.id))!;
}

const STEP_REFUSED: Record<RefundStep, string> = {
  send: 'Only a refund the payment provider has not answered yet can be sent again.',
  check: 'Only a refund the payment provider accepted can be checked.',
  cash_paid: 'Only a cash refund not yet paid back can be recorded as paid.',
};

/**
 * A person's step on a refund (Send again, Check status), refused with a clear message unless the
 * shared refund table (`refundNextStep`) offers it now: the same rule that shows the button.
 */
export async function takeRefundStep(deps: PaymentDeps, refundId: string, step: 'send' | 'check', by: AuditActor) {
  const refund = await findRefundById(deps.db, refundId);
  if (!refund) throw notFound('Refund not found');
  if (refundNextStep(refund) !== step) throw conflict(STEP_REFUSED[step]);
  // Sending again calls the provider, which no transaction may wait on: the trail records the
  // request as it is made (the refund's own history records what the provider answered).
  if (step === 'send') {
    await deps.db.transaction((tx) =>
      recordAudit(tx, by, { entityType: 'refund', entityId: refundId, action: 'refund_send', before: { state: refund.state } }),
    );
  }
  const username = by.name;
  return step === 'send' ? sendRefund(deps, refundId, username) : checkRefund(deps, refundId);
}

/** Asks the provider for the payment's status and applies it: a REVERSED payment completes its sent refunds. */
export async function checkRefund(deps: PaymentDeps, refundId: string): Promise<RefundRow> {
  const refund = await findRefundById(deps.db, refundId);
  if (!refund) throw notFound('Refund not found');
  const payment = refund.paymentId ? await findPaymentById(deps.db, refund.paymentId) : undefined;
  if (refund.state !== 'sent' || !payment?.orderTrackingId) return refund;
  const status = await askProvider(deps, payment.id, payment.provider, payment.orderTrackingId, 'refund');
  if (status) {
    const late = cancelRefunds(deps);
    await applyProviderStatus(deps.db, payment.id, status, 'refund', late.open);
    await late.sendOpened();
  }
  return (await findRefundById(deps.db, refundId))!;
}

/**
 * A cash refund paid back over the counter: `outletId` is the outlet that paid it. The refund is
 * then completed and the order's payment status follows. Outlet staff (`ownOrdersOnly`) pay back
 * only their outlet's orders; another outlet's refund reads as unknown.
 */
export async function recordCashRefundPaid(
  db: Db,
  by: AuditActor,
  refundId: string,
  outletId: string,
  ownOrdersOnly = false,
): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const found = await findRefundById(tx, refundId);
    if (!found) throw notFound('Refund not found');
    const order = (await lockOrder(tx, found.orderId))!;
    if (ownOrdersOnly && order.outletId !== outletId) throw notFound('Refund not found');
    if (found.method !== 'cash' || found.reducesCollection) throw rule('Only a cash refund is paid back at an outlet.');
    if (!(await findOutletById(tx, outletId))) throw notFound('Outlet not found');
    const moved = await moveRefund(
      tx,
      found.id,
      'requested',
      { state: 'completed', outletId, completedAt: new Date() },
      { at: now(), source: 'cash', body: { outletId } },
    );
    if (!moved) throw conflict('This refund has already been paid back.');
    await applyRefundToPaymentStatus(tx, order);
    await queueRefundMessages(tx, { ...moved, toPayOnDelivery: 0 }, 'refund_completed');
    await recordAudit(tx, by, {
      entityType: 'refund',
      entityId: moved.id,
      action: 'refund_record',
      before: { state: found.state },
      after: { state: moved.state, outletId, amount: moved.amount },
    });
    return moved;
  });
}

/** What the trail keeps of a refund. */
const auditedRefund = (r: RefundRow) => ({
  orderId: r.orderId,
  amount: r.amount,
  reason: r.reason,
  note: r.note,
  method: r.method,
  state: r.state,
});

/** The confirmation code Pesapal refunds against, from the answer that confirmed the payment. */
function confirmationCodeOf(payment: PaymentRow): string | null {
  for (const a of [...payment.providerResponses].reverse()) {
    const code = (a as { body?: { confirmation_code?: unknown } })?.body?.confirmation_code;
    if (typeof code === 'string' && code.trim()) return code.trim();
  }
  return null;
}

function remarksOf(r: RefundRow) {
  const why = REFUND_REASON_LABEL[r.reason as RefundReason] ?? r.reason;
  return `Order #${customerOrderNumber(r.orderId)}: ${why}${r.note ? ` - ${r.note}` : ''}`;
}

const now = () => new Date().toISOString();
