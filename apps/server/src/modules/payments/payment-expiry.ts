/**
 * Unpaid orders expire: a mobile-money or card order still unpaid PAYMENT_WINDOW_MINUTES after it
 * was placed is cancelled through the order core (stock, slot place and coupon use given back). Before cancelling, open attempts are checked
 * with the provider (outside any transaction), so a payment made at minute 29 is credited, not
 * cancelled. The state lives in the database (orders.created_at), so the job survives restarts;
 * `FOR UPDATE SKIP LOCKED` lets several instances run it at once without double restocking.
 *
 * payment_status becomes 'failed': no money was taken and none can come any more, and leaving
 * 'pending' on a cancelled order would suggest a payment might still arrive.
 */
import { PAYMENT_WINDOW_MINUTES } from '@meatshop/shared/payments';
import { SYSTEM } from '../orders/lifecycle/actor.ts';
import { cancel, CANCEL_REASON } from '../orders/lifecycle/cancel.ts';
import { askProvider, type PaymentDeps } from './payment-deps.ts';
import { findExpiredUnpaidOrderIds, findOpenAttempts, lockExpiredUnpaidOrder } from './payments.repository.ts';
import { settlePayment } from './payments.service.ts';
import { cancelRefunds } from './refunds.service.ts';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job.ts';

export const EXPIRY_REASON = CANCEL_REASON.unpaid_expiry;
const BATCH = 100;

export interface ExpiryResult {
  cancelled: string[];
  /** Orders left for the next run because the provider could not be asked. */
  skipped: string[];
}

export async function expireUnpaidOrders(deps: PaymentDeps, now = new Date()): Promise<ExpiryResult> {
  const cutoff = new Date(now.getTime() - PAYMENT_WINDOW_MINUTES * 60_000);
  const result: ExpiryResult = { cancelled: [], skipped: [] };
  // A full batch means more may be due: one run keeps going while it makes progress, so a backlog
  // (after downtime, or more due orders than a batch) is cleared now rather than a batch a minute.
  // Orders another instance took meanwhile come back cancelled and are passed over.
  for (;;) {
    const ids = await findExpiredUnpaidOrderIds(deps.db, cutoff, BATCH);
    const before = result.cancelled.length;
    for (const orderId of ids) {
      if (result.skipped.includes(orderId)) continue;
      await expireOne(deps, orderId, cutoff, now, result);
    }
    if (ids.length < BATCH || result.cancelled.length === before) return result;
  }
}

async function expireOne(deps: PaymentDeps, orderId: string, cutoff: Date, now: Date, result: ExpiryResult) {
  const { db } = deps;
  // Last chance for a payment the provider took but did not tell us about yet.
  let unknown = false;
  const attempts = deps.payments ? await findOpenAttempts(db, orderId, deps.payments.name) : [];
  for (const attempt of attempts) {
    const status = await askProvider(deps, attempt.id, attempt.provider, attempt.orderTrackingId!, 'expiry');
    if (status) await settlePayment(deps, attempt.id, status, 'expiry');
    else unknown = true;
  }
  if (unknown) {
    result.skipped.push(orderId);
    return;
  }

  // Unpaid, so nothing to refund today; passed all the same so every cancel gives money back alike.
  const refunds = cancelRefunds(deps);
  const cancelled = await db.transaction(async (tx) => {
    const order = await lockExpiredUnpaidOrder(tx, orderId, cutoff);
    if (!order) return false; // paid meanwhile, or another instance has it
    await cancel(tx, order, 'unpaid_expiry', SYSTEM, { reason: EXPIRY_REASON, at: now, openRefund: refunds.open });
    return true;
  });
  await refunds.sendOpened();
  if (cancelled) result.cancelled.push(orderId);
}

export type ExpiryJob = PeriodicJob;

/** Runs the expiry every `intervalMs` (first run shortly after start); never two runs at once here. */
export function startExpiryJob(
  deps: PaymentDeps,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  intervalMs = 60_000,
): ExpiryJob {
  return startPeriodicJob(
    () =>
      expireUnpaidOrders(deps)
        .then((r) => {
          if (r.cancelled.length || r.skipped.length) log.info(r, 'unpaid orders expired');
        })
        .catch((err) => log.error({ err }, 'payment expiry run failed')),
    intervalMs,
    5_000,
  );
}
