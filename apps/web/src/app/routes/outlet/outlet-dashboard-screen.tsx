/**
 * Outlet dashboard: today's figures, Recent Orders, a real 7-day revenue chart and
 * the Order Status panel. Live: a new order shows a toast and refetches (see use-outlet-live-orders).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUGX } from '@meatshop/shared/money';
import { Banknote, ClipboardList, Clock, ShoppingBag, TrendingUp } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useOutletDashboard } from '@/features/outlet/api/get-outlet-dashboard';
import { RecentOrderRow } from '@/features/outlet/components/recent-orders';
import { StatCard } from '@/features/outlet/components/stat-card';
import { errorMessage } from '@/lib/api-client';

const RevenueTrendChart = lazy(() => import('@/features/outlet/components/revenue-trend-chart'));

const LOAD_FAILED = msg`Failed to load dashboard data`;

export function OutletDashboardScreen() {
  const { t, i18n } = useLingui();
  const { data, isPending, isError, error, refetch, isRefetching } = useOutletDashboard();

  if (isError && !data) {
    return (
      <Card>
        <ErrorState title={i18n._(LOAD_FAILED)} message={errorMessage(error)} onRetry={() => void refetch()} retrying={isRefetching} />
      </Card>
    );
  }

  const trendTotal = data?.revenueTrend.reduce((s, d) => s + d.revenue, 0) ?? 0;

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label={t`Today's Orders`} value={data ? String(data.todayOrders) : undefined} icon={ShoppingBag} testId="today-orders" />
        <StatCard
          label={t`Today's Revenue`}
          value={data ? formatUGX(data.todayRevenue) : undefined}
          icon={Banknote}
          testId="today-revenue"
        />
        <StatCard
          label={t`Pending Orders`}
          value={data ? String(data.pendingOrders) : undefined}
          note={t`Requires attention`}
          icon={Clock}
          tone="warning"
          testId="pending-orders"
        />
        <StatCard label={t`Average Order Value`} value={data ? formatUGX(data.averageOrderValue) : undefined} icon={TrendingUp} />
      </div>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Recent Orders</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>The latest orders placed with this outlet.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent className="pt-2 sm:pt-3">
            {isPending ? (
              <div className="space-y-3 py-2">
                {[0, 1, 2, 3, 4].map((i) => (
                  <Skeleton key={i} className="h-12 w-full" />
                ))}
              </div>
            ) : data.recentOrders.length === 0 ? (
              <EmptyState
                icon={ClipboardList}
                title={t`No orders yet`}
                description={t`New orders for this outlet will appear here.`}
                className="py-8"
              />
            ) : (
              <ul className="divide-y divide-line">
                {data.recentOrders.map((o) => (
                  <RecentOrderRow key={o.id} order={o} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Order Status</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Today's orders by state.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="space-y-3">
              {(
                [
                  [t`Pending`, data?.statusCounts.pending, 'bg-warning'],
                  [t`Completed`, data?.statusCounts.completed, 'bg-success'],
                  [t`Cancelled`, data?.statusCounts.cancelled, 'bg-danger'],
                ] as const
              ).map(([label, value, dot]) => (
                <div key={label} className="flex items-center justify-between rounded-xl bg-cream px-4 py-3">
                  <dt className="flex items-center gap-2.5 text-sm font-medium text-ink-soft">
                    <span className={`size-2.5 rounded-full ${dot}`} aria-hidden="true" />
                    {label}
                  </dt>
                  <dd className="text-lg font-semibold text-ink tabular-nums">{value ?? <Skeleton className="h-6 w-8" />}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader className="flex flex-wrap items-end justify-between gap-2">
          <div className="space-y-1">
            <CardTitle>
              <Trans>Revenue Trend</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Last 7 days, cancelled orders excluded.</Trans>
            </CardDescription>
          </div>
          {data ? <p className="text-sm font-semibold text-ink tabular-nums">{formatUGX(trendTotal)}</p> : null}
        </CardHeader>
        <CardContent>
          {data ? (
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <RevenueTrendChart data={data.revenueTrend} />
            </Suspense>
          ) : (
            <Skeleton className="h-64 w-full" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
