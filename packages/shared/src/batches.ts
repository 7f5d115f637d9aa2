/**
 * Batches of stock at an outlet: the lot a delivery came in, its production and use-by dates, and
 * which batch an order takes first (the earliest use-by that may still be sold). Pure functions, so
 * the server, the screens and the tests with a fake clock agree on every date.
 */
import { z } from 'zod';

const OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Kampala calendar day (YYYY-MM-DD) holding `now`. */
export function shopDay(now: Date = new Date()): string {
  return new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The last day a batch may be sold: `sellByDays` before its use-by date, so a customer never gets
 * meat on (or too close to) its use-by day. A batch without a use-by (the unknown batch) never
 * reaches a cut-off.
 */
export function sellByDate(useBy: string | null, sellByDays: number): string | null {
  return useBy ? addDays(useBy, -sellByDays) : null;
}

export function isSellable(useBy: string | null, sellByDays: number, today: string): boolean {
  const last = sellByDate(useBy, sellByDays);
  return last === null || today <= last;
}

export interface BatchOnShelf {
  id: string;
  useBy: string | null;
  quantity: number;
  /** Tie-break: the batch received first goes first. */
  receivedAt?: number;
}

/**
 * First expiring, first out: the batches to take `quantity` from, earliest use-by first. The
 * unknown batch (no use-by: stock from before batches, or added without a lot) is the oldest stock,
 * so it goes first. With `sellableOnly` batches past their cut-off are skipped (they are about to
 * leave stock). Returns undefined when the batches cannot cover the quantity.
 */
export function planFefo(
  batches: BatchOnShelf[],
  quantity: number,
  opts: { sellableOnly: boolean; sellByDays: number; today: string },
): { batchId: string; quantity: number }[] | undefined {
  const order = [...batches]
    .filter((b) => b.quantity > 0 && (!opts.sellableOnly || isSellable(b.useBy, opts.sellByDays, opts.today)))
    .sort((a, b) => (a.useBy ?? '').localeCompare(b.useBy ?? '') || (a.receivedAt ?? 0) - (b.receivedAt ?? 0) || a.id.localeCompare(b.id));
  const plan: { batchId: string; quantity: number }[] = [];
  let left = quantity;
  for (const b of order) {
    if (left <= 0) break;
    const n = Math.min(left, b.quantity);
    plan.push({ batchId: b.id, quantity: n });
    left -= n;
  }
  return left > 0 ? undefined : plan;
}

const day = z.iso.date('Use a date like 2026-11-30');

/** What staff write on a delivery line: the lot number and dates from the factory's label. */
export const BatchLabel = z
  .object({
    lotNumber: z.string().trim().min(1, 'Enter the batch number').max(60, 'Keep the batch number under 60 characters'),
    productionDate: day.optional(),
    useBy: day,
  })
  .refine((b) => !b.productionDate || b.productionDate <= b.useBy, {
    path: ['useBy'],
    message: 'The use-by date must be on or after the production date',
  });
export type BatchLabel = z.infer<typeof BatchLabel>;

export const BATCH_STATUS_LABELS = {
  live: 'On sale',
  expired: 'Past sell-by',
  stopped: 'Sale stopped',
  written_off: 'Written off',
} as const;

/** One batch at an outlet, as the Stock screen and the disposal list show it. */
export const StockBatch = z.object({
  id: z.string(),
  outletId: z.string(),
  outletName: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** Null: the unknown batch. */
  lotNumber: z.string().nullable(),
  productionDate: z.string().nullable(),
  useBy: z.string().nullable(),
  sellBy: z.string().nullable(),
  quantity: z.number(),
  received: z.number(),
  status: z.enum(['live', 'expired', 'stopped', 'written_off']),
  grams: z.boolean(),
  writtenOff: z.number().nullable(),
  writeOffReason: z.string().nullable(),
  createdAt: z.string(),
});
export type StockBatch = z.infer<typeof StockBatch>;
export const StockBatchList = z.object({ batches: z.array(StockBatch), sellByDays: z.number() });
export type StockBatchList = z.infer<typeof StockBatchList>;

export const WriteOffInput = z.object({
  reason: z.string().trim().min(3, 'Please give a reason (at least 3 characters)').max(300),
});
export type WriteOffInput = z.infer<typeof WriteOffInput>;

/** `live`: the batches on sale; `disposal`: those that left sale (expired or stopped) and wait to be written off. */
export const StockBatchesQuery = z.object({
  view: z.enum(['live', 'disposal', 'written_off']).default('live'),
  outletId: z.uuid().optional(),
  productId: z.uuid().optional(),
});
export type StockBatchesQuery = z.infer<typeof StockBatchesQuery>;
export const BatchIdParams = z.object({ id: z.uuid('Batch not found') });
export const WriteOffResult = z.object({ id: z.string(), writtenOff: z.number() });

/** Packing from another batch than first expiring first: staff say which and why. */
export const BatchOverrideInput = z.object({
  productId: z.uuid(),
  fromBatchId: z.uuid('Choose the batch the order holds'),
  toBatchId: z.uuid('Choose the batch to pack from'),
  quantity: z.number().int('Use a whole number').min(1, 'Move at least 1').max(1_000_000),
  reason: z.string().trim().min(3, 'Please give a reason (at least 3 characters)').max(300),
});
export type BatchOverrideInput = z.infer<typeof BatchOverrideInput>;
