/** Multi-line text field matching Input. */
import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, invalid, ...props }: TextareaProps) {
  return (
    <textarea
      aria-invalid={invalid || undefined}
      className={cn(
        'block min-h-28 w-full rounded-xl border border-line-strong bg-surface px-4 py-3 text-base text-ink placeholder:text-muted/80 transition-colors hover:border-ink/30 focus:border-brand-700 focus:ring-3 focus:ring-brand-700/15 focus:outline-none disabled:bg-cream-deep aria-invalid:border-danger sm:text-[0.9375rem]',
        className,
      )}
      {...props}
    />
  );
}
