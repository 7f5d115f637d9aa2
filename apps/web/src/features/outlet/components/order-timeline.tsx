/** The order's timeline as the outlet sees it, with "Not yet" for steps still to come. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { OutletOrderDetail } from '@meatshop/shared/outlet';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

const CANCELLED = msg`Cancelled`;

export function OrderTimeline({ order }: { order: OutletOrderDetail }) {
  const { i18n } = useLingui();
  const steps: Array<[MessageDescriptor, string | null]> = [
    [msg`Order Placed`, order.createdAt],
    [msg`Rider Assigned`, order.assignedAt],
    [msg`Ready for Pickup`, order.readyAt],
    [msg`Order Picked Up`, order.pickedUpAt],
    [msg`Delivered`, order.deliveredAt],
  ];
  if (order.cancelledAt) steps.push([CANCELLED, order.cancelledAt]);
  return (
    <ol className="space-y-4">
      {steps.map(([label, at]) => (
        <li key={label.id} className="flex items-start gap-3">
          <span
            className={cn(
              'mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full ring-1',
              at
                ? label === CANCELLED
                  ? 'bg-danger-soft text-danger ring-danger/20'
                  : 'bg-success-soft text-success ring-success/20'
                : 'bg-cream text-muted ring-line',
            )}
          >
            {at ? <Check className="size-3.5" aria-hidden="true" /> : null}
          </span>
          <div>
            <p className={cn('text-sm font-semibold', at ? 'text-ink' : 'text-muted')}>{i18n._(label)}</p>
            <p className="text-xs text-muted">{at ? formatDateTime(at) : i18n._(msg`Not yet`)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
