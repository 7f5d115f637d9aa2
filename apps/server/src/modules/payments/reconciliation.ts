/**
 * Reconciliation: every RECONCILE_INTERVAL_MINUTES, ask the provider for the status of its payments
 * of the last RECONCILE_DAYS days that are not yet confirmed, and record per payment whether it
 * agrees with ours (payment_checks). Provider calls happen outside transactions; our records change
 * only through `applyProviderStatus`, where a missed IPN would have changed them (reconciliation-
 * rules.ts). A new difference tells the admins once; "Check again" runs the same check at once.
 */
import type { PaymentCheckResult, PaymentDifferences } from '@meatshop/shared/reports';
import { customerOrderNumber, PAYMENT_METHOD_LABEL, type PaymentMethod } from '@meatshop/shared/status';
import type { Db } from '../../db/client.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job.ts';
import type { TransactionStatus } from './payment-provider.ts';
import { askProvider, type PaymentDeps } from './payment-deps.ts';
import { settlePayment } from './payments.service.ts';
import { type Judgement, judge } from './reconciliation-rules.ts';
import {
  checkSummary,
  claimPaymentsToCheck,
  findDifferences,
  findPaymentToCompare,
  lockPaymentCheck,
  saveCheck,
} from './reconciliation.repository.ts';

const BATCH = 100;

export type CheckOutcome =
  | { kind: 'checked'; agrees: boolean; providerStatus: string; difference: string | null }
  /** No usable answer (provider unreachable, or the payment was made with another provider). */
  | { kind: 'unanswered'; reason: string };

export interface ReconcileResult {
  checked: number;
  differences: number;
  unanswered: number;
}

export const reconcileSince = (days: number, now = new Date()) => new Date(now.getTime() - days * 86_400_000);

/** One run: every payment that needs asking, one at a time (the provider is asked outside any transaction). */
export async function reconcilePayments(deps: PaymentDeps, now = new Date()): Promise<ReconcileResult> {
  const result: ReconcileResult = { checked: 0, differences: 0, unanswered: 0 };
  if (!deps.payments) return result;
  const ids = await claimPaymentsToCheck(deps.db, deps.payments.name, reconcileSince(deps.config.RECONCILE_DAYS, now), BATCH);
  for (const id of ids) {
    const outcome = await checkPayment(deps, id);
    if (outcome.kind === 'unanswered') result.unanswered += 1;
    else {
      result.checked += 1;
      if (!outcome.agrees) result.differences += 1;
    }
  }
  return result;
}

/** Asks the provider about one payment now and records the answer. */
export async function checkPayment(deps: PaymentDeps, paymentId: string): Promise<CheckOutcome> {
  const { db } = deps;
  const payment = await findPaymentToCompare(db, paymentId);
  if (!payment) return { kind: 'unanswered', reason: 'Payment not found' };
  if (!payment.orderTrackingId || !deps.payments || payment.provider !== deps.payments.name) {
    const reason = `This payment was made through ${payment.provider}, which the shop no longer uses: it cannot be checked.`;
    await release(db, paymentId, reason);
    return { kind: 'unanswered', reason };
  }
  const st = await askProvider(deps, payment.id, payment.provider, payment.orderTrackingId, 'reconcile');
  if (!st) {
    const reason = 'The payment provider did not answer; it will be asked again on the next run.';
    await release(db, paymentId, reason);
    return { kind: 'unanswered', reason };
  }
  let verdict = judge(payment, st);
  if (verdict.kind === 'apply') {
    // Through the same path as an IPN: a payment that lands on a cancelled order opens its refund.
    await settlePayment(deps, payment.id, st, 'reconcile');
    const now = await findPaymentToCompare(db, paymentId);
    verdict = judge(now!, st);
    // Still "apply" means the verification path kept our status (a rule of its own): say so.
    if (verdict.kind === 'apply')
      verdict = { kind: 'differs', difference: `We kept this payment ${now!.status}; the provider says ${label(st)}.` };
    return record(db, paymentId, now!.status, now!.orderId, st, verdict);
  }
  return record(db, paymentId, payment.status, payment.orderId, st, verdict);
}

