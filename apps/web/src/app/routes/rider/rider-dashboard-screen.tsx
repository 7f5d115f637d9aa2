/**
 * Rider dashboard: online/offline toggle, today's earnings and deliveries from the
 * server, the active deliveries (newest first), updated live, plus what waits to be synced.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUGX } from '@meatshop/shared/money';
import { Bike, PackageCheck, Power, Wallet } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useRiderOrders } from '@/features/rider/api/get-rider-orders';
import { useRiderStats } from '@/features/rider/api/get-rider-stats';
import { useSetRiderStatus } from '@/features/rider/api/set-rider-status';
import { RiderOrderCard } from '@/features/rider/components/rider-order-card';
import { SyncPanel } from '@/features/rider/components/sync-panel';
import { useOnline } from '@/features/rider/hooks/use-online';
import { useOfflineQueue } from '@/features/rider/offline/offline-queue';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useShopStore } from '@/stores/shop-store';

export function RiderDashboardScreen() {
  const rider = useShopStore((s) => s.rider);
  const online = useOnline();
  const orders = useRiderOrders();
  const stats = useRiderStats();
  const setStatus = useSetRiderStatus();
  const queue = useOfflineQueue();
  const { t } = useLingui();
  const pendingOrders = new Set(queue.filter((q) => q.state === 'pending' && q.action !== 'position').map((q) => q.orderId));

  if (rider && !rider.isActive) {
    return (
      <Card>
        <EmptyState
          icon={Bike}
          title={t`Your account is inactive`}
          description={t`An administrator has paused your rider account. Please contact support to start delivering again.`}
        />
      </Card>
    );
  }

  const isAvailable = rider?.status === 'online' || rider?.status === 'delivering';
  const toggle = () => {
    const next = isAvailable ? 'offline' : 'online';
    setStatus.mutate(
      { status: next },
      {
        onSuccess: () => toast.success(next === 'online' ? t`You are now online` : t`You are now offline`),
        onError: (err) => toast.error(errorMessage(err, t`Failed to update status`)),
      },
    );
  };

  return (
    <div className="space-y-5">
      {/* On a narrow phone the button goes under the text rather than squeeze it into a column. */}
      <Card className="flex flex-wrap items-center gap-4 p-4">
        <span
          className={cn(
            'inline-flex size-12 shrink-0 items-center justify-center rounded-full',
            isAvailable ? 'bg-success-soft text-success' : 'bg-cream-deep text-muted',
          )}
        >
          <Power className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-[8rem] flex-1">
          <p className="font-semibold text-ink">{isAvailable ? <Trans>You are online</Trans> : <Trans>You are offline</Trans>}</p>
          <p className="text-sm text-muted">
            {isAvailable ? <Trans>New deliveries can be assigned to you.</Trans> : <Trans>Go online to receive deliveries.</Trans>}
          </p>
        </div>
        <Button
          className="ml-auto h-12 px-5"
          variant={isAvailable ? 'outline' : 'primary'}
          onClick={toggle}
          pending={setStatus.isPending}
          disabled={!online}
          aria-pressed={isAvailable}
        >
          {isAvailable ? <Trans>Go Offline</Trans> : <Trans>Go Online</Trans>}
        </Button>
      </Card>

      <div className="grid grid-cols-2 gap-3">
        <StatCard
          icon={Wallet}
          label={t`Today's Earnings`}
          value={stats.data ? formatUGX(stats.data.todayEarnings) : null}
          loading={stats.isPending}
          testId="today-earnings"
        />
        <StatCard
          icon={PackageCheck}
          label={t`Today's Deliveries`}
          value={stats.data ? String(stats.data.todayDeliveries) : null}
          loading={stats.isPending}
          testId="today-deliveries"
        />
      </div>

      <SyncPanel />

      <section aria-labelledby="active-heading">
        <h2 id="active-heading" className="mb-3 font-display text-xl font-semibold text-ink">
          <Trans>Active Deliveries</Trans>
        </h2>
        {orders.isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-44 w-full rounded-[var(--radius-card)]" />
            <Skeleton className="h-44 w-full rounded-[var(--radius-card)]" />
          </div>
        ) : orders.isError ? (
          <Card>
            <ErrorState message={t`Failed to load orders`} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
          </Card>
        ) : orders.data.length === 0 ? (
          <Card>
            <EmptyState
              icon={Bike}
              title={t`No active deliveries`}
              description={isAvailable ? t`New orders assigned to you appear here at once.` : t`Go online to start receiving deliveries.`}
            />
          </Card>
        ) : (
          <div className="space-y-3">
            {orders.data.map((o) => (
              <RiderOrderCard key={o.id} order={o} pendingSync={pendingOrders.has(o.id)} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

function StatCard(props: { icon: typeof Wallet; label: string; value: string | null; loading: boolean; testId: string }) {
  const Icon = props.icon;
  return (
    <Card className="p-4">
      <Icon className="size-5 text-brand-700" aria-hidden="true" />
      <p className="mt-2 text-xs font-semibold tracking-wide text-muted uppercase">{props.label}</p>
      {props.loading ? (
        <Skeleton className="mt-1 h-7 w-24" />
      ) : (
        <p className="mt-0.5 text-xl font-bold text-ink" data-testid={props.testId}>
          {props.value ?? '—'}
        </p>
      )}
    </Card>
  );
}
