/**
 * Products sold by weight: the product's price is then per kg, the customer picks an amount (250 g,
 * 500 g, 1 kg; or a piece of about N g, a whole chicken), the line is charged an estimate at checkout,
 * and the packer weighs it. What is charged after weighing is never above the estimate; what was
 * weighed above it the shop absorbs (docs/decisions/257-sold-by-weight.md).
 */
import { z } from 'zod';

export const WEIGHT_AMOUNT_MIN = 50;
export const WEIGHT_AMOUNT_MAX = 50_000;
export const MAX_WEIGHT_AMOUNTS = 8;
export const DEFAULT_TOLERANCE_PERCENT = 10;
/** The most a packer can type for one line: 100 kg, far beyond any line, a typo guard. */
export const WEIGHED_GRAMS_MAX = 100_000;

const grams = z
  .number()
  .int('Grams must be a whole number')
  .min(WEIGHT_AMOUNT_MIN, `An amount must be at least ${WEIGHT_AMOUNT_MIN} g`)
  .max(WEIGHT_AMOUNT_MAX, `An amount can be at most ${WEIGHT_AMOUNT_MAX / 1000} kg`);

/** How a product is sold by weight; null on a product sold by the unit. */
export const Weighing = z
  .object({
    /** The amounts a customer may choose, in grams; with `pieces`, the usual weight of one piece. */
    amounts: z.array(grams).min(1, 'Give at least one amount').max(MAX_WEIGHT_AMOUNTS, `At most ${MAX_WEIGHT_AMOUNTS} amounts`),
    /** Sold as whole pieces of about this weight (a chicken), rather than cut to an amount. */
    pieces: z.boolean().default(false),
    /** How far the weighed weight may be from the estimate before the packer must confirm it. */
    tolerancePercent: z
      .number()
      .int()
      .min(1, 'Tolerance must be at least 1%')
      .max(50, 'Tolerance can be at most 50%')
      .default(DEFAULT_TOLERANCE_PERCENT),
  })
  .refine((w) => new Set(w.amounts).size === w.amounts.length, { message: 'Each amount must be different', path: ['amounts'] })
  .transform((w) => ({ ...w, amounts: [...w.amounts].sort((a, b) => a - b) }));
export type Weighing = z.output<typeof Weighing>;

/** The packer's entry for one weighed line. */
export const OutletWeighInput = z.object({
  grams: z
    .number({ error: 'Enter the weight in grams' })
    .int('Enter whole grams')
    .min(1, 'Enter the weight in grams')
    .max(WEIGHED_GRAMS_MAX, `At most ${WEIGHED_GRAMS_MAX / 1000} kg on one line`),
  /** The packer saw the outside-tolerance question and chose to use this weight anyway. */
  confirmOutside: z.boolean().default(false),
});
export type OutletWeighInput = z.input<typeof OutletWeighInput>;

export const OrderItemParams = z.object({ id: z.string().uuid(), itemId: z.string().uuid() });

/** What every order screen shows of a weighed line; null on a line sold by the unit. */
export const LineWeight = z.object({
  pricePerKg: z.number().int(),
  gramsPerPack: z.number().int(),
  estimatedGrams: z.number().int(),
  weighedGrams: z.number().int().nullable(),
  /** What the line is charged after weighing; null until weighed. */
  finalPrice: z.number().int().nullable(),
  pieces: z.boolean(),
});
export type LineWeight = z.infer<typeof LineWeight>;

/** The shape of a stored line the views turn into a LineWeight. */
export function lineWeight(l: {
  pricePerKg: number | null;
  gramsPerPack: number | null;
  quantity: number;
  weighedGrams: number | null;
  finalPrice: number | null;
  pieces?: boolean | null;
}): LineWeight | null {
  if (l.pricePerKg == null || l.gramsPerPack == null) return null;
  return {
    pricePerKg: l.pricePerKg,
    gramsPerPack: l.gramsPerPack,
    estimatedGrams: l.gramsPerPack * l.quantity,
    weighedGrams: l.weighedGrams,
    finalPrice: l.weighedGrams == null ? null : l.finalPrice,
    pieces: !!l.pieces,
  };
}

export * from './weighing-rules.ts';
