/**
 * Admin dashboard from real data: revenue, orders, customers, average order value with the change
 * against the previous 7 days, 7-day revenue bars, alerts and the top 5 products.
 */
import type { DashboardResponse } from '@meatshop/shared/admin-orders';
import { formatUGX } from '@meatshop/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownRight, ArrowUpRight, CreditCard, Minus, PackageX, Timer } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from '@/lib/router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { adminKeys } from '@/features/back-office/api/keys';
import { useDashboard } from '@/features/back-office/api/misc';
import { cn } from '@/lib/cn';
import { useLiveEvent } from '@/lib/live-events';
import { paths } from '@/lib/paths';

const RevenueChart = lazy(() => import('@/features/back-office/components/revenue-chart'));

export function DashboardScreen() {
  const dash = useDashboard();
  const qc = useQueryClient();
  useLiveEvent((e) => {
    if (e.type === 'order' || e.type === 'resync') void qc.invalidateQueries({ queryKey: adminKeys.dashboard });
  });

  if (dash.isError) return <ErrorState message="Failed to load dashboard data" onRetry={() => dash.refetch()} retrying={dash.isFetching} />;
  const d = dash.data;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Metric label="Revenue" value={d && formatUGX(d.revenue.value)} change={d?.revenue.changePercent} />
        <Metric label="Orders" value={d && String(d.orders.value)} change={d?.orders.changePercent} />
        <Metric
          label="Customers"
          value={d && String(d.customers.total)}
          change={d?.customers.changePercent}
          note={d ? `${d.customers.value} new this week` : undefined}
        />
        <Metric label="Average Order Value" value={d && formatUGX(d.averageOrderValue.value)} change={d?.averageOrderValue.changePercent} />
      </div>
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>Revenue, last 7 days</CardTitle>
          </CardHeader>
          <CardContent>
            {d ? (
              <Suspense fallback={<Skeleton className="h-[260px] w-full" />}>
                <RevenueChart data={d.revenueByDay} />
              </Suspense>
            ) : (
              <Skeleton className="h-[260px] w-full" />
            )}
          </CardContent>
        </Card>
        <Alerts data={d} />
      </div>
      <TopProducts data={d} />
    </div>
  );
}

function Metric({
  label,
  value,
  change,
  note,
}: {
  label: string;
  value?: string | undefined;
  change?: number | null | undefined;
  note?: string;
}) {
  const up = (change ?? 0) > 0;
  const down = (change ?? 0) < 0;
  const Icon = up ? ArrowUpRight : down ? ArrowDownRight : Minus;
  return (
    <Card className="@container p-5">
      <p className="text-sm font-medium text-muted">{label}</p>
      {value === undefined ? (
        <Skeleton className="mt-2 h-8 w-32" />
      ) : (
        // Sized to the card, so "UGX 2,473,210" stays on one line in a quarter of a laptop screen.
        <p className="mt-1 text-[clamp(1.125rem,12cqi,1.5rem)] leading-tight font-semibold tracking-tight text-ink">{value}</p>
      )}
      {value === undefined ? null : (
        <p className={cn('mt-2 flex items-center gap-1 text-xs font-semibold', up ? 'text-success' : down ? 'text-danger' : 'text-muted')}>
          <Icon className="size-3.5" aria-hidden="true" />
          {change == null
            ? 'Up from none the previous 7 days'
            : `${Math.abs(change)}% ${up ? 'up' : down ? 'down' : ''} vs previous 7 days`}
        </p>
      )}
      {note ? <p className="mt-1 text-xs text-muted">{note}</p> : null}
    </Card>
  );
}

function Alerts({ data }: { data: DashboardResponse | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Alerts</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {!data ? (
          <>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </>
        ) : (
          <>
            <AlertRow icon={Timer} tone={data.alerts.unassignedPending ? 'warning' : 'ok'} to={paths.admin.ordersPending}>
              {data.alerts.unassignedPending} pending order{data.alerts.unassignedPending === 1 ? '' : 's'} without a rider
            </AlertRow>
            <AlertRow icon={CreditCard} tone={data.alerts.failedPayments ? 'danger' : 'ok'} to={paths.admin.orders}>
              {data.alerts.failedPayments} failed payment{data.alerts.failedPayments === 1 ? '' : 's'} this week
            </AlertRow>
            <AlertRow icon={PackageX} tone={data.alerts.lowStock.length ? 'warning' : 'ok'} to={paths.admin.products}>
              {data.alerts.lowStock.length} product{data.alerts.lowStock.length === 1 ? '' : 's'} low on stock
            </AlertRow>
            {data.alerts.lowStock.length ? (
              <ul className="space-y-1 pl-2 text-sm">
                {data.alerts.lowStock.slice(0, 5).map((p) => (
                  <li key={p.id} className="flex justify-between gap-2">
                    <span className="truncate text-ink-soft">{p.name}</span>
                    <span className={cn('font-semibold', p.stock === 0 ? 'text-danger' : 'text-warning')}>
                      {p.stock === 0 ? 'Out' : `${p.stock} left`}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function AlertRow({
  icon: Icon,
  tone,
  to,
  children,
}: {
  icon: typeof Timer;
  tone: 'ok' | 'warning' | 'danger';
  to: string;
  children: React.ReactNode;
}) {
  const tones = { ok: 'bg-success-soft text-success', warning: 'bg-warning-soft text-warning', danger: 'bg-danger-soft text-danger' };
  return (
    <Link
      to={to}
      className={cn('flex items-center gap-3 rounded-xl p-3 text-sm font-medium transition-opacity hover:opacity-85', tones[tone])}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {children}
    </Link>
  );
}

function TopProducts({ data }: { data: DashboardResponse | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Top products</CardTitle>
      </CardHeader>
      <CardContent>
        {!data ? (
          <Skeleton className="h-40 w-full" />
        ) : data.topProducts.length === 0 ? (
          <p className="text-sm text-muted">No sales yet.</p>
        ) : (
          <ol className="divide-y divide-line">
            {data.topProducts.map((p, i) => (
              <li key={p.id} className="flex items-center gap-3 py-2.5 text-sm">
                <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
                  {i + 1}
                </span>
                {/* On a phone the count goes under the name, so neither breaks into a column of short lines. */}
                <span className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-3">
                  <span className="block font-medium text-ink sm:flex-1">{p.name}</span>
                  <span className="block text-xs whitespace-nowrap text-muted sm:text-sm">{p.quantity} sold</span>
                </span>
                <span className="shrink-0 text-right font-semibold whitespace-nowrap text-ink tabular-nums sm:w-32">
                  {formatUGX(p.revenue)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
