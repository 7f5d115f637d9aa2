/**
 * How near-date offers read and what they cost (labels, messages, the marked-down price), without
 * zod: the storefront's product page and cart use these, and the schema library stays out of their
 * download. markdowns.ts re-exports them beside its schemas and the rule's day arithmetic.
 */

/** The marked-down unit price: `percent` off the regular price, whole shillings, halves up. */
export function markdownPrice(regular: number, percent: number): number {
  return Math.max(0, Math.floor((regular * (100 - percent) + 50) / 100));
}

/** "Few left" below this many units: the product page then says how many. */
export const MARKDOWN_FEW_LEFT = 10;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A use-by date as people read it: `28 Nov 2026` (the same day in every time zone). */
export function formatUseBy(day: string): string {
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

export const bestBeforeLabel = (useBy: string) => `Best before ${formatUseBy(useBy)}`;

/** "Best before 28 Nov 2026 · 20% off": how an order line, a receipt and the order screens tell it. */
export const markdownLineLabel = (m: { useBy: string; percent: number }) => `${bestBeforeLabel(m.useBy)} · ${m.percent}% off`;

export const MARKDOWN_MESSAGES = {
  ended: (name: string, useBy: string) =>
    `The offer on ${name} (best before ${formatUseBy(useBy)}) has ended. Please remove that line from your cart; the product may still be available at its regular price.`,
  weighed: (name: string) => `${name} is sold by weight: near-date offers are for products sold by the unit.`,
  short: (name: string, useBy: string, left: number) =>
    left > 0
      ? `Only ${left} of ${name} (best before ${formatUseBy(useBy)}) left on offer. Please lower the quantity.`
      : `The offer on ${name} (best before ${formatUseBy(useBy)}) is sold out. Please remove that line from your cart.`,
  bothOrNeither: 'Set both the percent off and the days, or leave both empty',
} as const;
