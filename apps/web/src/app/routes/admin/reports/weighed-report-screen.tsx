/**
 * Reports > Sold by weight: kg ordered and weighed per product and outlet over a chosen range, what
 * the weighed lines were charged, and what weighing above the estimate gave away (CSV export).
 */
import { formatUGX } from '@meatshop/shared/money';
import type { WeighedReport } from '@meatshop/shared/reports';
import { formatGrams } from '@meatshop/shared/weighing-rules';
import { Scale } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { useWeighedReport, weighedCsvUrl } from '@/features/back-office/api/reports';
import { OpsTable, StatCard, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { formatDate } from '@/lib/format';
import { PRESETS } from './date-range';
import { ReportPage, ReportSection, ReportStats } from './report-page';
import { useReportRange } from './report-range-card';

export function WeighedReportScreen() {
  const { range, draft, apply } = useReportRange(PRESETS[0].range);
  const report = useWeighedReport(range.from, range.to);
  const r = report.data;

  return (
    <ReportPage draft={draft} apply={apply} query={report} errorTitle="Failed to load the sold-by-weight report">
      <ReportStats busy={report.isPending}>
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
        ) : undefined}
      </ReportStats>
      <ReportSection
        title="By product and outlet"
        description="Orders placed in the range and not cancelled. Given away: weighed above the estimate, not charged."
        csvUrl={weighedCsvUrl(range.from, range.to)}
        ready={!!r}
      >
        {r ? <WeighedTable report={r} /> : <TableSkeleton cols={5} />}
      </ReportSection>
    </ReportPage>
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
