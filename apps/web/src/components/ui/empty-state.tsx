/** What a list shows when it has nothing in it: an icon, a title, a hint and one way forward. */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center justify-center px-6 py-14 text-center', className)}>
      <span className="mb-5 inline-flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-8 ring-brand-50/50">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="font-display text-xl font-semibold text-ink">{title}</h2>
      {description ? <p className="mt-2 max-w-sm text-sm text-muted">{description}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
