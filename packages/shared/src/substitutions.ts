/**
 * Substitutions at the butcher's counter: what the customer wants done when a line is short at
 * packing (chosen per line at checkout), what the packer did about it, and the money rule every
 * reader and the settlement share. A line keeps its ordered product, price and quantity; the
 * substitute is stored beside them and `finalPrice` says what the line costs as packed.
 */
import { z } from 'zod';

export const SUBSTITUTION_PREFERENCES = ['best_match', 'specific', 'refund'] as const;
export type SubstitutionPreference = (typeof SUBSTITUTION_PREFERENCES)[number];

export const SUBSTITUTION_PREFERENCE_LABEL: Record<SubstitutionPreference, string> = {
  best_match: 'Best match',
  specific: 'A specific alternative',
  refund: 'Refund if unavailable',
};

/** What the packer did with the short units: another product in their place, or their money back. */
export const SHORT_OUTCOMES = ['substituted', 'refunded'] as const;
export type ShortOutcome = (typeof SHORT_OUTCOMES)[number];

/** A suggested substitute costs within this share of the short line's unit price, either way. */
export const SUBSTITUTE_PRICE_BAND = 0.25;
/** How many suggestions an answer holds at most. */
export const SUBSTITUTE_SUGGESTION_LIMIT = 6;

export const SUBSTITUTION_MESSAGES = {
  alternativeMissing: 'Choose the alternative you would like, or pick another option',
  alternativeSame: 'Choose a different product as the alternative',
  alternativeUnknown: 'That alternative is no longer available. Please choose another.',
  unresolved: 'A line is marked short but has no substitute or refund yet. Resolve it before marking the order ready.',
  notPacking: 'This order is no longer being packed: its lines cannot be changed.',
  refundOnly: 'The customer asked for a refund if this is unavailable: refund it instead.',
  substituteSame: 'Choose a different product as the substitute.',
  substituteUnknown: 'That substitute is not for sale at this outlet.',
  tooShort: 'A line cannot be short by more than its quantity.',
  refuseClosed: 'The time to refuse this substitute has passed.',
  refusePickedUp: 'The rider has already picked this order up: the substitute can no longer be refused.',
  refuseNothing: 'There is no substitute on this line to refuse.',
  refuseDone: 'This substitute has already been refused.',
  weighedWhole: 'A line sold by weight is short as a whole: weigh what there is, or mark all of it short.',
  weighedAlready: 'This line is weighed already: it cannot be marked short now.',
  weighedSubstitute: 'A product sold by weight cannot stand in for a short line yet: pick one sold by the unit, or refund it.',
} as const;

/** The customer's choice for one checkout line. */
export const SubstitutionChoice = z
  .object({
    preference: z.enum(SUBSTITUTION_PREFERENCES, { message: 'Choose what we should do if this is unavailable' }),
    alternativeProductId: z.uuid('Unknown product').optional(),
  })
  .refine((c) => c.preference !== 'specific' || !!c.alternativeProductId, {
    message: SUBSTITUTION_MESSAGES.alternativeMissing,
    path: ['alternativeProductId'],
  });
export type SubstitutionChoice = z.infer<typeof SubstitutionChoice>;

/** What the line says about substitution, on every order screen. */
export const LineSubstitution = z.object({
  preference: z.enum(SUBSTITUTION_PREFERENCES),
  /** The customer's specific alternative, when they chose one. */
  alternative: z.object({ productId: z.string(), name: z.string() }).nullable(),
  /** Units the packer could not find; null when the line is packed as ordered. */
  shortQuantity: z.number().int().nullable(),
  outcome: z.enum(SHORT_OUTCOMES).nullable(),
  /** The product packed in place of the short units (`quantity` of them at `price` each). */
  substitute: z.object({ productId: z.string(), name: z.string(), price: z.number().int(), quantity: z.number().int() }).nullable(),
  substitutedAt: z.string().nullable(),
  refusedAt: z.string().nullable(),
  /** Until when the customer may still refuse the substitute; null when they no longer can. */
  refusableUntil: z.string().nullable(),
  /** The line's total as packed; null means as ordered (price × quantity). */
  finalPrice: z.number().int().nullable(),
});
export type LineSubstitution = z.infer<typeof LineSubstitution>;

/** One suggested substitute. */
export const SubstituteSuggestion = z.object({
  productId: z.string(),
  name: z.string(),
  price: z.number().int(),
  imageUrl: z.string().nullable(),
  stock: z.number().int(),
});
export type SubstituteSuggestion = z.infer<typeof SubstituteSuggestion>;
export const SubstituteSuggestions = z.object({ suggestions: z.array(SubstituteSuggestion) });

export const SubstituteQuery = z.object({ outletId: z.uuid('Unknown outlet').optional() });

/** The customer's remembered choices, for the lines of a checkout. */
export const SubstitutionDefaultsQuery = z.object({
  productIds: z
    .string()
    .max(2000)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.uuid('Unknown product')).max(50)),
});
export const SubstitutionDefaults = z.object({
  defaults: z.array(
    z.object({
      productId: z.string(),
      preference: z.enum(SUBSTITUTION_PREFERENCES),
      alternative: z.object({ productId: z.string(), name: z.string() }).nullable(),
    }),
  ),
});
export type SubstitutionDefaults = z.infer<typeof SubstitutionDefaults>;

/**
 * The packer's step on one line: short by `shortQuantity`, then a substitute or a refund. Without an
 * outcome the line is only marked short (the order cannot be marked ready until it is resolved).
 */
export const ShortLineInput = z
  .object({
    shortQuantity: z.number().int('Whole units only').min(1, 'Mark at least 1 unit short'),
    outcome: z.enum(SHORT_OUTCOMES, { message: 'Choose a substitute or a refund' }).optional(),
    substituteProductId: z.uuid('Choose a substitute').optional(),
  })
  .refine((v) => v.outcome !== 'substituted' || !!v.substituteProductId, {
    message: 'Choose a substitute',
    path: ['substituteProductId'],
  });
export type ShortLineInput = z.infer<typeof ShortLineInput>;

export const OrderLineParams = z.object({ id: z.uuid('Order not found'), lineId: z.uuid('Line not found') });

/** The facts of a line the money rule reads. */
export interface LineFacts {
  price: number;
  quantity: number;
  shortQuantity?: number | null;
  outcome?: ShortOutcome | null;
  /** The substitute's unit price. */
  substitutePrice?: number | null;
  refused?: boolean;
}

/**
 * A line's total as packed: the units that were there at the ordered price, plus for the short
 * units either nothing (refunded, or a substitute the customer refused) or the substitute at its
 * own price but never more than those units cost as ordered. So the result is always between 0 and
 * price × quantity: the customer never pays more than the checkout estimate. Null: as ordered.
 */
export function lineFinalPrice(l: LineFacts): number | null {
  const short = Math.min(Math.max(l.shortQuantity ?? 0, 0), l.quantity);
  if (short === 0 || !l.outcome) return null;
  const kept = l.price * (l.quantity - short);
  if (l.outcome === 'refunded' || l.refused) return kept;
  const substitute = Math.max(0, l.substitutePrice ?? 0) * short;
  return kept + Math.min(l.price * short, substitute);
}

/** Whether a suggested product's unit price falls inside the band around the short line's. */
export function inPriceBand(linePrice: number, candidatePrice: number, band = SUBSTITUTE_PRICE_BAND) {
  return Math.abs(candidatePrice - linePrice) <= linePrice * band;
}
