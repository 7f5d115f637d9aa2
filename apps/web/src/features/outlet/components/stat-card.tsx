/** One dashboard figure: label, value and a short note, with an icon. */
import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

interface StatCardProps {
  label: string;
  value: string | undefined;
  note?: string;
  icon: LucideIcon;
  tone?: 'brand' | 'warning';
  testId?: string;
}

export function StatCard({ label, value, note, icon: Icon, tone = 'brand', testId }: StatCardProps) {
  return (
    <Card className="@container p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted">{label}</p>
        <span
          className={cn(
            'inline-flex size-9 items-center justify-center rounded-full',
            tone === 'warning' ? 'bg-warning-soft text-warning' : 'bg-brand-50 text-brand-700',
          )}
        >
          <Icon className="size-4.5" aria-hidden="true" />
        </span>
      </div>
      {value === undefined ? (
        <Skeleton className="mt-3 h-8 w-28" />
      ) : (
        // Sized to the card, so "UGX 110,300" stays on one line in half a phone screen.
        <p
          className="mt-2 text-[clamp(1rem,11cqi,1.5rem)] leading-tight font-semibold tracking-tight whitespace-nowrap text-ink tabular-nums"
          data-testid={testId}
        >
          {value}
        </p>
      )}
      {note ? <p className={cn('mt-1 text-xs', tone === 'warning' ? 'font-medium text-warning' : 'text-muted')}>{note}</p> : null}
    </Card>
  );
}
