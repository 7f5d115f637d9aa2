/**
 * What a line says about substitution, as every order screen shows it (customer, back office,
 * outlet, packing slip): the customer's choice while nothing is short, then what the packer did.
 */
import { formatUGX } from '@meatshop/shared/money';
import { type LineSubstitution as LineSubstitutionView, SUBSTITUTION_PREFERENCE_LABEL } from '@meatshop/shared/substitutions';
import { Repeat } from 'lucide-react';
import { cn } from '@/lib/cn';

/** One line of words: "If unavailable: Refund if unavailable", "2 short: Beef steak instead", … */
export function substitutionText(s: LineSubstitutionView, productName: string): string {
  if (!s.shortQuantity) {
    const choice = s.preference === 'specific' && s.alternative ? `${s.alternative.name}` : SUBSTITUTION_PREFERENCE_LABEL[s.preference];
    return `If unavailable: ${choice}`;
  }
  if (!s.outcome) return `${s.shortQuantity} short: not resolved yet`;
  if (s.outcome === 'refunded') return `${s.shortQuantity} short: refunded`;
  if (s.refusedAt) return `${s.shortQuantity} short: substitute ${s.substitute?.name ?? ''} refused, refunded`;
  return `Substituted: ${s.substitute?.quantity ?? s.shortQuantity} × ${s.substitute?.name ?? ''} instead of ${productName}`;
}

export function LineSubstitution({
  substitution,
  productName,
  className,
}: {
  substitution: LineSubstitutionView;
  productName: string;
  className?: string;
}) {
  const s = substitution;
  const changed = !!s.shortQuantity;
  return (
    <div className={cn('mt-1 text-sm', className)} data-testid="line-substitution">
      <p className={cn('flex items-start gap-1.5', changed ? 'font-medium text-brand-800' : 'text-muted')}>
        <Repeat className={cn('mt-0.5 size-3.5 shrink-0', changed ? 'text-brand-700' : 'text-muted')} aria-hidden="true" />
        <span>{substitutionText(s, productName)}</span>
      </p>
      {s.finalPrice != null ? (
        <p className="text-xs text-muted">
          Line as packed: <span className="font-semibold tabular-nums text-ink">{formatUGX(s.finalPrice)}</span>
        </p>
      ) : null}
    </div>
  );
}
