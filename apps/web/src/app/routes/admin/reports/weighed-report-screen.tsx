/**
 * Reports > Sold by weight: kg ordered and weighed per product and outlet over a chosen range, what
 * the weighed lines were charged, and what weighing above the estimate gave away (CSV export).
 */
import { formatUGX } from '@meatshop/shared/money';
import type { WeighedReport } from '@meatshop/shared/reports';
import { formatGrams } from '@meatshop/shared/weighing';
import { Download, Scale } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useWeighedReport, weighedCsvUrl } from '@/features/back-office/api/reports';
import { OpsTable, StatCard, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { PRESETS } from './date-range';
import { ReportRangeCard, useReportRange } from './report-range-card';

export function WeighedReportScreen() {
  const { range, draft, apply } = useReportRange(PRESETS[0].range);
  const report = useWeighedReport(range.from, range.to);
  const r = report.data;

  return (
    <div className="space-y-6">
      <ReportRangeCard draft={draft} apply={apply} />
      {report.isError ? (
        <Card>
          <ErrorState
            title="Failed to load the sold-by-weight report"
            message={errorMessage(report.error)}
            onRetry={() => report.refetch()}
            retrying={report.isFetching}
          />
        </Card>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy={report.isPending}>
            {r ? (
              <>
                <StatCard
                  label="Weighed"
                  value={formatGrams(r.totals.weighedGrams)}
                  hint={`${formatDate(range.from)} – ${formatDate(range.to)}`}
                />
                <StatCard label="Ordered" value={formatGrams(r.totals.estimatedGrams)} hint={`${r.totals.lines} weighed lines`} />
                <StatCard label="Charged" value={formatUGX(r.totals.charged)} hint="Final prices, estimates while unweighed" />
                <StatCard
                  label="Given away"
                  value={formatUGX(r.totals.givenAwayAmount)}
                  hint={`${formatGrams(r.totals.givenAwayGrams)} weighed above estimates`}
                />
              </>
            ) : (
              [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-[6.5rem] rounded-[var(--radius-card)]" />)
            )}
          </div>
          <Card className="overflow-hidden">
            <div className="flex flex-col gap-3 border-b border-line p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
              <div className="space-y-1">
                <h2 className="text-lg font-semibold tracking-tight text-ink">By product and outlet</h2>
                <p className="text-sm text-muted">
                  Orders placed in the range and not cancelled. Given away: weighed above the estimate, not charged.
                </p>
              </div>
              <a
                href={weighedCsvUrl(range.from, range.to)}
                download
                className={cn(buttonClasses('outline', 'sm'), 'self-start', !r && 'pointer-events-none opacity-55')}
                aria-disabled={!r}
              >
                <Download className="size-4" aria-hidden="true" />
                Export CSV
              </a>
            </div>
            {r ? <WeighedTable report={r} /> : <TableSkeleton cols={5} />}
          </Card>
        </>
      )}
    </div>
  );
}

function WeighedTable({ report }: { report: WeighedReport }) {
  if (report.rows.length === 0) {
    return <EmptyState icon={Scale} title="Nothing sold by weight in this period" description="Try a wider date range." />;
  }
  return (
    <OpsTable className="min-w-0 sm:min-w-[40rem]" aria-label="Sold by weight by product and outlet">
      <thead>
        <tr>
          <Th>Product</Th>
          <Th className="text-right max-sm:hidden">Ordered</Th>
          <Th className="text-right">Weighed</Th>
          <Th className="text-right max-sm:hidden">Charged</Th>
          <Th className="text-right">Given away</Th>
        </tr>
      </thead>
      <tbody>
        {report.rows.map((x) => (
          <tr key={`${x.productId}-${x.outletId}`} data-testid="weighed-row">
            <Td>
              <span className="font-medium">{x.productName}</span>
              <span className="block text-xs text-muted">{x.outletName}</span>
            </Td>
            <Td className="text-right tabular-nums max-sm:hidden">{formatGrams(x.estimatedGrams)}</Td>
            <Td className="text-right font-semibold tabular-nums">{formatGrams(x.weighedGrams)}</Td>
            <Td className="text-right tabular-nums max-sm:hidden">{formatUGX(x.charged)}</Td>
            <Td className="text-right tabular-nums">
              {formatUGX(x.givenAwayAmount)}
              {x.givenAwayGrams > 0 ? <span className="block text-xs text-muted">{formatGrams(x.givenAwayGrams)}</span> : null}
            </Td>
          </tr>
        ))}
      </tbody>
    </OpsTable>
  );
}
