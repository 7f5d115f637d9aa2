/**
 * The cold-chain check and what it feeds. A periodic job reads every packed, undelivered order and
 * raises each alert ('near' at the warning point, 'over' at the limit) once: the unique alert row is
 * the claim, so when several instances run the check at once only the one whose insert went in
 * tells the dispatcher (an admin notification and a live event) and the order's outlet (the live
 * event), all in the transaction that records the alert. The screens then read the open alerts.
 */
import {
  type ColdChainAlert,
  type ColdChainGroupRow,
  type ColdChainLevel,
  type ColdChainOrderRow,
  coldChainReading,
  coldChainWarning,
  type DeliveryPerformanceReport,
} from '@meatshop/shared/cold-chain';
import { customerOrderNumber } from '@meatshop/shared/status';
import type { Db } from '../../db/client.ts';
import { publish } from '../../platform/events.ts';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import { toCsv } from '../reports/csv.ts';
import type { Range } from '../reports/sales.repository.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { claimAlert, findDeliveredOrders, findOpenAlerts, findOpenPackedOrders } from './cold-chain.repository.ts';

export interface ColdChainRun {
  /** Alerts this run raised, as `orderId:level`. */
  raised: string[];
}

/** One pass over the open packed orders at `now`. */
export async function checkColdChain(db: Db, now: Date): Promise<ColdChainRun> {
  const settings = await getShopSettings(db);
  const open = await findOpenPackedOrders(db, settings.chillLimitMinutes);
  const raised: string[] = [];
  for (const o of open) {
    const { minutesOut, level } = coldChainReading(
      { packedAt: o.packedAt, deliveredAt: null },
      o.limitMinutes,
      settings.chillAlertPercent,
      now,
    );
    if (!level) continue;
    // Passing the limit between two runs raises both: the 'near' row keeps the later run from warning again.
    const levels: ColdChainLevel[] = level === 'over' ? ['near', 'over'] : ['near'];
    for (const l of levels) {
      const won = await db.transaction(async (tx) => {
        if (!(await claimAlert(tx, { orderId: o.orderId, level: l, minutesOut, limitMinutes: o.limitMinutes, at: now }))) return false;
        if (l === 'near' && level === 'over') return true; // the 'over' alert below says it
        const number = customerOrderNumber(o.orderId);
        const words = coldChainWarning(minutesOut, o.limitMinutes);
        await notifyAdmins(tx, {
          message:
            l === 'over'
              ? `Order #${number} passed its cold-chain limit. ${words}`
              : `Order #${number} is near its cold-chain limit. ${words}`,
          type: l === 'over' ? 'error' : 'warning',
          orderId: o.orderId,
        });
        await publish(tx, {
          type: 'cold_chain',
          orderId: o.orderId,
          outletId: o.outletId,
          level: l,
          minutesOut,
          limitMinutes: o.limitMinutes,
        });
        return true;
      });
      if (won) raised.push(`${o.orderId}:${l}`);
    }
  }
  return { raised };
}

