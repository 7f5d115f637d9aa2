/**
 * Reports > Substitutions: per product over a chosen range, how many order lines ran short at
 * packing and how they ended (substituted and kept, or refunded, a refused substitute counting as
 * refunded), with the rates; most often short first. CSV export like the other reports.
 */
import type { SubstitutionReport } from '@meatshop/shared/reports';
import { Repeat } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { substitutionsCsvUrl, useSubstitutionReport } from '@/features/back-office/api/reports';
import { OpsTable, StatCard, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { PRESETS } from './date-range';
import { ReportPage, ReportSection, ReportStats } from './report-page';
import { useReportRange } from './report-range-card';

const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;
const pct = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

export function SubstitutionsReportScreen() {
  const { range, draft, apply } = useReportRange(PRESETS[0].range);
  const report = useSubstitutionReport(range.from, range.to);
  const r = report.data;

  return (
    <ReportPage draft={draft} apply={apply} query={report} errorTitle="Failed to load substitutions report">
      <ReportStats busy={report.isPending}>
        {r ? (
          <>
            <StatCard label="Lines short" value={r.totals.short} hint={`of ${lines(r.totals.lines)} ordered`} />
            <StatCard
              label="Substitution rate"
              value={pct(r.totals.substitutionRate)}
              hint={`${r.totals.substituted} kept by the customer`}
            />
            <StatCard label="Refund rate" value={pct(r.totals.refundRate)} hint={`${lines(r.totals.refunded)} refunded`} />
            <StatCard label="Refused" value={r.totals.refused} hint={`${formatDate(range.from)} – ${formatDate(range.to)}`} />
          </>
        ) : undefined}
      </ReportStats>

      <ReportSection
        title="By product"
        description="Orders placed in the range, cancelled ones left out. Most often short first."
        csvUrl={substitutionsCsvUrl(range.from, range.to)}
        ready={!!r}
      >
        {r ? <ProductTable report={r} /> : <TableSkeleton cols={5} />}
      </ReportSection>
    </ReportPage>
  );
}

function ProductTable({ report }: { report: SubstitutionReport }) {
  if (report.products.length === 0) {
    return <EmptyState icon={Repeat} title="No orders in this period" description="Try a wider date range." />;
  }
  return (
    <OpsTable className="min-w-0 sm:min-w-[40rem]" aria-label="Substitutions by product">
      <thead>
        <tr>
          <Th>Product</Th>
          <Th className="text-right max-sm:hidden">Lines</Th>
          <Th className="text-right max-sm:px-1.5">Short</Th>
          <Th className="text-right max-sm:hidden">Substituted</Th>
          <Th className="text-right max-sm:hidden">Refused</Th>
          <Th className="text-right max-sm:px-1.5">Subst. rate</Th>
          <Th className="text-right max-sm:pr-3 max-sm:pl-1.5">Refund rate</Th>
        </tr>
      </thead>
      <tbody>
        {report.products.map((p) => (
          <tr key={p.productId}>
            <Td className="font-medium max-sm:text-[13px]">{p.name}</Td>
            <Td className="text-right tabular-nums max-sm:hidden">{p.lines}</Td>
            <Td className="text-right tabular-nums max-sm:px-1.5">{p.short}</Td>
            <Td className="text-right tabular-nums max-sm:hidden">{p.substituted}</Td>
            <Td className="text-right tabular-nums max-sm:hidden">{p.refused}</Td>
            <Td className="text-right tabular-nums max-sm:px-1.5">{pct(p.substitutionRate)}</Td>
            <Td className={cn('text-right tabular-nums max-sm:pr-3 max-sm:pl-1.5', p.refundRate > 0 && 'font-semibold text-danger')}>
              {pct(p.refundRate)}
            </Td>
          </tr>
        ))}
      </tbody>
    </OpsTable>
  );
}
