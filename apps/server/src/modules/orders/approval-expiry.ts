/**
 * Held orders nobody decided on are declined by the server: a buyer's order waiting for the
 * business's approval APPROVAL_WINDOW_HOURS after it was placed, or whose delivery slot has begun,
 * is cancelled through the order core (cause `approval_expired`), so the stock, slot place and coupon
 * use it held go back and the buyer is told. The state is in the database (created_at, the slot), so
 * the job survives restarts; SKIP LOCKED lets several instances run it without cancelling twice.
 */
import { APPROVAL_WINDOW_HOURS } from '@meatshop/shared/trade';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { cancelRefunds } from '../payments/refunds.service.ts';
import { SYSTEM } from './lifecycle/actor.ts';
import { cancel } from './lifecycle/cancel.ts';
import { findExpiredHeldOrderIds, lockExpiredHeldOrder } from './orders.repository.ts';

const BATCH = 100;

export async function expireHeldOrders(deps: PaymentDeps, now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - APPROVAL_WINDOW_HOURS * 3_600_000);
  const cancelled: string[] = [];
  for (;;) {
    const ids = await findExpiredHeldOrderIds(deps.db, cutoff, now, BATCH);
    const before = cancelled.length;
    for (const orderId of ids) {
      // Held orders are never paid (decision 269); the opener is passed so every cancel is alike.
      const refunds = cancelRefunds(deps);
      const done = await deps.db.transaction(async (tx) => {
        const order = await lockExpiredHeldOrder(tx, orderId, cutoff, now);
        if (!order) return false; // decided meanwhile, or another instance has it
        await cancel(tx, order, 'approval_expired', SYSTEM, { at: now, openRefund: refunds.open });
        return true;
      });
      await refunds.sendOpened();
      if (done) cancelled.push(orderId);
    }
    if (ids.length < BATCH || cancelled.length === before) return cancelled;
  }
}

/** Every `intervalMs` (first run shortly after start); never two runs at once here. */
export function startApprovalExpiryJob(
  deps: PaymentDeps,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  intervalMs = 5 * 60_000,
): PeriodicJob {
  return startPeriodicJob(
    () =>
      expireHeldOrders(deps)
        .then((cancelled) => {
          if (cancelled.length) log.info({ cancelled }, 'held orders expired unapproved');
        })
        .catch((err) => log.error({ err }, 'approval expiry run failed')),
    intervalMs,
    10_000,
  );
}
