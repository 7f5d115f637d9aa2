/**
 * Delivery > Dispatch: a live map of the riders who are online (green when
 * free, gold when carrying an order) and the open orders with their outlets, beside the two lists. A
 * pending order opens the assign-rider modal, which ranks riders for it and marks the suggested one.
 * Orders near or past their time out of the chiller are warned of on top and highlighted in the list.
 */
import { customerOrderNumber, ORDER_STATUS_LABEL, ORDER_STATUS_TONE, type OrderStatus } from '@meatshop/shared/status';
import type { DispatchMap } from '@meatshop/shared/tracking';
import { Bike, MapPinned, PackageOpen } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useMapTilesUrl } from '@/features/back-office/api/zones';
import { AssignRiderDialog, canAssign } from '@/features/back-office/components/assign-rider-dialog';
import { useDispatchMap } from '@/features/tracking/api/dispatch-map';
import { useAgo } from '@/features/tracking/components/order-tracking-card';
import type { MapPoint } from '@/features/tracking/components/tracking-map';
import { ColdChainWarnings, useColdChainOrderIds } from '@/features/cold-chain/components/cold-chain-warnings';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';

const TrackingMap = lazy(() => import('@/features/tracking/components/tracking-map'));

function pointsOf(d: DispatchMap): MapPoint[] {
  const points: MapPoint[] = [];
  const outlets = new Map<string, MapPoint>();
  for (const o of d.orders) {
    points.push({
      id: o.id,
      kind: 'order',
      ...o.destination,
      label: `Order #${customerOrderNumber(o.id)} · ${ORDER_STATUS_LABEL[o.status as OrderStatus] ?? o.status} · ${o.customerName}`,
      testId: 'order-marker',
    });
    if (o.outlet?.lat != null && o.outlet.lng != null)
      outlets.set(o.outlet.id, { id: o.outlet.id, kind: 'outlet', lat: o.outlet.lat, lng: o.outlet.lng, label: o.outlet.name });
  }
  points.push(...outlets.values());
  for (const r of d.riders) {
    if (!r.position) continue;
    points.push({
      id: r.id,
      kind: r.openDeliveries > 0 || r.status === 'delivering' ? 'rider-busy' : 'rider',
      lat: r.position.lat,
      lng: r.position.lng,
      label: `${r.fullName} · ${r.openDeliveries ? `${r.openDeliveries} open` : 'free'}`,
      testId: 'dispatch-rider-marker',
    });
  }
  return points;
}

function RiderRow({ r }: { r: DispatchMap['riders'][number] }) {
  const ago = useAgo(r.position?.at);
  const busy = r.openDeliveries > 0 || r.status === 'delivering';
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        className={`flex size-9 shrink-0 items-center justify-center rounded-full text-white ${busy ? 'bg-[#c69749]' : 'bg-[#1f6f43]'}`}
      >
        <Bike className="size-4.5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-ink">{r.fullName}</span>
        <span className="block text-xs text-muted">{r.position ? `Seen ${ago}` : 'No location yet'}</span>
      </span>
      <Badge tone={busy ? 'warning' : 'success'}>{busy ? `${r.openDeliveries} open` : 'Free'}</Badge>
    </li>
  );
}

