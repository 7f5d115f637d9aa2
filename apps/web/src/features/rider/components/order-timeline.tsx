/** Order Placed → Rider Assigned → Order Picked Up → Delivered, with 'Not yet' where missing. */
import { Trans } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

export function OrderTimeline({ steps }: { steps: { label: string; at: string | null }[] }) {
  return (
    <ol className="space-y-0">
      {steps.map((s, i) => (
        <li key={s.label} className="relative flex gap-3 pb-4 last:pb-0">
          {i < steps.length - 1 ? (
            <span
              className={cn('absolute top-7 left-3 h-[calc(100%-1.5rem)] w-0.5', s.at ? 'bg-success/40' : 'bg-line')}
              aria-hidden="true"
            />
          ) : null}
          <span
            className={cn(
              'relative inline-flex size-6 shrink-0 items-center justify-center rounded-full',
              s.at ? 'bg-success text-white' : 'border-2 border-line-strong bg-surface',
            )}
          >
            {s.at ? <Check className="size-4" aria-hidden="true" /> : null}
          </span>
          <span>
            <span className="block font-medium text-ink">{s.label}</span>
            <span className="block text-sm text-muted">{s.at ? formatDateTime(s.at) : <Trans>Not yet</Trans>}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
