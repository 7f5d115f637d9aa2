/** Small status pill; tones match the shared status map (packages/shared/src/status.ts). */
import type { HTMLAttributes } from 'react';
import type { Tone } from '@meatshop/shared/status';
import { cn } from '@/lib/cn';

const tones: Record<Tone | 'brand', string> = {
  neutral: 'bg-cream-deep text-ink-soft ring-line-strong/60',
  info: 'bg-info-soft text-info ring-info/15',
  warning: 'bg-warning-soft text-warning ring-warning/15',
  success: 'bg-success-soft text-success ring-success/15',
  danger: 'bg-danger-soft text-danger ring-danger/15',
  brand: 'bg-brand-700 text-white ring-brand-800',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: Tone | 'brand';
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
