/** Native select styled like Input: the phone's own picker is the most usable one on a small screen. */
import type { Ref, SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ className, invalid, children, ...props }: SelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select
        aria-invalid={invalid || undefined}
        className="block h-12 w-full appearance-none rounded-xl border border-line-strong bg-surface pr-10 pl-4 text-base text-ink transition-colors hover:border-ink/30 focus:border-brand-700 focus:ring-3 focus:ring-brand-700/15 focus:outline-none disabled:bg-cream-deep aria-invalid:border-danger sm:text-[0.9375rem]"
        {...props}
      >
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
    </div>
  );
}