const label = (st: TransactionStatus) => st.statusDescription || st.state.toUpperCase();

async function release(db: Db, paymentId: string, reason: string) {
  await db.transaction(async (tx) => {
    await lockPaymentCheck(tx, paymentId);
    await saveCheck(tx, paymentId, { lastError: reason }, false);
  });
}

async function record(
  db: Db,
  paymentId: string,
  ourStatus: string,
  orderId: string,
  st: TransactionStatus,
  verdict: Exclude<Judgement, { kind: 'apply' }>,
): Promise<CheckOutcome> {
  const difference = verdict.kind === 'differs' ? verdict.difference : null;
  await db.transaction(async (tx) => {
    const before = await lockPaymentCheck(tx, paymentId);
    const at = new Date();
    await saveCheck(
      tx,
      paymentId,
      {
        checkedAt: at,
        providerStatus: label(st),
        providerAmount: Number.isFinite(st.amount) ? Math.round(st.amount) : null,
        providerCurrency: st.currency || null,
        ourStatus,
        difference,
        // The same difference seen again keeps its first sighting; a new one starts its own.
        differenceSince: difference ? (before.difference === difference && before.differenceSince ? before.differenceSince : at) : null,
        confirmed: verdict.kind === 'agrees' && verdict.settled,
        lastError: null,
        raw: st.raw ?? null,
      },
      true,
    );
    if (difference && before.difference !== difference) {
      await notifyAdmins(tx, {
        type: 'warning',
        orderId,
        message: `Payment check for order #${customerOrderNumber(orderId)}: ${difference}`,
      });
    }
  });
  return { kind: 'checked', agrees: !difference, providerStatus: label(st), difference };
}

/** Runs the reconciliation every `intervalMs` (first run a minute after start); never two runs at once here. */
export function startReconciliationJob(
  deps: PaymentDeps,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  intervalMs: number,
): PeriodicJob {
  return startPeriodicJob(
    () =>
      reconcilePayments(deps)
        .then((r) => {
          if (r.differences || r.unanswered) log.info(r, 'payments reconciled with the provider');
        })
        .catch((err) => log.error({ err }, 'payment reconciliation run failed')),
    intervalMs,
    60_000,
  );
}

/** The open differences for Admin > Reports > Payments, and when the provider was last asked. */
export async function paymentDifferences(deps: PaymentDeps): Promise<PaymentDifferences> {
  const rows = await findDifferences(deps.db);
  const summary = await checkSummary(deps.db, reconcileSince(deps.config.RECONCILE_DAYS));
  return {
    differences: rows.map((r) => ({
      paymentId: r.check.paymentId,
      orderId: r.orderId,
      orderNumber: customerOrderNumber(r.orderId),
      method: r.method,
      methodLabel: PAYMENT_METHOD_LABEL[r.method as PaymentMethod] ?? r.method,
      ourStatus: r.ourStatus,
      orderPaymentStatus: r.orderPaymentStatus,
      providerStatus: r.check.providerStatus ?? '',
      amount: r.amount,
      providerAmount: r.check.providerAmount,
      difference: r.check.difference!,
      since: r.check.differenceSince!.toISOString(),
      checkedAt: (r.check.checkedAt ?? r.check.differenceSince!).toISOString(),
    })),
    lastCheckedAt: summary.lastCheckedAt ? new Date(summary.lastCheckedAt).toISOString() : null,
    checked: summary.checked,
    days: deps.config.RECONCILE_DAYS,
  };
}

/** "Check again": the same check for one payment, now; an unanswered check is an error the admin reads. */
export async function checkPaymentNow(deps: PaymentDeps, paymentId: string): Promise<PaymentCheckResult> {
  const outcome = await checkPayment(deps, paymentId);
  if (outcome.kind === 'unanswered') {
    if (outcome.reason === 'Payment not found') throw notFound('Payment not found');
    throw new AppError('PAYMENT_UNAVAILABLE', outcome.reason);
  }
  return { agrees: outcome.agrees, providerStatus: outcome.providerStatus, difference: outcome.difference };
}
