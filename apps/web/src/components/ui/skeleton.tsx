/** Placeholder shape shown while content loads (preferred over a lone spinner). */
import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-line/70', className)} {...props} />;
}