/** Open orders with an alert, longest out first; `outletId` narrows to one outlet's orders. */
export async function openColdChainAlerts(db: Db, outletId: string | null, now: Date): Promise<ColdChainAlert[]> {
  const settings = await getShopSettings(db);
  const rows = await findOpenAlerts(db, outletId, settings.chillLimitMinutes);
  return rows
    .map((r) => {
      const reading = coldChainReading({ packedAt: r.packedAt, deliveredAt: null }, r.limitMinutes, settings.chillAlertPercent, now);
      return {
        orderId: r.orderId,
        orderNumber: customerOrderNumber(r.orderId),
        outletId: r.outletId,
        outletName: r.outletName,
        riderName: r.riderName,
        status: r.status,
        // The reading may have moved past the recorded alert since the last run.
        level: reading.level === 'over' ? 'over' : r.level,
        packedAt: r.packedAt.toISOString(),
        minutesOut: reading.minutesOut,
        limitMinutes: r.limitMinutes,
        raisedAt: r.raisedAt.toISOString(),
      } satisfies ColdChainAlert;
    })
    .sort((a, b) => b.minutesOut - a.minutesOut);
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

function group(rows: ColdChainOrderRow[], key: (r: ColdChainOrderRow) => { id: string | null; name: string }): ColdChainGroupRow[] {
  const groups = new Map<string, { id: string | null; name: string; rows: ColdChainOrderRow[] }>();
  for (const r of rows) {
    const k = key(r);
    const g = groups.get(k.id ?? '') ?? { ...k, rows: [] };
    g.rows.push(r);
    groups.set(k.id ?? '', g);
  }
  return [...groups.values()]
    .map((g) => ({ id: g.id, name: g.name, ...figures(g.rows) }))
    .sort((a, b) => b.overLimit - a.overLimit || b.averageMinutes - a.averageMinutes || a.name.localeCompare(b.name));
}

function figures(rows: ColdChainOrderRow[]) {
  const total = rows.reduce((s, r) => s + r.minutesOut, 0);
  return {
    orders: rows.length,
    averageMinutes: rows.length ? oneDecimal(total / rows.length) : 0,
    longestMinutes: rows.reduce((m, r) => Math.max(m, r.minutesOut), 0),
    overLimit: rows.filter((r) => r.overLimit).length,
  };
}

/** Reports > Delivery performance: time out of chill of each order delivered in the range. */
export async function deliveryPerformanceReport(db: Db, range: Range): Promise<DeliveryPerformanceReport> {
  const settings = await getShopSettings(db);
  const delivered = await findDeliveredOrders(db, range, settings.chillLimitMinutes);
  const ids = new Map<string, { riderId: string | null; outletId: string | null }>();
  const orders: ColdChainOrderRow[] = delivered.map((d) => {
    ids.set(d.orderId, { riderId: d.riderId, outletId: d.outletId });
    const { minutesOut, level } = coldChainReading(d, d.limitMinutes, settings.chillAlertPercent, d.deliveredAt);
    return {
      orderId: d.orderId,
      orderNumber: customerOrderNumber(d.orderId),
      outletName: d.outletName,
      riderName: d.riderName,
      packedAt: d.packedAt.toISOString(),
      deliveredAt: d.deliveredAt.toISOString(),
      minutesOut,
      limitMinutes: d.limitMinutes,
      overLimit: level === 'over',
    };
  });
  return {
    from: range.from,
    to: range.to,
    totals: figures(orders),
    orders: [...orders].sort((a, b) => b.minutesOut - a.minutesOut),
    riders: group(orders, (r) => ({ id: ids.get(r.orderId)!.riderId, name: r.riderName ?? 'No rider' })),
    outlets: group(orders, (r) => ({ id: ids.get(r.orderId)!.outletId, name: r.outletName ?? 'No outlet' })),
  };
}

export async function deliveryPerformanceCsv(db: Db, range: Range) {
  const r = await deliveryPerformanceReport(db, range);
  const groupLines = (kind: string, rows: ColdChainGroupRow[]) =>
    rows.map((g) => [kind, g.name, '', '', '', g.orders, g.averageMinutes, g.longestMinutes, '', g.overLimit]);
  return {
    filename: `delivery-performance-${range.from}-to-${range.to}.csv`,
    csv: toCsv([
      [
        'Row',
        'Name',
        'Rider',
        'Packed',
        'Delivered',
        'Orders',
        'Minutes out of chill (average)',
        'Longest (min)',
        'Limit (min)',
        'Over limit',
      ],
      ...r.orders.map((o) => [
        'Order',
        `#${o.orderNumber}`,
        o.riderName ?? '',
        o.packedAt,
        o.deliveredAt,
        1,
        o.minutesOut,
        o.minutesOut,
        o.limitMinutes,
        o.overLimit ? 1 : 0,
      ]),
      ...groupLines('Rider', r.riders),
      ...groupLines('Outlet', r.outlets),
      ['Total', '', '', '', '', r.totals.orders, r.totals.averageMinutes, r.totals.longestMinutes, '', r.totals.overLimit],
    ]),
  };
}

/** Runs the check every `intervalMs` on this instance; other instances may run it too (the claim decides). */
export function startColdChainJob(
  db: Db,
  now: () => Date,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  intervalMs = 60_000,
): PeriodicJob {
  return startPeriodicJob(
    () =>
      checkColdChain(db, now())
        .then((r) => {
          if (r.raised.length) log.info(r, 'cold-chain alerts raised');
        })
        .catch((err) => log.error({ err }, 'cold-chain check failed')),
    intervalMs,
    10_000,
  );
}
