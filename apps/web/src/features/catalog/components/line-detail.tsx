/**
 * What the butcher is asked to do with a line: the picked options ("Cut: Cubed") and the customer's
 * note, as every cart, checkout, order, back-office and packing screen shows it. Nothing when neither.
 */
import type { ChosenOption } from '@meatshop/shared/product-options';
import { Scissors } from 'lucide-react';
import { cn } from '@/lib/cn';

export function LineDetail({
  options,
  note,
  className,
}: {
  options?: Pick<ChosenOption, 'name' | 'value'>[] | undefined;
  note?: string | null | undefined;
  className?: string;
}) {
  if (!options?.length && !note) return null;
  return (
    <div className={cn('mt-1 space-y-0.5 text-sm', className)} data-testid="line-detail">
      {options?.length ? (
        <p className="flex flex-wrap items-center gap-x-1.5 text-ink-soft">
          <Scissors className="size-3.5 shrink-0 text-brand-700" aria-hidden="true" />
          {options.map((o, i) => (
            <span key={o.name}>
              {i > 0 ? <span className="mr-1.5 text-muted">·</span> : null}
              <span className="text-muted">{o.name}:</span> <span className="font-medium">{o.value}</span>
            </span>
          ))}
        </p>
      ) : null}
      {note ? <p className="text-muted italic">“{note}”</p> : null}
    </div>
  );
}
