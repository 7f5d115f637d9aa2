/**
 * Cold chain: how long an order's meat has been out of the chiller. It leaves when the outlet marks
 * the order ready (packed, `ready_at`) and arrives when the rider delivers it (`delivered_at`); while
 * it is on its way the clock runs to now. Each category may carry its own limit (fresh meat spoils
 * sooner than smoked sausages); an order is held to the strictest limit among its lines, the shop's
 * default standing in for a category without one. The dispatcher and the outlet are warned once
 * when an order nears its limit and once when it passes it.
 */
import { z } from 'zod';

export const COLD_CHAIN_LEVELS = ['near', 'over'] as const;
export type ColdChainLevel = (typeof COLD_CHAIN_LEVELS)[number];

/** The order's limit: the smallest of its lines' category limits, the shop default for a line without one. */
export function orderChillLimit(lineLimits: readonly (number | null | undefined)[], defaultMinutes: number): number {
  if (lineLimits.length === 0) return defaultMinutes;
  return Math.min(...lineLimits.map((m) => m ?? defaultMinutes));
}

export interface ColdChainReading {
  /** Whole minutes out of the chiller (rounded down: 71.9 minutes is not yet 72). */
  minutesOut: number;
  /** 'near' from alertPercent of the limit, 'over' from the limit itself, else null. */
  level: ColdChainLevel | null;
}

/** The reading of one packed order at `now` (or at delivery, once delivered). */
export function coldChainReading(
  o: { packedAt: Date; deliveredAt: Date | null },
  limitMinutes: number,
  alertPercent: number,
  now: Date,
): ColdChainReading {
  const end = o.deliveredAt ?? now;
  const ms = Math.max(0, end.getTime() - o.packedAt.getTime());
  const limitMs = limitMinutes * 60_000;
  const level = ms >= limitMs ? 'over' : ms >= (limitMs * alertPercent) / 100 ? 'near' : null;
  return { minutesOut: Math.floor(ms / 60_000), level };
}

/** How long after packing the "near" alert is due, in ms. */
export const nearAfterMs = (limitMinutes: number, alertPercent: number) => (limitMinutes * 60_000 * alertPercent) / 100;

/** The words on the dispatch and outlet screens. */
export function coldChainWarning(minutesOut: number, limitMinutes: number): string {
  return `Cold chain: ${minutesOut} of ${limitMinutes} min out of the chiller`;
}

/** Limit minutes as a form field: a whole number of minutes, from 5 minutes to a day. */
export const chillMinutes = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of minutes`)
    .min(5, `${label} must be at least 5 minutes`)
    .max(1440, `${label} must be at most 1440 minutes (a day)`);

/** An open order out of the chiller past its alert threshold. */
export const ColdChainAlert = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  outletId: z.string().nullable(),
  outletName: z.string().nullable(),
  riderName: z.string().nullable(),
  status: z.string(),
  /** The highest alert raised for it. */
  level: z.enum(COLD_CHAIN_LEVELS),
  packedAt: z.string(),
  minutesOut: z.number(),
  limitMinutes: z.number(),
  raisedAt: z.string(),
});
export type ColdChainAlert = z.infer<typeof ColdChainAlert>;
export const ColdChainAlerts = z.object({ alerts: z.array(ColdChainAlert) });
export type ColdChainAlerts = z.infer<typeof ColdChainAlerts>;

/** Delivery performance: time out of chill per delivered order, and per rider and outlet. */
export const ColdChainOrderRow = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  outletName: z.string().nullable(),
  riderName: z.string().nullable(),
  packedAt: z.string(),
  deliveredAt: z.string(),
  minutesOut: z.number(),
  limitMinutes: z.number(),
  overLimit: z.boolean(),
});
export type ColdChainOrderRow = z.infer<typeof ColdChainOrderRow>;

export const ColdChainGroupRow = z.object({
  id: z.string().nullable(),
  name: z.string(),
  orders: z.number(),
  /** Mean minutes out of chill, one decimal. */
  averageMinutes: z.number(),
  longestMinutes: z.number(),
  overLimit: z.number(),
});
export type ColdChainGroupRow = z.infer<typeof ColdChainGroupRow>;

export const DeliveryPerformanceReport = z.object({
  from: z.string(),
  to: z.string(),
  totals: ColdChainGroupRow.omit({ id: true, name: true }),
  orders: z.array(ColdChainOrderRow),
  riders: z.array(ColdChainGroupRow),
  outlets: z.array(ColdChainGroupRow),
});
export type DeliveryPerformanceReport = z.infer<typeof DeliveryPerformanceReport>;
