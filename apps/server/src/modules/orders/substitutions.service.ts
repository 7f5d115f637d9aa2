/**
 * Substitutions outside the packing step: the customer's choice per checkout line (checked, stored
 * on the line, remembered for their next checkout), and suggested substitutes for a product. The
 * packing step itself, which moves stock and money, is the order core's (lifecycle/substitute.ts).
 */
import { unitPrice } from '@meatshop/shared/money';
import { priceWithOptions, type ProductOption } from '@meatshop/shared/product-options';
import {
  inPriceBand,
  SUBSTITUTE_SUGGESTION_LIMIT,
  SUBSTITUTION_MESSAGES,
  type SubstituteSuggestion,
  type SubstitutionChoice,
  type SubstitutionDefaults,
  type SubstitutionPreference,
} from '@meatshop/shared/substitutions';
import type { Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import {
  findActiveProducts,
  findOutletOffer,
  findSubstituteCandidates,
  findSubstitutionChoices,
  upsertSubstitutionChoices,
} from './substitutions.repository.ts';

/** What one unit of a product costs as a substitute: its price with its first available option values. */
export function substituteUnitPrice(p: { name: string; price: number; discountPrice: number | null; options: ProductOption[] }) {
  const priced = priceWithOptions(p.name, unitPrice(p), p.options);
  return priced.ok ? priced.unitPrice : unitPrice(p);
}

export interface LineChoice {
  preference: SubstitutionPreference;
  alternative: { productId: string; name: string } | null;
}

/**
 * Each checkout line's choice, checked: a specific alternative must be a product still on sale and
 * not the line's own product. A line without a choice takes the best match. Refused with the
 * field of the line that is wrong; nothing is written.
 */
export async function checkLineChoices(
  tx: Tx,
  items: { productId: string; substitution?: SubstitutionChoice | undefined }[],
): Promise<LineChoice[]> {
  const wanted = [
    ...new Set(items.flatMap((i) => (i.substitution?.preference === 'specific' ? [i.substitution.alternativeProductId!] : []))),
  ];
  const found = new Map((await findActiveProducts(tx, wanted)).map((p) => [p.id, p]));
  const refused: Record<string, string> = {};
  const choices = items.map((item, i): LineChoice => {
    const c = item.substitution;
    if (c?.preference !== 'specific') return { preference: c?.preference ?? 'best_match', alternative: null };
    const alt = found.get(c.alternativeProductId!);
    if (c.alternativeProductId === item.productId)
      refused[`items.${i}.substitution.alternativeProductId`] = SUBSTITUTION_MESSAGES.alternativeSame;
    else if (!alt) refused[`items.${i}.substitution.alternativeProductId`] = SUBSTITUTION_MESSAGES.alternativeUnknown;
    return { preference: 'specific', alternative: alt ? { productId: alt.id, name: alt.name } : null };
  });
  const first = Object.values(refused)[0];
  if (first) throw invalid(first, refused);
  return choices;
}

/** Remembers the choices of an order just placed, so the customer's next checkout starts from them. */
export function rememberLineChoices(tx: Tx, userId: string, lines: { productId: string; choice: LineChoice }[]) {
  const byProduct = new Map(lines.map((l) => [l.productId, l.choice]));
  return upsertSubstitutionChoices(
    tx,
    userId,
    [...byProduct].map(([productId, c]) => ({
      productId,
      preference: c.preference,
      alternativeProductId: c.alternative?.productId ?? null,
    })),
  );
}

/**
 * The customer's default per product: what they chose for it last time, else the kind of choice they
 * made last (a specific alternative belongs to its product, so elsewhere that reads as best match).
 */
export async function substitutionDefaults(tx: Tx, userId: string, productIds: string[]): Promise<SubstitutionDefaults> {
  const { mine, latest } = await findSubstitutionChoices(tx, userId, productIds);
  const byProduct = new Map(mine.map((r) => [r.productId, r]));
  const fallback = latest && latest.preference !== 'specific' ? (latest.preference as SubstitutionPreference) : 'best_match';
  return {
    defaults: productIds.map((productId) => {
      const r = byProduct.get(productId);
      // A remembered alternative since archived is no choice any more.
      if (r && (r.preference !== 'specific' || r.alternativeName)) {
        return {
          productId,
          preference: r.preference as SubstitutionPreference,
          alternative: r.alternativeProductId && r.alternativeName ? { productId: r.alternativeProductId, name: r.alternativeName } : null,
        };
      }
      return { productId, preference: fallback, alternative: null };
    }),
  };
}

/**
 * Substitutes for a product: same category, on sale, in stock (at the outlet when given), priced
 * within the band around `linePrice` (the short line's unit price; the product's own price when
 * none), nearest price first.
 */
export async function suggestSubstitutes(
  tx: Tx,
  productId: string,
  opts: { outletId?: string; linePrice?: number } = {},
): Promise<SubstituteSuggestion[]> {
  const [product] = await findActiveProducts(tx, [productId]);
  if (!product) throw notFound('Product not found');
  const base = opts.linePrice ?? substituteUnitPrice(product);
  const candidates = await findSubstituteCandidates(tx, product, opts.outletId);
  return candidates
    .map((c) => ({ productId: c.id, name: c.name, price: substituteUnitPrice(c), imageUrl: c.imageUrls?.[0] ?? null, stock: c.stock }))
    .filter((c) => inPriceBand(base, c.price))
    .sort((a, b) => Math.abs(a.price - base) - Math.abs(b.price - base) || a.name.localeCompare(b.name))
    .slice(0, SUBSTITUTE_SUGGESTION_LIMIT);
}

/** The customer's specific alternative as a suggestion, when this outlet has it on sale and in stock. */
export async function alternativeAtOutlet(tx: Tx, outletId: string, productId: string): Promise<SubstituteSuggestion | null> {
  const offer = await findOutletOffer(tx, outletId, productId);
  if (!offer || offer.stock <= 0) return null;
  return {
    productId: offer.id,
    name: offer.name,
    price: substituteUnitPrice(offer),
    imageUrl: offer.imageUrls?.[0] ?? null,
    stock: offer.stock,
  };
}
