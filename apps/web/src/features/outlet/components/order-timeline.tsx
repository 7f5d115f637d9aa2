/** The order's timeline as the outlet sees it, with "Not yet" for steps still to come. */
import type { OutletOrderDetail } from '@meatshop/shared/outlet';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

export function OrderTimeline({ order }: { order: OutletOrderDetail }) {
  const steps: Array<[string, string | null]> = [
    ['Order Placed', order.createdAt],
    ['Rider Assigned', order.assignedAt],
    ['Ready for Pickup', order.readyAt],
    ['Order Picked Up', order.pickedUpAt],
    ['Delivered', order.deliveredAt],
  ];
  if (order.cancelledAt) steps.push(['Cancelled', order.cancelledAt]);
  return (
    <ol className="space-y-4">
      {steps.map(([label, at]) => (
        <li key={label} className="flex items-start gap-3">
          <span
            className={cn(
              'mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full ring-1',
              at
                ? label === 'Cancelled'
                  ? 'bg-danger-soft text-danger ring-danger/20'
                  : 'bg-success-soft text-success ring-success/20'
                : 'bg-cream text-muted ring-line',
            )}
          >
            {at ? <Check className="size-3.5" aria-hidden="true" /> : null}
          </span>
          <div>
            <p className={cn('text-sm font-semibold', at ? 'text-ink' : 'text-muted')}>{label}</p>
            <p className="text-xs text-muted">{at ? formatDateTime(at) : 'Not yet'}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
