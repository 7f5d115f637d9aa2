/**
 * Trade prices: which price a trade member pays for a product, from the price lines that could
 * apply (their account's list and their tier's list). Pure, so the storefront, the cart and the
 * order core resolve the same price from the same lines.
 *
 * The rules: a line counts on the Kampala days from `validFrom` to `validTo` (both included, either
 * open). The account's line beats the tier's, which beats the retail price. A line is a fixed price
 * or a percentage off the retail price (the discount price when there is one); a trade price is
 * never above retail, so a stale list cannot make a member pay more than a household. The chosen
 * line also sets the least a member may order and the case size the quantity must be a multiple of.
 */
import { z } from 'zod';
import { shopDay } from './batches.ts';
import { TRADE_LINE_MAX_QTY } from './constants.ts';

export { TRADE_LINE_MAX_QTY };
import { type PricedProduct, unitPrice } from './money.ts';

export const PRICE_LIST_SCOPES = ['account', 'tier'] as const;
export type PriceListScope = (typeof PRICE_LIST_SCOPES)[number];

export interface PriceLine {
  scope: PriceListScope;
  /** Exactly one of these two is set. */
  fixedPrice: number | null;
  percentOff: number | null;
  /** Kampala calendar days, YYYY-MM-DD; null is open-ended. */
  validFrom: string | null;
  validTo: string | null;
  minQuantity: number;
  caseSize: number;
}

export interface ResolvedPrice {
  unitPrice: number;
  source: PriceListScope | 'retail';
  minQuantity: number;
  caseSize: number;
}

export const isValidOn = (line: Pick<PriceLine, 'validFrom' | 'validTo'>, day: string) =>
  (line.validFrom === null || line.validFrom <= day) && (line.validTo === null || day <= line.validTo);

function priceOf(line: PriceLine, retail: number) {
  const listed = line.fixedPrice ?? Math.round((retail * (100 - (line.percentOff ?? 0))) / 100);
  return Math.min(listed, retail);
}

/** The price of one product for a member on `day` (default: today in Kampala). */
export function resolveTradePrice(product: PricedProduct, lines: readonly PriceLine[], day: string = shopDay()): ResolvedPrice {
  const retail = unitPrice(product);
  for (const scope of PRICE_LIST_SCOPES) {
    const valid = lines.filter((l) => l.scope === scope && isValidOn(l, day));
    if (valid.length === 0) continue;
    // Two valid lines of one list (overlapping dates): the cheaper one, so the answer never depends on row order.
    const best = valid.reduce((a, b) => (priceOf(b, retail) < priceOf(a, retail) ? b : a));
    return { unitPrice: priceOf(best, retail), source: scope, minQuantity: best.minQuantity, caseSize: best.caseSize };
  }
  return { unitPrice: retail, source: 'retail', minQuantity: 1, caseSize: 1 };
}

export const TRADE_QUANTITY_MESSAGES = {
  min: (name: string, min: number) => `${name}: order at least ${min} on your trade price list.`,
  caseSize: (name: string, size: number) => `${name} comes in cases of ${size}: order a multiple of ${size}.`,
  max: (name: string) => `${name}: at most ${TRADE_LINE_MAX_QTY} on one line. Call us for a larger order.`,
} as const;

/** Why a member may not order `quantity` of a product at its resolved price, or null when they may. */
export function tradeQuantityRefusal(name: string, price: ResolvedPrice, quantity: number): string | null {
  if (quantity > TRADE_LINE_MAX_QTY) return TRADE_QUANTITY_MESSAGES.max(name);
  if (quantity < price.minQuantity) return TRADE_QUANTITY_MESSAGES.min(name, price.minQuantity);
  if (quantity % price.caseSize !== 0) return TRADE_QUANTITY_MESSAGES.caseSize(name, price.caseSize);
  return null;
}

/** GET /api/account/trade/prices: a member's prices for today, for every product their lists name. */
export const TradePriceSheet = z.object({
  day: z.string(),
  prices: z.array(
    z.object({
      productId: z.string(),
      unitPrice: z.number().int(),
      source: z.enum(['account', 'tier', 'retail']),
      minQuantity: z.number().int(),
      caseSize: z.number().int(),
    }),
  ),
});
export type TradePriceSheet = z.infer<typeof TradePriceSheet>;

// Admin > Trade accounts > Price lists.
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-21')
  .nullable()
  .optional();

export const PriceListQuery = z.object({
  tierId: z.string().min(1).max(64).optional(),
  accountId: z.uuid('Unknown trade account').optional(),
});

const lineFields = z.object({
  productId: z.uuid('Choose a product'),
  fixedPrice: z.number().int('Whole shillings').min(1, 'The price must be at least UGX 1').max(100_000_000).nullable().optional(),
  percentOff: z.number().int('A whole percentage').min(1, 'Between 1 and 90%').max(90, 'Between 1 and 90%').nullable().optional(),
  validFrom: day,
  validTo: day,
  minQuantity: z.number().int().min(1, 'At least 1').max(TRADE_LINE_MAX_QTY).default(1),
  caseSize: z.number().int().min(1, 'At least 1').max(TRADE_LINE_MAX_QTY).default(1),
});
function checkLine(v: z.output<typeof lineFields>, ctx: z.RefinementCtx) {
  if ((v.fixedPrice == null) === (v.percentOff == null))
    ctx.addIssue({ code: 'custom', path: ['fixedPrice'], message: 'Give either a price or a percentage off, not both' });
  if (v.validFrom && v.validTo && v.validFrom > v.validTo)
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'The end date is before the start date' });
}
export const AdminPriceLineInput = lineFields.superRefine(checkLine);
export type AdminPriceLineInput = z.input<typeof AdminPriceLineInput>;
export type AdminPriceLineData = z.output<typeof AdminPriceLineInput>;
/** A new line names its list: a tier's or one account's (exactly one). */
export const AdminPriceLineCreate = lineFields
  .extend({ tierId: z.string().min(1).max(64).optional(), accountId: z.uuid('Unknown trade account').optional() })
  .superRefine((v, ctx) => {
    checkLine(v, ctx);
    if (!v.tierId === !v.accountId) ctx.addIssue({ code: 'custom', path: ['tierId'], message: 'Choose a tier or an account' });
  });
export type AdminPriceLineCreate = z.input<typeof AdminPriceLineCreate>;
export type AdminPriceLineCreateData = z.output<typeof AdminPriceLineCreate>;

export const AdminPriceLine = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  retailPrice: z.number().int(),
  fixedPrice: z.number().int().nullable(),
  percentOff: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  minQuantity: z.number().int(),
  caseSize: z.number().int(),
});
export type AdminPriceLine = z.infer<typeof AdminPriceLine>;
export const AdminPriceList = z.object({ lines: z.array(AdminPriceLine) });
export type AdminPriceList = z.infer<typeof AdminPriceList>;
export const AdminPriceProducts = z.object({
  products: z.array(z.object({ id: z.string(), name: z.string(), price: z.number().int(), discountPrice: z.number().int().nullable() })),
});
export type AdminPriceProducts = z.infer<typeof AdminPriceProducts>;
export const AdminPriceLineParams = z.object({ id: z.uuid('Unknown price line') });
export const AdminTierInput = z.object({ name: z.string().trim().min(2, 'Tier name is required').max(60, 'Tier name is too long') });
export type AdminTierInput = z.input<typeof AdminTierInput>;
