/** Stand-in for a back-office screen that later work fills: its title, purpose and the shape to come. */
import { Hammer } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useRouteHandle } from '../../use-route-handle';

export function AdminPlaceholderScreen() {
  const handle = useRouteHandle();
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-dashed border-line-strong bg-surface p-5 sm:flex-row sm:items-center">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Hammer className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 className="font-semibold text-ink">{handle?.title ?? 'This screen'} is on its way</h2>
          <p className="text-sm text-muted">{handle?.description ?? 'This part of the back office is being built.'}</p>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Card key={i} className="space-y-3 p-5">
            <Skeleton className="h-3 w-24 animate-none" />
            <Skeleton className="h-7 w-32 animate-none" />
            <Skeleton className="h-3 w-16 animate-none" />
          </Card>
        ))}
      </div>

      <Card className="overflow-hidden">
        <div className="flex items-center justify-between border-b border-line p-4">
          <Skeleton className="h-9 w-56 animate-none rounded-full" />
          <Skeleton className="h-9 w-28 animate-none rounded-full" />
        </div>
        <div className="divide-y divide-line">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="grid grid-cols-[2fr_1fr_1fr_auto] items-center gap-4 px-4 py-3.5">
              <Skeleton className="h-3.5 w-3/4 animate-none" />
              <Skeleton className="h-3.5 w-2/3 animate-none" />
              <Skeleton className="h-5 w-16 animate-none rounded-full" />
              <Skeleton className="h-7 w-7 animate-none rounded-full" />
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}
