/**
 * The standing-order job: on every instance, every `STANDING_ORDER_CHECK_SECONDS`, it places the
 * deliveries whose cut-off has passed. Each (standing order, delivery date) is claimed by inserting
 * its run row (unique on the pair, ON CONFLICT DO NOTHING): only the instance whose row went in
 * places it, and a run that failed stays failed (recorded and told), so nothing is placed twice.
 * The order goes through the same `placeOrder` as a member's checkout (prices, stock, slot, limits),
 * as the member who set the standing order up; lines are first cut to what one outlet can pack.
 */
import { CheckoutInput, type CheckoutData } from '@meatshop/shared/orders';
import { distanceKm } from '@meatshop/shared/geo';
import {
  deliveryDayLabel,
  dueDates,
  cutoffAt,
  type ReducedLine,
  STANDING_ORDER_PAYMENT_METHODS,
  type StandingOrderLine,
  slotStartOn,
  weekdayOf,
} from '@meatshop/shared/standing-orders';
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from '@meatshop/shared/status';
import { defaultAmount } from '@meatshop/shared/weighing';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job.ts';
import { activeOutletStock } from '../inventory/outlet-stock.repository.ts';
import { queueStandingOrderMessages, type StandingOrderMessage } from '../messages/standing-order-messages.ts';
import { findProductsForPricing } from '../orders/orders.repository.ts';
import { placeOrder } from '../orders/orders.service.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import {
  claimRun,
  findAccountOwner,
  findDueStandingOrders,
  findOverride,
  findPlacingMember,
  findProductNames,
  finishRun,
  lockStandingOrder,
  type StandingOrderRow,
} from './standing-orders.repository.ts';
import { canManageStandingOrders } from './standing-orders.service.ts';

export interface StandingOrderJobResult {
  /** `${standingOrderId}:${date}` of each run this call claimed, by outcome. */
  placed: string[];
  failed: string[];
  skipped: string[];
  /** Unexpected errors (not refusals) of runs recorded as failed, for the log. */
  errors: unknown[];
}

/** A failure the member is told in these words. */
class RunFailure extends Error {}

interface Recipient {
  name: string;
  email: string;
  phone: string | null;
}

/** Places every due occurrence this instance manages to claim. */
export async function runStandingOrders(db: Db, now: Date, publicUrl: string): Promise<StandingOrderJobResult> {
  const settings = await getShopSettings(db);
  const result: StandingOrderJobResult = { placed: [], failed: [], skipped: [], errors: [] };
  for (const date of dueDates(now, settings.standingOrderCutoff)) {
    const due = await findDueStandingOrders(db, date, weekdayOf(date), cutoffAt(date, settings.standingOrderCutoff));
    for (const so of due) {
      // The claim, under the row lock a member's change of this occurrence also takes.
      const claimed = await db.transaction(async (tx) => {
        await lockStandingOrder(tx, so.id);
        const runId = await claimRun(tx, so.id, date);
        return runId ? { runId, override: await findOverride(tx, so.id, date) } : null;
      });
      if (!claimed) continue;
      const outcome = await placeRun(db, so, date, claimed.runId, claimed.override, now, publicUrl).catch((err: unknown) => {
        result.errors.push(err);
        return 'failed' as const;
      });
      result[outcome].push(`${so.id}:${date}`);
    }
  }
  return result;
}

async function placeRun(
  db: Db,
  so: StandingOrderRow,
  date: string,
  runId: string,
  override: { skipped: boolean; lines: StandingOrderLine[] | null } | undefined,
  now: Date,
  publicUrl: string,
): Promise<'placed' | 'failed' | 'skipped'> {
  const day = deliveryDayLabel(date);
  const link = `${publicUrl}/account/trade/standing-orders`;
  if (override?.skipped) {
    await db.transaction((tx) => finishRun(tx, runId, { status: 'skipped' }, now));
    return 'skipped';
  }
  const m = await findPlacingMember(db, so.accountId, so.createdBy);
  let tell: Recipient | undefined = m ? { name: m.fullName, email: m.email, phone: m.phone } : undefined;
  try {
    if (!m) throw new RunFailure('The member who set up this standing order no longer has an account.');
    if (!m.memberAccountId) {
      // A removed member is not told about the business any more: its owner is.
      const owner = await findAccountOwner(db, so.accountId);
      tell = owner ? { name: owner.fullName, email: owner.email, phone: owner.phone } : undefined;
      throw new RunFailure(
        `${m.fullName} is no longer a member of ${m.businessName}. Set the standing order up again as a current member.`,
      );
    }
    if (!canManageStandingOrders(m.role!)) throw new RunFailure(`${m.fullName} can no longer place ${m.businessName}'s orders.`);
    if (m.accountStatus !== 'approved') throw new RunFailure(`${m.businessName}'s trade account is ${m.accountStatus}.`);
    if (!(STANDING_ORDER_PAYMENT_METHODS as readonly string[]).includes(so.paymentMethod)) {
      throw new RunFailure('Its payment method is no longer offered. Please choose another one.');
    }
    const wanted = override?.lines ?? so.lines;
    // Stock may run out between the reading and the placing: read again and try once more.
    for (let attempt = 1; ; attempt++) {
      const { lines, reduced } = await reduceToStock(db, wanted, m.lat, m.lng);
      if (!lines.length) throw new RunFailure('Nothing on it is in stock.');
      const data = checkoutData(so, date, lines, m);
      try {
        await placeOrder(db, so.createdBy, data, `standing:${runId}`, now, {
          channel: 'web',
          afterOpen: async (tx, order) => {
            await finishRun(tx, runId, { status: 'placed', orderId: order.id, reduced }, now);
            const message: StandingOrderMessage = {
              event: 'standing_order_placed',
              name: m.fullName,
              day,
              orderId: order.id,
              total: order.totalAmount,
              payment: PAYMENT_METHOD_LABEL[order.paymentMethod as PaymentMethod] ?? order.paymentMethod,
              lines: lines.map((l) => ({ name: l.name, quantity: l.quantity })),
              reduced,
              link,
            };
            await queueStandingOrderMessages(tx, { email: m.email, phone: m.phone }, message);
          },
        });
        return 'placed';
      } catch (err) {
        if (err instanceof AppError && err.code === 'OUT_OF_STOCK' && attempt < 2) continue;
        throw err;
      }
    }
  } catch (err) {
    // Every refusal of the placement (slot full or gone, limits, prices) is recorded in its words.
    const reason =
      err instanceof RunFailure || err instanceof AppError ? err.message : 'Something went wrong placing it. Please place it yourself.';
    await db.transaction(async (tx) => {
      await finishRun(tx, runId, { status: 'failed', failure: reason }, now);
      if (tell) await queueStandingOrderMessages(tx, tell, { event: 'standing_order_failed', name: tell.name, day, reason, link });
    });
    if (!(err instanceof RunFailure || err instanceof AppError)) throw err;
    return 'failed';
  }
}

