/** A dense back-office table: header row, zebra-free rows, horizontal scroll on a phone. */
import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

export function OpsTable({ children, className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="overflow-x-auto">
      <table className={cn('w-full min-w-[36rem] border-collapse text-sm', className)} {...props}>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b border-line bg-cream px-3 py-2.5 sm:px-4 text-left text-xs font-semibold tracking-wide text-muted uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  // Right-aligned cells hold amounts, counts and actions: "UGX 6,084,000" never breaks after "UGX".
  const numeric = className?.includes('text-right');
  return (
    <td
      className={cn('border-b border-line px-3 py-3 align-middle text-ink sm:px-4', numeric && 'whitespace-nowrap', className)}
      {...props}
    />
  );
}

export function TableSkeleton({ rows = 6, cols = 4 }: { rows?: number; cols?: number }) {
  return (
    <div className="divide-y divide-line" role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="grid gap-4 px-4 py-3.5" style={{ gridTemplateColumns: `2fr repeat(${cols - 1}, 1fr)` }}>
          {Array.from({ length: cols }, (_, j) => (
            <Skeleton key={j} className="h-3.5 w-3/4" />
          ))}
        </div>
      ))}
    </div>
  );
}

export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="@container rounded-[var(--radius-card)] border border-line bg-surface p-4 shadow-card sm:p-5">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
      {/* Sized to the card, so "UGX 4,849,830" stays on one line in a quarter of the screen. */}
      <p className="mt-1.5 text-[clamp(1rem,11cqi,1.5rem)] leading-tight font-semibold text-ink tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
    </div>
  );
}
