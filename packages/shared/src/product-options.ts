/**
 * A product's options the customer picks (Cut: Whole / Cubed / Minced; Skin: On / Off), the free-text
 * note on a cart line, and how a line's price follows from them. The server prices every order line
 * with `priceWithOptions`; the web shows the same sum, but what the customer sends as a price is never read.
 */
import { z } from 'zod';
import { MAX_OPTION_VALUES, MAX_OPTIONS, OPTION_NAME_MAX, OPTION_NOTE_MAX } from './option-rules.ts';

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

export * from './option-rules.ts';
