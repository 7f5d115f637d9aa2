/**
 * A product's options the customer picks (Cut: Whole / Cubed / Minced; Skin: On / Off), the free-text
 * note on a cart line, and how a line's price follows from them. The server prices every order line
 * with `priceWithOptions`; the web shows the same sum, but what the customer sends as a price is never read.
 */
import { z } from 'zod';
import { lineKey } from './line-pricing.ts';

export const OPTION_NOTE_MAX = 120;
export const OPTION_NAME_MAX = 40;
export const MAX_OPTIONS = 4;
export const MAX_OPTION_VALUES = 12;

const label = (what: string) =>
  z.string().trim().min(1, `${what} is required`).max(OPTION_NAME_MAX, `${what} is too long (${OPTION_NAME_MAX} characters at most)`);

export const ProductOptionValue = z.object({
  label: label('Option value'),
  available: z.boolean().default(true),
  /** Whole shillings added to (or, negative, taken off) the unit price when this value is picked. */
  priceDelta: z.number().int('Price change must be whole shillings').min(-10_000_000).max(10_000_000).default(0),
});

export const ProductOption = z
  .object({
    name: label('Option name'),
    values: z
      .array(ProductOptionValue)
      .min(1, 'An option needs at least one value')
      .max(MAX_OPTION_VALUES, `At most ${MAX_OPTION_VALUES} values`),
  })
  .refine((o) => new Set(o.values.map((v) => v.label.toLowerCase())).size === o.values.length, {
    message: 'Each value of an option must be different',
    path: ['values'],
  });
export type ProductOption = z.output<typeof ProductOption>;

export const ProductOptions = z
  .array(ProductOption)
  .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`)
  .refine((os) => new Set(os.map((o) => o.name.toLowerCase())).size === os.length, 'Each option needs its own name');

/** What a customer sends for a line: option name → picked value. */
export const OptionChoice = z.record(z.string().max(OPTION_NAME_MAX), z.string().max(OPTION_NAME_MAX));
export type OptionChoice = z.infer<typeof OptionChoice>;

export const LineNote = z
  .string()
  .trim()
  .max(OPTION_NOTE_MAX, `A note can be at most ${OPTION_NOTE_MAX} characters`)
  .optional()
  .transform((v) => v || undefined);

/** A picked option as an order line keeps it: the label and the price change of that day. */
export const ChosenOption = z.object({ name: z.string(), value: z.string(), priceDelta: z.number().int() });
export type ChosenOption = z.infer<typeof ChosenOption>;

export type OptionsResult = { ok: true; chosen: ChosenOption[]; unitPrice: number } | { ok: false; message: string };

/**
 * The unit price of a line with its picked options. Each pick must be a value the product offers and
 * that is available today; a price change cannot take the line below zero.
 */
export function priceWithOptions(
  productName: string,
  basePrice: number,
  options: ProductOption[],
  picked: OptionChoice = {},
): OptionsResult {
  const known = new Set(options.map((o) => o.name));
  const stray = Object.keys(picked).find((n) => !known.has(n));
  if (stray) return { ok: false, message: `${productName} has no option "${stray}"` };
  const chosen: ChosenOption[] = [];
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
export function defaultChoice(options: ProductOption[]): OptionChoice {
  const out: OptionChoice = {};
  for (const o of options) {
    const v = o.values.find((x) => x.available);
    if (v) out[o.name] = v.label;
  }
  return out;
}

/** "Cut: Cubed · Skin: Off", the way every order screen, slip and receipt prints the picks. */
export function describeOptions(chosen: Pick<ChosenOption, 'name' | 'value'>[]): string {
  return chosen.map((c) => `${c.name}: ${c.value}`).join(' · ');
}

/** A line's name with what the butcher must do: "Goat meat — Cut: Cubed · “3 cm pieces”", for slips and receipts. */
export function lineLabel(name: string, chosen: Pick<ChosenOption, 'name' | 'value'>[], note?: string | null): string {
  const detail = [describeOptions(chosen), note ? `“${note}”` : ''].filter(Boolean).join(' · ');
  return detail ? `${name} — ${detail}` : name;
}

export { lineKey };
