/**
 * What the butcher is asked to do with a line: the picked options ("Cut: Cubed") and the customer's
 * note, and for a near-date offer "Best before 28 Nov 2026 · 20% off", as every cart, checkout,
 * order, back-office and packing screen shows it. Nothing when none of them.
 */
import type { LineMarkdown } from '@meatshop/shared/markdowns';
import { markdownLineLabel } from '@meatshop/shared/markdown-rules';
import type { ChosenOption } from '@meatshop/shared/product-options';
import { Scissors, Tag } from 'lucide-react';
import { cn } from '@/lib/cn';

export function LineDetail({
  options,
  note,
  markdown,
  className,
}: {
  options?: Pick<ChosenOption, 'name' | 'value'>[] | undefined;
  note?: string | null | undefined;
  markdown?: Pick<LineMarkdown, 'useBy' | 'percent'> | null | undefined;
  className?: string;
}) {
  if (!options?.length && !note && !markdown) return null;
  return (
    <div className={cn('mt-1 space-y-0.5 text-sm', className)} data-testid="line-detail">
      {markdown ? (
        <p className="flex items-start gap-1.5 font-medium text-brand-800" data-testid="line-best-before">
          <Tag className="mt-0.75 size-3.5 shrink-0 text-brand-700" aria-hidden="true" />
          <span className="min-w-0">{markdownLineLabel(markdown)}</span>
        </p>
      ) : null}
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
