/**
 * Near-date markdowns: a category's rule ("20 % off in the last 2 days up to the sell-by cut-off")
 * puts batches close to their cut-off on sale. Pure functions on Kampala days, so the storefront's
 * offers, the price charged at placement and the tests with a fake clock agree on every day and
 * every shilling.
 */
import { z } from 'zod';
import { addDays, sellByDate } from './batches.ts';

export const MARKDOWN_PERCENT_MIN = 5;
export const MARKDOWN_PERCENT_MAX = 90;
export const MARKDOWN_DAYS_MIN = 1;
export const MARKDOWN_DAYS_MAX = 7;

/** A category's rule: `percent` off, starting `days` days before (and including) the sell-by date. */
export interface MarkdownRule {
  percent: number;
  days: number;
}

export const markdownPercent = z
  .number({ error: 'Enter the percent off' })
  .int('Use a whole number')
  .min(MARKDOWN_PERCENT_MIN, `At least ${MARKDOWN_PERCENT_MIN} % off`)
  .max(MARKDOWN_PERCENT_MAX, `At most ${MARKDOWN_PERCENT_MAX} % off`);
export const markdownDays = z
  .number({ error: 'Enter the number of days' })
  .int('Use a whole number')
  .min(MARKDOWN_DAYS_MIN, `At least ${MARKDOWN_DAYS_MIN} day`)
  .max(MARKDOWN_DAYS_MAX, `At most ${MARKDOWN_DAYS_MAX} days`);

/**
 * The days a batch is on markdown: the last `days` days up to and including its sell-by date (after
 * that it leaves sale). Null for a batch without a use-by (the unknown batch is never near-date).
 */
export function markdownWindow(useBy: string | null, sellByDays: number, days: number): { from: string; to: string } | null {
  const to = sellByDate(useBy, sellByDays);
  return to === null ? null : { from: addDays(to, -(days - 1)), to };
}

/** True when `today` (a Kampala day) falls in the batch's markdown window. */
export function isNearDate(useBy: string | null, sellByDays: number, rule: MarkdownRule | null, today: string): boolean {
  if (!rule) return false;
  const w = markdownWindow(useBy, sellByDays, rule.days);
  return w !== null && w.from <= today && today <= w.to;
}

/** One offer of a product: its units with one use-by date, at whichever outlet, on markdown today. */
export const MarkdownOffer = z.object({
  useBy: z.string(),
  /** The last day it is on offer (its sell-by date). */
  until: z.string(),
  percent: z.number().int(),
  /** The product's regular unit price (its discount price when it has one) and the marked-down price. */
  regularPrice: z.number().int(),
  price: z.number().int(),
  /** Units left with this use-by date at the outlet holding the most (one order is packed at one outlet). */
  left: z.number().int(),
});
export type MarkdownOffer = z.infer<typeof MarkdownOffer>;

/** A listing card's flag: the product has near-date offers today, the lowest at `from`. */
export const ProductOfferFlag = z.object({
  productId: z.string(),
  from: z.number().int(),
  percent: z.number().int(),
});
export type ProductOfferFlag = z.infer<typeof ProductOfferFlag>;
export const NearDateOfferList = z.object({ offers: z.array(ProductOfferFlag) });
export type NearDateOfferList = z.infer<typeof NearDateOfferList>;

/** What a marked-down order line keeps, so every later reader tells it the same way. */
export const LineMarkdown = z.object({
  useBy: z.string(),
  percent: z.number().int(),
  /** The unit price before the markdown (with the picked options' changes). */
  regularPrice: z.number().int(),
});
export type LineMarkdown = z.infer<typeof LineMarkdown>;

/** A near-date line's markdown from its columns, as every reader tells it; null on a regular line. */
export function lineMarkdown(i: {
  markdownUseBy: string | null;
  markdownPercent: number | null;
  regularPrice: number | null;
}): LineMarkdown | null {
  return i.markdownUseBy && i.markdownPercent != null && i.regularPrice != null
    ? { useBy: i.markdownUseBy, percent: i.markdownPercent, regularPrice: i.regularPrice }
    : null;
}

export * from './markdown-rules.ts';
