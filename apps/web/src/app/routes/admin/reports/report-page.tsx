/**
 * The frame every dated report shares: the date range card on top, then the report's own sections,
 * or one error card (with Try again) in their place while its query fails; the row of figures with
 * its skeletons while loading; and a titled section whose CSV link waits for the data. Each screen
 * keeps only what it says and how its tables are laid out.
 */
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { type ReportRange, ReportRangeCard } from './report-range-card';

/** A report's query as react-query gives it. */
export interface ReportQuery {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export function ReportPage({
  draft,
  apply,
  query,
  errorTitle,
  after,
  children,
}: {
  draft: ReportRange;
  apply: (next: ReportRange) => void;
  query: ReportQuery;
  /** "Failed to load … report". */
  errorTitle: string;
  /** Shown below whatever the report's query does (a section with its own data). */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <ReportRangeCard draft={draft} apply={apply} />
      {query.isError ? (
        <Card>
          <ErrorState title={errorTitle} message={errorMessage(query.error)} onRetry={() => query.refetch()} retrying={query.isFetching} />
        </Card>
      ) : (
        children
      )}
      {after}
    </div>
  );
}

/** The report's headline figures: its stat cards once loaded, as many skeletons until then. */
export function ReportStats({ busy, count = 4, children }: { busy: boolean; count?: number; children: ReactNode | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy={busy}>
      {children ?? Array.from({ length: count }, (_, i) => <Skeleton key={i} className="h-[6.5rem] rounded-[var(--radius-card)]" />)}
    </div>
  );
}

/** A table section with its title, what it counts, and the CSV of it (usable once the data is in). */
export function ReportSection({
  title,
  description,
  csvUrl,
  ready,
  children,
}: {
  title: string;
  description: ReactNode;
  csvUrl: string;
  ready: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-line p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
        <div className="space-y-1">
          <h2 className="text-lg font-semibold tracking-tight text-ink">{title}</h2>
          <p className="text-sm text-muted">{description}</p>
        </div>
        <CsvLink href={csvUrl} ready={ready} className="self-start" />
      </div>
      {children}
    </Card>
  );
}

/** "Export CSV", greyed out and not clickable until the report has loaded. */
export function CsvLink({ href, ready, className }: { href: string; ready: boolean; className?: string }) {
  return (
    <a
      href={href}
      download
      className={cn(buttonClasses('outline', 'sm'), className, !ready && 'pointer-events-none opacity-55')}
      aria-disabled={!ready}
    >
      <Download className="size-4" aria-hidden="true" />
      Export CSV
    </a>
  );
}
