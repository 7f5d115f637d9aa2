/**
 * The cart's own arithmetic (a line's identity, a near-date price, a weighed pack's estimate), without
 * zod: the shop store that every page starts with uses these, so the schema library stays out of the
 * first download. product-options.ts, markdowns.ts and weighing.ts re-export them beside their schemas.
 */

/** Two cart lines of one product are the same line only when their picks and note are the same. */
export function lineKey(
  productId: string,
  picked: Record<string, string> = {},
  note?: string | null,
  grams?: number | null,
  bestBefore?: string | null,
): string {
  const picks = Object.keys(picked)
    .sort()
    .map((k) => `${k}=${picked[k]}`)
    .join('&');
  return `${productId}|${picks}|${(note ?? '').trim()}${grams ? `|${grams}g` : ''}${bestBefore ? `|bb${bestBefore}` : ''}`;
}

/** The marked-down unit price: `percent` off the regular price, whole shillings, halves up. */
export function markdownPrice(regular: number, percent: number): number {
  return Math.max(0, Math.floor((regular * (100 - percent) + 50) / 100));
}

/**
 * One pack's estimate: per-kg price (with the picked options' per-kg changes) × grams / 1000, to
 * whole shillings, halves up. Integer arithmetic, so 12,345 × 333 g never meets floating point.
 */
export function estimateFor(perKg: number, g: number): number {
  return Math.floor((perKg * g + 500) / 1000);
}
