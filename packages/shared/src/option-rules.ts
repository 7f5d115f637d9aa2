/**
 * How a line's options are priced and told (the price with the picks, the default picks, the labels
 * on slips and receipts, a cart line's identity), without zod: the storefront's product page and cart
 * use these, and the schema library stays out of their download. product-options.ts re-exports them
 * beside its schemas, whose inferred types have these same shapes.
 */

export const OPTION_NOTE_MAX = 120;
export const OPTION_NAME_MAX = 40;
export const MAX_OPTIONS = 4;
export const MAX_OPTION_VALUES = 12;

/** A product's option as the pricing reads it (ProductOption's shape). */
export interface PricedOption {
  name: string;
  values: { label: string; available: boolean; priceDelta: number }[];
}
/** What a customer sends for a line: option name → picked value. */
export type PickedOptions = Record<string, string>;
/** A picked option as an order line keeps it: the label and the price change of that day. */
export interface PickedOption {
  name: string;
  value: string;
  priceDelta: number;
}

export type OptionsResult = { ok: true; chosen: PickedOption[]; unitPrice: number } | { ok: false; message: string };

/**
 * The unit price of a line with its picked options. Each pick must be a value the product offers and
 * that is available today; a price change cannot take the line below zero.
 */
export function priceWithOptions(
  productName: string,
  basePrice: number,
  options: PricedOption[],
  picked: PickedOptions = {},
): OptionsResult {
  const known = new Set(options.map((o) => o.name));
  const stray = Object.keys(picked).find((n) => !known.has(n));
  if (stray) return { ok: false, message: `${productName} has no option "${stray}"` };
  const chosen: PickedOption[] = [];
  for (const o of options) {
    // Not picked (a cart saved before the product had options, an order taken by phone): the first
    // available value, which is what the product page starts with.
    const value = picked[o.name] ?? o.values.find((x) => x.available)?.label;
    if (value == null) return { ok: false, message: `${productName} cannot be ordered: no ${o.name} is available right now` };
    const v = o.values.find((x) => x.label === value);
    if (!v) return { ok: false, message: `${o.name} "${value}" is not offered for ${productName}` };
    if (!v.available) return { ok: false, message: `${o.name} "${value}" is not available for ${productName} right now` };
    chosen.push({ name: o.name, value: v.label, priceDelta: v.priceDelta });
  }
  const unitPrice = Math.max(0, basePrice + chosen.reduce((s, c) => s + c.priceDelta, 0));
  return { ok: true, chosen, unitPrice };
}

/** The first available value of each option: what the product page starts with. */
export function defaultChoice(options: PricedOption[]): PickedOptions {
  const out: PickedOptions = {};
  for (const o of options) {
    const v = o.values.find((x) => x.available);
    if (v) out[o.name] = v.label;
  }
  return out;
}

/** "Cut: Cubed · Skin: Off", the way every order screen, slip and receipt prints the picks. */
export function describeOptions(chosen: Pick<PickedOption, 'name' | 'value'>[]): string {
  return chosen.map((c) => `${c.name}: ${c.value}`).join(' · ');
}

/** A line's name with what the butcher must do: "Goat meat — Cut: Cubed · “3 cm pieces”", for slips and receipts. */
export function lineLabel(name: string, chosen: Pick<PickedOption, 'name' | 'value'>[], note?: string | null): string {
  const detail = [describeOptions(chosen), note ? `“${note}”` : ''].filter(Boolean).join(' · ');
  return detail ? `${name} — ${detail}` : name;
}

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
