/**
 * Reports > Delivery performance: how long each delivered order spent out of the chiller (packed to
 * delivered) against its limit, and per rider and per outlet the average, the longest and how many
 * went over. Orders over their limit are marked. CSV export like the other reports.
 */
import type { ColdChainGroupRow, DeliveryPerformanceReport } from '@meatshop/shared/cold-chain';
import { Snowflake } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { deliveryPerformanceCsvUrl, useDeliveryPerformanceReport } from '@/features/back-office/api/reports';
import { OpsTable, StatCard, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime } from '@/lib/format';
import { PRESETS } from './date-range';
import { ReportPage, ReportSection, ReportStats } from './report-page';
import { useReportRange } from './report-range-card';

const min = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} min`;

export function DeliveryPerformanceScreen() {
  const { range, draft, apply } = useReportRange(PRESETS[0].range);
  const report = useDeliveryPerformanceReport(range.from, range.to);
  const r = report.data;

  return (
    <ReportPage draft={draft} apply={apply} query={report} errorTitle="Failed to load delivery performance report">
      <ReportStats busy={report.isPending}>
        {r ? (
          <>
            <StatCard label="Orders delivered" value={r.totals.orders} hint={`${formatDate(range.from)} – ${formatDate(range.to)}`} />
            <StatCard label="Average out of chill" value={min(r.totals.averageMinutes)} hint="Packed to delivered" />
            <StatCard label="Longest" value={min(r.totals.longestMinutes)} hint="One order" />
            <StatCard
              label="Over the limit"
              value={r.totals.overLimit}
              hint={`of ${r.totals.orders} order${r.totals.orders === 1 ? '' : 's'}`}
            />
          </>
        ) : undefined}
      </ReportStats>

      <div className="grid gap-6 lg:grid-cols-2">
        <GroupCard title="By rider" rows={r?.riders} label="Rider" />
        <GroupCard title="By outlet" rows={r?.outlets} label="Outlet" />
      </div>

      <ReportSection
        title="Time out of chill per order"
        description="Orders delivered in the range, from packed to delivered. Longest first."
        csvUrl={deliveryPerformanceCsvUrl(range.from, range.to)}
        ready={!!r}
      >
        {r ? <OrderTable report={r} /> : <TableSkeleton cols={5} />}
      </ReportSection>
    </ReportPage>
  );
}

function GroupCard({ title, rows, label }: { title: string; rows: ColdChainGroupRow[] | undefined; label: string }) {
  return (
    <Card className="overflow-hidden">
      <h2 className="border-b border-line p-4 text-lg font-semibold tracking-tight text-ink sm:p-5">{title}</h2>
      {!rows ? (
        <TableSkeleton cols={4} />
      ) : rows.length === 0 ? (
        <EmptyState icon={Snowflake} title="No deliveries in this period" description="Try a wider date range." />
      ) : (
        <OpsTable className="min-w-0" aria-label={`Time out of chill ${title.toLowerCase()}`}>
          <thead>
            <tr>
              <Th>{label}</Th>
              <Th className="text-right max-sm:px-1.5">Orders</Th>
              <Th className="text-right max-sm:px-1.5">Average</Th>
              <Th className="text-right max-sm:hidden">Longest</Th>
              <Th className="text-right max-sm:pr-3 max-sm:pl-1.5">Over limit</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((g) => (
              <tr key={g.id ?? g.name}>
                <Td className="font-medium max-sm:text-[13px]">{g.name}</Td>
                <Td className="text-right tabular-nums max-sm:px-1.5">{g.orders}</Td>
                <Td className="text-right tabular-nums max-sm:px-1.5">{min(g.averageMinutes)}</Td>
                <Td className="text-right tabular-nums max-sm:hidden">{min(g.longestMinutes)}</Td>
                <Td className={cn('text-right tabular-nums max-sm:pr-3 max-sm:pl-1.5', g.overLimit > 0 && 'font-semibold text-danger')}>
                  {g.overLimit}
                </Td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
    </Card>
  );
}

function OrderTable({ report }: { report: DeliveryPerformanceReport }) {
  if (report.orders.length === 0) {
    return <EmptyState icon={Snowflake} title="No deliveries in this period" description="Try a wider date range." />;
  }
  return (
    <OpsTable className="min-w-0 sm:min-w-[44rem]" aria-label="Time out of chill per order">
      <thead>
        <tr>
          <Th>Order</Th>
          <Th className="max-sm:hidden">Rider</Th>
          <Th className="max-sm:hidden">Outlet</Th>
          <Th className="max-sm:hidden">Delivered</Th>
          <Th className="text-right max-sm:pr-3 max-sm:pl-1.5">Out of chill</Th>
        </tr>
      </thead>
      <tbody>
        {report.orders.map((o) => (
          <tr key={o.orderId} data-testid="chill-order" className={o.overLimit ? 'bg-danger-soft/40' : undefined}>
            <Td className="max-sm:text-[13px]">
              <span className="font-mono font-semibold">#{o.orderNumber}</span>
              <span className="block text-xs text-muted sm:hidden">
                {o.riderName ?? 'No rider'} · {o.outletName ?? 'No outlet'}
              </span>
            </Td>
            <Td className="max-sm:hidden">{o.riderName ?? 'No rider'}</Td>
            <Td className="max-sm:hidden">{o.outletName ?? 'No outlet'}</Td>
            <Td className="text-sm text-muted max-sm:hidden">{formatDateTime(o.deliveredAt)}</Td>
            <Td className="text-right tabular-nums max-sm:pr-3 max-sm:pl-1.5">
              <span className="inline-flex flex-col items-end gap-1">
                <span className={cn(o.overLimit && 'font-semibold text-danger')}>
                  {o.minutesOut} of {o.limitMinutes} min
                </span>
                {o.overLimit ? <Badge tone="danger">Over limit</Badge> : null}
              </span>
            </Td>
          </tr>
        ))}
      </tbody>
    </OpsTable>
  );
}
