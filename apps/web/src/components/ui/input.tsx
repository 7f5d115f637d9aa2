/** Text input with the shop's look; `invalid` marks it for assistive tech and colours the border. */
import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export const inputClasses =
  'block h-12 w-full rounded-xl border border-line-strong bg-surface px-4 text-base text-ink placeholder:text-muted/80 shadow-[inset_0_1px_2px_rgb(31_27_24/0.04)] transition-colors hover:border-ink/30 focus:border-brand-700 focus:ring-3 focus:ring-brand-700/15 focus:outline-none disabled:cursor-not-allowed disabled:bg-cream-deep disabled:text-muted aria-invalid:border-danger aria-invalid:focus:ring-danger/15 sm:text-[0.9375rem]';

export function Input({ className, invalid, ...props }: InputProps) {
  return <input aria-invalid={invalid || undefined} className={cn(inputClasses, className)} {...props} />;
}