export function DispatchScreen() {
  const dispatch = useDispatchMap();
  const tilesUrl = useMapTilesUrl();
  const [assigning, setAssigning] = useState<{ id: string } | null>(null);
  const coldChain = useColdChainOrderIds('admin');
  const points = useMemo(() => (dispatch.data ? pointsOf(dispatch.data) : []), [dispatch.data]);

  if (dispatch.isError)
    return (
      <Card className="p-5">
        <ErrorState title="Failed to load the dispatch map" message={errorMessage(dispatch.error)} onRetry={() => dispatch.refetch()} />
      </Card>
    );

  const d = dispatch.data;
  const pending = d?.orders.filter((o) => o.status === 'pending') ?? [];
  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_360px] xl:items-start">
      <div className="xl:col-span-2 empty:hidden">
        <ColdChainWarnings scope="admin" orderHref={paths.admin.order} />
      </div>
      <Card className="overflow-hidden p-0">
        <div className="flex flex-wrap items-end justify-between gap-3 p-5 pb-4">
          <div>
            <CardTitle className="flex items-center gap-2">
              <MapPinned className="size-5 text-brand-700" aria-hidden="true" />
              Dispatch map
            </CardTitle>
            <CardDescription>Riders online and open orders, live.</CardDescription>
          </div>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-soft" aria-label="Legend">
            <li className="flex items-center gap-1.5">
              <span className="size-3 rounded-full bg-[#1f6f43]" aria-hidden="true" /> Free rider
            </li>
            <li className="flex items-center gap-1.5">
              <span className="size-3 rounded-full bg-[#c69749]" aria-hidden="true" /> Busy rider
            </li>
            <li className="flex items-center gap-1.5">
              <span className="size-3 rounded-full bg-brand-700" aria-hidden="true" /> Order
            </li>
            <li className="flex items-center gap-1.5">
              <span className="size-3 rounded-sm bg-ink" aria-hidden="true" /> Outlet
            </li>
          </ul>
        </div>
        {d ? (
          <Suspense fallback={<Skeleton className="h-[420px] w-full rounded-none sm:h-[560px]" />}>
            <TrackingMap
              points={points}
              tilesUrl={tilesUrl}
              className="h-[420px] w-full sm:h-[560px]"
              ariaLabel="Dispatch map of riders and open orders"
            />
          </Suspense>
        ) : (
          <Skeleton className="h-[420px] w-full rounded-none sm:h-[560px]" />
        )}
      </Card>

      <div className="space-y-6">
        <Card className="p-5 sm:p-6">
          <CardTitle className="text-lg">Riders online{d ? ` (${d.riders.length})` : ''}</CardTitle>
          {!d ? (
            <Skeleton className="mt-3 h-24 w-full" />
          ) : d.riders.length === 0 ? (
            <p className="mt-3 rounded-xl bg-cream-deep p-4 text-sm text-ink-soft">No riders are online right now.</p>
          ) : (
            <ul className="mt-1 divide-y divide-line">
              {d.riders.map((r) => (
                <RiderRow key={r.id} r={r} />
              ))}
            </ul>
          )}
        </Card>
        <Card className="p-5 sm:p-6">
          <CardTitle className="text-lg">Open orders{d ? ` (${d.orders.length})` : ''}</CardTitle>
          {!d ? (
            <Skeleton className="mt-3 h-32 w-full" />
          ) : d.orders.length === 0 ? (
            <EmptyState icon={PackageOpen} title="No open orders" description="New paid and cash orders appear here." />
          ) : (
            <ul className="mt-1 divide-y divide-line">
              {d.orders.map((o) => (
                <li
                  key={o.id}
                  className={`flex items-center gap-3 py-3 ${
                    coldChain.has(o.id)
                      ? `-mx-3 rounded-xl px-3 ${coldChain.get(o.id)?.level === 'over' ? 'bg-red-50 ring-1 ring-red-300' : 'bg-amber-50 ring-1 ring-amber-300'}`
                      : ''
                  }`}
                  data-testid="dispatch-order"
                  data-cold-chain={coldChain.get(o.id)?.level}
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      <span className="font-mono text-sm font-semibold text-ink">#{customerOrderNumber(o.id)}</span>
                      <Badge tone={ORDER_STATUS_TONE[o.status as OrderStatus]}>
                        {ORDER_STATUS_LABEL[o.status as OrderStatus] ?? o.status}
                      </Badge>
                    </span>
                    <span className="block truncate text-xs text-muted">
                      {o.customerName} · {o.outlet?.name ?? 'No outlet'}
                    </span>
                    {coldChain.has(o.id) ? (
                      <span
                        className={`block text-xs font-semibold ${coldChain.get(o.id)?.level === 'over' ? 'text-red-700' : 'text-amber-800'}`}
                      >
                        {coldChain.get(o.id)?.minutesOut} of {coldChain.get(o.id)?.limitMinutes} min out of the chiller
                      </span>
                    ) : null}
                  </span>
                  {canAssign(o) ? (
                    <Button size="sm" onClick={() => setAssigning({ id: o.id })}>
                      Assign
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {pending.length ? <p className="mt-2 text-xs text-muted">{pending.length} waiting for a rider.</p> : null}
        </Card>
      </div>
      <AssignRiderDialog order={assigning} onOpenChange={(open) => !open && setAssigning(null)} />
    </div>
  );
}