interface PlacedLine extends StandingOrderLine {
  name: string;
}

/**
 * The lines cut to what one outlet holds: the outlet that can pack the most of the order (nearest
 * first among equals), each line down to its stock there, lines it cannot pack at all dropped.
 * `placeOrder` then picks the nearest outlet holding all of the cut lines, which may be nearer still.
 */
async function reduceToStock(db: Db, wanted: StandingOrderLine[], lat: number, lng: number) {
  const ids = wanted.map((l) => l.productId);
  const sold = new Map((await findProductsForPricing(db, ids)).map((p) => [p.id, p]));
  const names = new Map((await findProductNames(db, ids)).map((p) => [p.id, p.name]));
  // A weighed product's stock is in grams; its standing line is packs of the usual amount.
  const unit = (id: string) => {
    const w = sold.get(id)?.weighing;
    return w ? defaultAmount(w) : 1;
  };
  const outlets = new Map<string, { km: number; held: Map<string, number> }>();
  for (const r of await activeOutletStock(db, ids)) {
    let o = outlets.get(r.outletId);
    if (!o) {
      o = { km: r.lat != null && r.lng != null ? distanceKm(lat, lng, r.lat, r.lng) : Number.POSITIVE_INFINITY, held: new Map() };
      outlets.set(r.outletId, o);
    }
    o.held.set(r.productId, Math.floor(r.stock / unit(r.productId)));
  }
  const packable = (o: { held: Map<string, number> }, l: StandingOrderLine) =>
    sold.has(l.productId) ? Math.max(0, Math.min(l.quantity, o.held.get(l.productId) ?? 0)) : 0;
  const score = (o: { held: Map<string, number> }) => wanted.reduce((n, l) => n + packable(o, l), 0);
  const best = [...outlets.values()].sort((a, b) => score(b) - score(a) || a.km - b.km)[0];
  const lines: PlacedLine[] = [];
  const reduced: ReducedLine[] = [];
  for (const l of wanted) {
    const can = best ? packable(best, l) : 0;
    const name = sold.get(l.productId)?.name ?? names.get(l.productId) ?? 'A product no longer sold';
    if (can > 0) lines.push({ productId: l.productId, quantity: can, name });
    if (can < l.quantity) reduced.push({ productId: l.productId, productName: name, wanted: l.quantity, placed: can });
  }
  return { lines, reduced };
}

function checkoutData(
  so: StandingOrderRow,
  date: string,
  lines: PlacedLine[],
  m: { fullName: string; email: string; address: string; lat: number; lng: number; contactPhone: string; businessName: string },
): CheckoutData {
  const parsed = CheckoutInput.safeParse({
    items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
    address: { street: m.address, city: 'Kampala', country: 'Uganda', formattedAddress: m.address },
    location: { lat: m.lat, lng: m.lng },
    deliveryInstructions: `Standing order for ${m.businessName}`,
    paymentMethod: so.paymentMethod,
    deliverySlot: slotStartOn(date, so.slotStart).toISOString(),
    contact: { fullName: m.fullName, email: m.email, phone: m.contactPhone },
  });
  if (!parsed.success) throw new RunFailure(parsed.error.issues[0]!.message);
  return parsed.data;
}

/** Runs the job every `intervalMs` on this instance; other instances run it too (the run's claim decides). */
export function startStandingOrderJob(
  db: Db,
  now: () => Date,
  publicUrl: string,
  wake: () => void,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  intervalMs = 60_000,
): PeriodicJob {
  return startPeriodicJob(
    () =>
      runStandingOrders(db, now(), publicUrl)
        .then((r) => {
          for (const err of r.errors) log.error({ err }, 'standing order could not be placed');
          if (r.placed.length || r.failed.length) {
            log.info({ placed: r.placed, failed: r.failed, skipped: r.skipped }, 'standing orders placed');
            wake();
          }
        })
        .catch((err) => log.error({ err }, 'standing-order run failed')),
    intervalMs,
    15_000,
  );
}
