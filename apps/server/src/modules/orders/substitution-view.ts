/** Shapes a line's substitution columns into the `LineSubstitution` every order screen reads. */
import type { LineSubstitution, ShortOutcome, SubstitutionPreference } from '@meatshop/shared/substitutions';

export interface SubstitutionFacts {
  substitutionPreference: string;
  alternativeProductId: string | null;
  alternativeName: string | null;
  shortQuantity: number | null;
  shortOutcome: string | null;
  substituteProductId: string | null;
  substituteName: string | null;
  substitutePrice: number | null;
  substitutedAt: Date | null;
  refusableUntil: Date | null;
  substituteRefusedAt: Date | null;
  finalPrice: number | null;
}

/** What the order's state allows: once the rider has it (or it is over) a substitute can no longer be refused. */
interface OrderFacts {
  status: string;
  pickedUpAt: Date | null;
}

export function substitutionView(l: SubstitutionFacts, order: OrderFacts): LineSubstitution {
  const open = !order.pickedUpAt && (order.status === 'pending' || order.status === 'assigned');
  const substituted = l.shortOutcome === 'substituted' && !!l.substituteProductId;
  return {
    preference: l.substitutionPreference as SubstitutionPreference,
    alternative: l.alternativeProductId ? { productId: l.alternativeProductId, name: l.alternativeName ?? '' } : null,
    shortQuantity: l.shortQuantity,
    outcome: (l.shortOutcome as ShortOutcome | null) ?? null,
    substitute: substituted
      ? { productId: l.substituteProductId!, name: l.substituteName ?? '', price: l.substitutePrice ?? 0, quantity: l.shortQuantity ?? 0 }
      : null,
    substitutedAt: l.substitutedAt?.toISOString() ?? null,
    refusedAt: l.substituteRefusedAt?.toISOString() ?? null,
    refusableUntil: substituted && open && !l.substituteRefusedAt && l.refusableUntil ? l.refusableUntil.toISOString() : null,
    finalPrice: l.finalPrice,
  };
}

/** The substitution of a line just placed: the customer's choice, nothing done yet. */
export const placedSubstitution = (preference: string, alternative: { productId: string; name: string } | null): SubstitutionFacts => ({
  substitutionPreference: preference,
  alternativeProductId: alternative?.productId ?? null,
  alternativeName: alternative?.name ?? null,
  shortQuantity: null,
  shortOutcome: null,
  substituteProductId: null,
  substituteName: null,
  substitutePrice: null,
  substitutedAt: null,
  refusableUntil: null,
  substituteRefusedAt: null,
  finalPrice: null,
});
