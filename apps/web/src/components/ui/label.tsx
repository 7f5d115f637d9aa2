/** Form label (Radix Label: clicking it focuses the control). */
import type { ComponentProps } from 'react';
import { Label as RadixLabel } from 'radix-ui';
import { cn } from '@/lib/cn';

export function Label({ className, ...props }: ComponentProps<typeof RadixLabel.Root>) {
  return <RadixLabel.Root className={cn('block text-sm font-semibold text-ink', className)} {...props} />;
}
