/** Placed → Rider Assigned → Out for Delivery → Delivered (or Cancelled), with times in Kampala. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { orderTimeline } from '@meatshop/shared/order-timeline';
import type { Order } from '@meatshop/shared/orders';
import { Check, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

/** The steps' names by their key (`orderTimeline` names them in English). */
const STEP_TEXT: Partial<Record<string, MessageDescriptor>> = {
  placed: msg`Order Placed`,
  assigned: msg`Rider Assigned`,
  picked_up: msg`Out for Delivery`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
};

export function OrderTimeline({ order }: { order: Order }) {
  const { t, i18n } = useLingui();
  const stepName = (s: { key: string; label: string }) => {
    const text = STEP_TEXT[s.key];
    return text ? i18n._(text) : s.label;
  };
  const steps = orderTimeline(order);
  return (
    <ol className="space-y-0">
      {steps.map((s, i) => {
        const done = !!s.at;
        const cancelled = s.key === 'cancelled';
        return (
          <li key={s.key} className="relative flex gap-4 pb-6 last:pb-0">
            {i < steps.length - 1 ? (
              <span
                className={cn('absolute top-8 left-[0.9375rem] h-[calc(100%-2rem)] w-0.5', done ? 'bg-brand-700' : 'bg-line')}
                aria-hidden="true"
              />
            ) : null}
            <span
              className={cn(
                'relative z-10 inline-flex size-8 shrink-0 items-center justify-center rounded-full border-2',
                cancelled
                  ? 'border-danger bg-danger text-white'
                  : done
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-line-strong bg-surface',
              )}
            >
              {cancelled ? <X className="size-4" aria-hidden="true" /> : done ? <Check className="size-4" aria-hidden="true" /> : null}
            </span>
            <div className="pt-1">
              <p className={cn('font-semibold', done ? 'text-ink' : 'text-muted')}>{stepName(s)}</p>
              <p className="text-sm text-muted">{s.at ? formatDateTime(s.at) : t`Not yet`}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
