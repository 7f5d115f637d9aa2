/**
 * Delivery time at checkout: "As soon as possible" while the shop delivers today,
 * or a slot on one of the next delivery days. Full slots show but cannot be chosen; the server checks
 * the choice again when the order is placed.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeliverySlotsResponse } from '@meatshop/shared/delivery-slots';
import { Clock, Zap } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDeliverySlots } from '../api/get-delivery-slots';

interface Props {
  /** "asap", a slot's start, or "" before anything is chosen. */
  value: string;
  onChange: (v: string) => void;
  error?: string;
}

/** What to preselect: as soon as possible when open, else the first slot with room. */
function firstChoice(s: DeliverySlotsResponse): string {
  if (s.asap.available) return 'asap';
  for (const d of s.days) for (const slot of d.slots) if (slot.remaining > 0) return slot.start;
  return '';
}

export function DeliverySlotPicker({ value, onChange, error }: Props) {
  const { t } = useLingui();
  const slots = useDeliverySlots();
  const data = slots.data;
  const [day, setDay] = useState<string | null>(null);

  useEffect(() => {
    if (!data) return;
    const stillOffered =
      value === 'asap' ? data.asap.available : data.days.some((d) => d.slots.some((s) => s.start === value && s.remaining > 0));
    if (!value || !stillOffered) onChange(firstChoice(data));
  }, [data, value, onChange]);

  if (slots.isPending) {
    return (
      <div className="space-y-3" role="status" aria-busy="true" aria-label={t`Loading delivery times`}>
        <Skeleton className="h-16 w-full rounded-2xl" />
        <Skeleton className="h-10 w-2/3 rounded-xl" />
        <Skeleton className="h-24 w-full rounded-2xl" />
      </div>
    );
  }
  if (slots.isError || !data) return <ErrorState message={errorMessage(slots.error)} onRetry={() => slots.refetch()} />;

  const chosenDay = data.days.find((d) => d.slots.some((s) => s.start === value))?.date;
  const shownDay = data.days.find((d) => d.date === (day ?? chosenDay)) ?? data.days[0];
  const asapChecked = value === 'asap';

  return (
    <div className="space-y-5">
      <div role="radiogroup" aria-label={t`Delivery time`} className="space-y-5">
        <label
          className={cn(
            'flex items-center gap-3 rounded-2xl border p-4 transition-colors',
            !data.asap.available && 'cursor-not-allowed opacity-60',
            data.asap.available && 'cursor-pointer',
            asapChecked ? 'border-brand-700 bg-brand-50 ring-2 ring-brand-700/15' : 'border-line-strong bg-surface hover:border-ink/40',
          )}
        >
          <input
            type="radio"
            name="delivery-slot"
            value="asap"
            checked={asapChecked}
            disabled={!data.asap.available}
            onChange={() => onChange('asap')}
            className="sr-only"
          />
          <span
            className={cn(
              'inline-flex size-10 shrink-0 items-center justify-center rounded-full',
              asapChecked ? 'bg-brand-700 text-white' : 'bg-cream-deep text-ink-soft',
            )}
          >
            <Zap className="size-5" aria-hidden="true" />
          </span>
          <span>
            <span className="block font-semibold text-ink">
              <Trans>As soon as possible</Trans>
            </span>
            <span className="block text-xs text-muted">{data.asap.note}</span>
          </span>
        </label>

        {data.days.length === 0 ? (
          <p className="rounded-2xl bg-cream-deep px-4 py-3 text-sm text-ink-soft">
            <Trans>No delivery slots are open in the coming days.</Trans>
          </p>
        ) : (
          <div className="space-y-3">
            <p className="flex items-center gap-2 text-sm font-semibold text-ink">
              <Clock className="size-4 text-brand-700" aria-hidden="true" />
              <Trans>Or choose a delivery slot</Trans>
            </p>
            <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" role="tablist" aria-label={t`Delivery day`}>
              {data.days.map((d) => {
                const active = d.date === shownDay?.date;
                return (
                  <button
                    key={d.date}
                    type="button"
                    role="tab"
                    aria-selected={active}
                    onClick={() => setDay(d.date)}
                    className={cn(
                      'shrink-0 rounded-full border px-4 py-2 text-sm font-semibold transition-colors',
                      active ? 'border-ink bg-ink text-white' : 'border-line-strong bg-surface text-ink-soft hover:border-ink/40',
                    )}
                  >
                    {d.label}
                  </button>
                );
              })}
            </div>
            {shownDay ? (
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3" role="tabpanel" aria-label={t`Slots on ${shownDay.label}`}>
                {shownDay.slots.map((s) => {
                  const full = s.remaining <= 0;
                  const checked = value === s.start;
                  return (
                    <label
                      key={s.start}
                      className={cn(
                        'flex flex-col rounded-xl border px-3 py-2.5 text-center transition-colors',
                        full ? 'cursor-not-allowed border-line bg-cream-deep/60 text-muted' : 'cursor-pointer',
                        checked
                          ? 'border-brand-700 bg-brand-50 ring-2 ring-brand-700/15'
                          : !full && 'border-line-strong bg-surface hover:border-ink/40',
                      )}
                    >
                      <input
                        type="radio"
                        name="delivery-slot"
                        value={s.start}
                        checked={checked}
                        disabled={full}
                        onChange={() => onChange(s.start)}
                        className="sr-only"
                        aria-label={full ? t`${shownDay.label} ${s.label} (full)` : `${shownDay.label} ${s.label}`}
                      />
                      <span className={cn('text-sm font-semibold tabular-nums', full ? 'line-through' : 'text-ink')}>{s.label}</span>
                      <span className={cn('text-xs', full ? 'text-muted' : s.remaining <= 3 ? 'text-brand-700' : 'text-muted')}>
                        {full ? t`Full` : s.remaining <= 3 ? t`${s.remaining} left` : t`Available`}
                      </span>
                    </label>
                  );
                })}
              </div>
            ) : null}
            <p className="text-xs text-muted">
              <Trans>Same-day slots close at {data.sameDayCutoff} (Kampala time).</Trans>
            </p>
          </div>
        )}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
