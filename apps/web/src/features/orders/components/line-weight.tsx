/** What every order screen says of a weighed line: the amount asked and, once packed, what was weighed and charged. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { LineWeight as Weight } from '@meatshop/shared/weighing';
import { formatUGX } from '@meatshop/shared/money';
import { formatGrams } from '@meatshop/shared/weighing-rules';
import { Scale } from 'lucide-react';

export function LineWeight({ weight, estimate }: { weight: Weight | null; estimate: number }) {
  const { t } = useLingui();
  if (!weight) return null;
  const grams = formatGrams(weight.estimatedGrams);
  if (weight.weighedGrams == null) {
    return (
      <p className="text-sm text-muted" data-testid="line-weight">
        <Trans>
          About {grams} · {formatUGX(weight.pricePerKg)} / kg · estimated {formatUGX(estimate)}, weighed when packed
        </Trans>
      </p>
    );
  }
  return (
    <p className="text-sm text-ink-soft" data-testid="line-weight">
      <Scale className="mr-1 inline size-3.5 align-[-2px] text-brand-700" aria-hidden="true" />
      <strong className="text-ink">
        <Trans>Weighed {formatGrams(weight.weighedGrams)}</Trans>
      </strong>
      <span className="whitespace-nowrap"> · {t`about ${grams} asked`}</span>
      {weight.finalPrice != null && weight.finalPrice < estimate ? (
        <span className="block">
          <Trans>
            Estimate was <span className="whitespace-nowrap">{formatUGX(estimate)}</span>
          </Trans>
        </span>
      ) : null}
    </p>
  );
}
