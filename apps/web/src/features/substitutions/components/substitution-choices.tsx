/**
 * Checkout: per cart line, what we should do if it is short when the butcher packs it: "Best
 * match", "A specific alternative" (picked from the suggested products) or "Refund if unavailable".
 * Each line starts from the customer's last choice (remembered by the server); the server checks the
 * alternative again when the order is placed.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SUBSTITUTION_PREFERENCE_TEXT, shopText } from '@/features/orders/shop-texts';
import { formatUGX } from '@meatshop/shared/money';
import { SUBSTITUTION_MESSAGES, SUBSTITUTION_PREFERENCES, type SubstitutionPreference } from '@meatshop/shared/substitutions';
import { useEffect } from 'react';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useSubstituteSuggestions, useSubstitutionDefaults } from '../api/substitutions';

export interface LineChoiceValue {
  preference: SubstitutionPreference;
  alternativeProductId?: string;
  alternativeName?: string;
}

export interface ChoiceLine {
  key: string;
  productId: string;
  name: string;
  imageUrl: string | null;
}

const HINT: Record<SubstitutionPreference, MessageDescriptor> = {
  best_match: msg`The butcher picks the closest cut at a similar price`,
  specific: msg`Tell us exactly what you would like instead`,
  refund: msg`Leave it out and give me my money back`,
};

interface Props {
  lines: ChoiceLine[];
  value: Record<string, LineChoiceValue>;
  onChange: (key: string, v: LineChoiceValue) => void;
  errors?: Record<string, string>;
  signedIn: boolean;
}

export function SubstitutionChoices({ lines, value, onChange, errors = {}, signedIn }: Props) {
  const defaults = useSubstitutionDefaults(
    lines.map((l) => l.productId),
    signedIn,
  );
  // Fill each line not chosen yet from the remembered choice, once it arrives.
  useEffect(() => {
    for (const d of defaults.data?.defaults ?? []) {
      for (const l of lines.filter((x) => x.productId === d.productId && !value[x.key])) {
        onChange(l.key, {
          preference: d.preference,
          alternativeProductId: d.alternative?.productId,
          alternativeName: d.alternative?.name,
        });
      }
    }
  }, [defaults.data, lines, value, onChange]);

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        <Trans>Fresh meat sells out. If something is short when we pack your order, you never pay more than you ordered.</Trans>
      </p>
      <ul className="space-y-4">
        {lines.map((l) => (
          <LineChoice
            key={l.key}
            line={l}
            value={value[l.key] ?? { preference: 'best_match' }}
            onChange={(v) => onChange(l.key, v)}
            error={errors[l.key]}
          />
        ))}
      </ul>
    </div>
  );
}

function LineChoice({
  line,
  value,
  onChange,
  error,
}: {
  line: ChoiceLine;
  value: LineChoiceValue;
  onChange: (v: LineChoiceValue) => void;
  error?: string;
}) {
  const { t, i18n } = useLingui();
  const specific = value.preference === 'specific';
  const suggestions = useSubstituteSuggestions(line.productId, specific);
  const list = suggestions.data?.suggestions ?? [];
  const chosen = list.find((s) => s.productId === value.alternativeProductId);
  const name = `substitution-${line.key}`;
  const selectId = `${name}-alternative`;
  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="substitution-line">
      <div className="mb-3 flex items-center gap-3">
        {line.imageUrl ? (
          <img src={line.imageUrl} alt="" className="size-10 rounded-xl bg-cream-deep object-cover" />
        ) : (
          <span className="size-10 rounded-xl bg-cream-deep" />
        )}
        <p className="min-w-0 flex-1 truncate font-semibold text-ink">{line.name}</p>
      </div>
      <div role="radiogroup" aria-label={t`If ${line.name} is unavailable`} className="grid gap-2 sm:grid-cols-3">
        {SUBSTITUTION_PREFERENCES.map((p) => {
          const checked = value.preference === p;
          return (
            <label
              key={p}
              title={i18n._(HINT[p])}
              className={cn(
                'flex min-h-12 cursor-pointer items-center rounded-xl border px-3 py-2 text-sm font-medium transition-colors',
                checked
                  ? 'border-brand-700 bg-brand-50 text-brand-800 ring-2 ring-brand-700/15'
                  : 'border-line-strong text-ink hover:border-ink/40',
              )}
            >
              <input
                type="radio"
                name={name}
                value={p}
                checked={checked}
                onChange={() => onChange({ preference: p, alternativeProductId: undefined })}
                className="sr-only"
              />
              {i18n._(SUBSTITUTION_PREFERENCE_TEXT[p])}
            </label>
          );
        })}
      </div>
      <p className="mt-2 text-xs text-muted">{i18n._(HINT[value.preference])}</p>
      {specific ? (
        <div className="mt-3">
          <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-ink">
            <Trans>Instead of {line.name}, I would like</Trans>
          </label>
          {suggestions.isPending ? (
            <Skeleton className="h-12 w-full rounded-xl" />
          ) : suggestions.isError ? (
            <p role="alert" className="text-sm text-danger">
              <Trans>Suggestions could not be loaded. Choose Best match or try again.</Trans>
            </p>
          ) : list.length === 0 && !value.alternativeProductId ? (
            <p className="rounded-xl bg-cream-deep px-3 py-2 text-sm text-ink-soft">
              <Trans>Nothing similar is in stock right now. Choose Best match or Refund if unavailable.</Trans>
            </p>
          ) : (
            <Select
              id={selectId}
              value={value.alternativeProductId ?? ''}
              invalid={!!error}
              aria-describedby={error ? `${selectId}-error` : undefined}
              onChange={(e) => {
                const picked = list.find((s) => s.productId === e.target.value);
                onChange({ preference: 'specific', alternativeProductId: e.target.value || undefined, alternativeName: picked?.name });
              }}
            >
              <option value="">{t`Choose an alternative…`}</option>
              {value.alternativeProductId && !list.some((s) => s.productId === value.alternativeProductId) ? (
                <option value={value.alternativeProductId}>{value.alternativeName ?? t`Your last choice`}</option>
              ) : null}
              {list.map((s) => (
                <option key={s.productId} value={s.productId}>
                  {s.name}
                </option>
              ))}
            </Select>
          )}
          {chosen ? (
            <p className="mt-1.5 text-sm text-ink-soft" data-testid="alternative-price">
              <Trans>
                {formatUGX(chosen.price)} each · you never pay more than {line.name} costs
              </Trans>
            </p>
          ) : null}
          {error || (specific && !value.alternativeProductId && list.length > 0) ? (
            <p id={`${selectId}-error`} className={cn('mt-1.5 text-sm', error ? 'text-danger' : 'text-muted')}>
              {error ?? shopText(i18n, SUBSTITUTION_MESSAGES.alternativeMissing)}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
