/**
 * Reports > Sales: sales by day, category, product, outlet and payment method over
 * a chosen Kampala date range, with charts and a CSV export of the breakdown on screen.
 */
import { formatUGX } from '@meatshop/shared/money';
import type { SalesGroup, SalesRow } from '@meatshop/shared/reports';
import { ChartColumn } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { salesCsvUrl, useSalesReport } from '@/features/back-office/api/reports';
import { OpsTable, StatCard, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { BreakdownChart, RevenueByDayChart } from '@/features/back-office/components/sales-charts';
import { formatDate } from '@/lib/format';
import { PRESETS } from './date-range';
import { CsvLink, ReportPage, ReportStats } from './report-page';
import { useReportRange } from './report-range-card';

const GROUPS: {
  value: SalesGroup;
  label: string;
  column: string;
  field: 'byDay' | 'byCategory' | 'byProduct' | 'byOutlet' | 'byPaymentMethod' | 'byChannel';
}[] = [
  { value: 'day', label: 'By day', column: 'Date', field: 'byDay' },
  { value: 'category', label: 'Category', column: 'Category', field: 'byCategory' },
  { value: 'product', label: 'Product', column: 'Product', field: 'byProduct' },
  { value: 'outlet', label: 'Outlet', column: 'Outlet', field: 'byOutlet' },
  { value: 'payment_method', label: 'Payment method', column: 'Payment Method', field: 'byPaymentMethod' },
  { value: 'channel', label: 'Channel', column: 'Channel', field: 'byChannel' },
];

export function SalesReportScreen() {
  const { range, draft, apply } = useReportRange(PRESETS[1].range);
  const [group, setGroup] = useState<SalesGroup>('day');
  const report = useSalesReport(range.from, range.to);
  const current = GROUPS.find((g) => g.value === group)!;

  return (
    <ReportPage draft={draft} apply={apply} query={report} errorTitle="Failed to load sales report">
      <ReportStats busy={report.isPending}>
        {report.data ? (
          <>
            <StatCard
              label="Revenue"
              value={formatUGX(report.data.totals.revenue)}
              hint={`${formatDate(range.from)} – ${formatDate(range.to)}`}
            />
            <StatCard
              label="Orders"
              value={report.data.totals.orders.toLocaleString('en-US')}
              hint="Cancelled and refunded orders excluded"
            />
            <StatCard label="Average order" value={formatUGX(report.data.totals.averageOrderValue)} />
            <StatCard
              label="Discounts"
              value={formatUGX(report.data.totals.discounts)}
              hint={`Delivery fees ${formatUGX(report.data.totals.deliveryFees)}`}
            />
          </>
        ) : undefined}
      </ReportStats>

      <Card>
        <CardHeader>
          <CardTitle>Revenue by day</CardTitle>
          <CardDescription>What customers paid each day (Kampala time), delivery included.</CardDescription>
        </CardHeader>
        <CardContent>{report.data ? <RevenueByDayChart rows={report.data.byDay} /> : <Skeleton className="h-64 w-full" />}</CardContent>
      </Card>

      <Card className="overflow-hidden">
        <Tabs value={group} onValueChange={(v) => setGroup(v as SalesGroup)}>
          <div className="flex flex-col gap-3 border-b border-line p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="-mx-1 overflow-x-auto px-1">
              <TabsList>
                {GROUPS.map((g) => (
                  <TabsTrigger key={g.value} value={g.value} className="whitespace-nowrap">
                    {g.label}
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>
            <CsvLink href={salesCsvUrl(range.from, range.to, group)} ready={!!report.data} />
          </div>
          {GROUPS.map((g) => (
            <TabsContent key={g.value} value={g.value} className="mt-0">
              {report.data ? <Breakdown rows={report.data[g.field]} group={g.value} column={g.column} /> : <TableSkeleton cols={4} />}
            </TabsContent>
          ))}
        </Tabs>
      </Card>
      <p className="sr-only" aria-live="polite">
        {report.isFetching ? 'Loading report' : `Showing ${current.label.toLowerCase()} breakdown`}
      </p>
    </ReportPage>
  );
}

function Breakdown({ rows, group, column }: { rows: SalesRow[]; group: SalesGroup; column: string }) {
  const itemLevel = group === 'category' || group === 'product';
  const visible = group === 'day' ? rows.filter((r) => r.orders > 0) : rows;
  if (visible.length === 0) {
    return <EmptyState icon={ChartColumn} title="No sales in this period" description="Try a wider date range." />;
  }
  return (
    <div>
      {group !== 'day' ? (
        <div className="border-b border-line p-4">
          <BreakdownChart rows={visible} label={`${column} sales`} />
        </div>
      ) : null}
      {/* On a phone the table fits the screen without Units (it is in the CSV), so revenue needs no sideways scroll. */}
      <OpsTable className="min-w-0 sm:min-w-[36rem]">
        <thead>
          <tr>
            <Th>{column}</Th>
            <Th className="text-right">Orders</Th>
            <Th className="text-right max-sm:hidden">Units</Th>
            <Th className="text-right">{itemLevel ? 'Item sales' : 'Revenue'}</Th>
          </tr>
        </thead>
        <tbody>
          {visible.map((r) => (
            <tr key={r.key}>
              <Td className="font-medium">{group === 'day' ? formatDate(`${r.key}T12:00:00+03:00`) : r.label}</Td>
              <Td className="text-right tabular-nums">{r.orders}</Td>
              <Td className="text-right tabular-nums max-sm:hidden">{r.units}</Td>
              <Td className="text-right font-semibold tabular-nums">{formatUGX(r.revenue)}</Td>
            </tr>
          ))}
        </tbody>
      </OpsTable>
    </div>
  );
}
