/**
 * What a screen needs of selling by weight (labels, the estimate, the weighed price, the packer's
 * messages), without zod: the storefront's listing, product page and cart use these, and the schema
 * library stays out of their download. weighing.ts re-exports them beside its schemas.
 */

/** "250 g", "1 kg", "1.2 kg". */
export function formatGrams(g: number): string {
  if (Math.abs(g) < 1000) return `${Math.round(g)} g`;
  const kg = Math.round(g / 10) / 100;
  // By hand, not toLocaleString: that builds a number formatter on every call, and a listing of
  // weighed products paid for it in its first render on a slow phone.
  const [whole, fraction] = String(kg).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''} kg`;
}

/** A stock figure as a screen shows it: units, or for a weighed product its grams in kg. */
export function formatStock(stock: number, soldByWeight: boolean): string {
  return soldByWeight ? formatGrams(stock) : String(stock);
}

/** A weighed product's stock (grams) on a badge: low under 2 kg, as a unit product is low under 10. */
export function weighedStockLabel(g: number): 'Out of Stock' | 'Low Stock' | 'In Stock' {
  if (g <= 0) return 'Out of Stock';
  if (g < 2000) return 'Low Stock';
  return 'In Stock';
}

/**
 * The amount a line takes when none was chosen (a cart saved before the product was sold by weight,
 * an order taken by phone), and what the product page starts with: 1 kg when offered, else the first.
 */
export function defaultAmount(w: { amounts: readonly number[] }): number {
  return w.amounts.includes(1000) ? 1000 : (w.amounts[0] ?? 1000);
}

/** What a customer picks: "500 g", or for pieces "1 piece, about 1.2 kg". */
export function amountLabel(w: { pieces: boolean }, g: number): string {
  return w.pieces ? `1 piece, about ${formatGrams(g)}` : formatGrams(g);
}

/**
 * One pack's estimate: per-kg price (with the picked options' per-kg changes) × grams / 1000, to
 * whole shillings, halves up. Integer arithmetic, so 12,345 × 333 g never meets floating point.
 */
export function estimateFor(perKg: number, g: number): number {
  return Math.floor((perKg * g + 500) / 1000);
}

/**
 * What a weighed line costs: `weighed` is the price of what was weighed (same rounding), `final`
 * what is charged, never above the estimate, and `absorbed` what the shop gives away above it.
 */
export function weighedPrice(perKg: number, weighedGrams: number, estimate: number) {
  const weighed = estimateFor(perKg, weighedGrams);
  const final = Math.min(estimate, weighed);
  return { weighed, final, absorbed: weighed - final };
}

/** Whether a weighed weight is within the tolerance of the estimated weight. */
export function withinTolerance(estimatedGrams: number, weighedGrams: number, tolerancePercent: number): boolean {
  return Math.abs(weighedGrams - estimatedGrams) * 100 <= estimatedGrams * tolerancePercent;
}

export const WEIGHING_MESSAGES = {
  unweighed: (names: string[]) =>
    `Weigh every weighed line before marking the order ready: ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not weighed yet.`,
  outside: (asked: number, weighed: number) => `About ${formatGrams(asked)} asked, ${formatGrams(weighed)} weighed — use it anyway?`,
  notWeighed: 'This line is sold by the unit: there is nothing to weigh.',
  packed: 'This order is already packed: its weights can no longer change.',
  pickupUnweighed: 'This order is not packed yet: the outlet is still weighing it. Pick it up once it is marked ready.',
  amount: (name: string) => `Choose one of the amounts ${name} is sold in.`,
  finalNote: 'Weighed items: the final price follows the weight we pack, and is never more than this estimate.',
} as const;
