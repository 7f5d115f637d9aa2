/**
 * The customer's "rider on the way" card: the rider on the map with the door,
 * how far away and roughly when, updated live while the order is picked up.
 */
import type { OrderTracking } from '@meatshop/shared/tracking';
import { Bike, Clock, Navigation, Phone } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePublicConfig } from '@/features/checkout/api/get-public-config';
import { formatPhone } from '@/lib/format';
import { useOrderTracking } from '../api/order-tracking';
import type { MapPoint } from './tracking-map';

const TrackingMap = lazy(() => import('./tracking-map'));

/** "just now", "2 min ago": how fresh the rider's position is. */
export function useAgo(iso: string | null | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(t);
  }, []);
  if (!iso) return null;
  const min = Math.floor((now - new Date(iso).getTime()) / 60_000);
  return min < 1 ? 'just now' : min === 1 ? '1 min ago' : min < 60 ? `${min} min ago` : 'over an hour ago';
}

export function formatDistance(km: number) {
  return km < 1 ? `${Math.max(50, Math.round((km * 1000) / 50) * 50)} m` : `${km.toFixed(1)} km`;
}

export function pointsOf(t: OrderTracking, staff = false): MapPoint[] {
  const points: MapPoint[] = [
    {
      id: 'door',
      kind: 'destination',
      ...t.destination,
      label: staff ? 'Delivery address' : 'Your delivery address',
      testId: 'destination-marker',
    },
  ];
  if (t.outlet) points.push({ id: 'outlet', kind: 'outlet', lat: t.outlet.lat, lng: t.outlet.lng, label: t.outlet.name });
  if (t.position)
    points.push({
      id: 'rider',
      kind: 'rider',
      lat: t.position.lat,
      lng: t.position.lng,
      label: t.rider ? `${t.rider.fullName}${staff ? '' : ', your rider'}` : 'Rider',
      testId: 'rider-marker',
    });
  return points;
}

/** `staff`: the outlet's wording ("The rider is on the way") instead of the customer's. */
export function OrderTrackingCard({ orderId, active, staff = false }: { orderId: string; active: boolean; staff?: boolean }) {
  const tracking = useOrderTracking(orderId, active);
  const tiles = usePublicConfig();
  const ago = useAgo(tracking.data?.position?.recordedAt);
  if (!active) return null;
  if (tracking.isPending) {
    return (
      <Card>
        <CardContent className="space-y-3" aria-busy="true">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-[300px] w-full rounded-2xl" />
        </CardContent>
      </Card>
    );
  }
  if (tracking.isError || !tracking.data.live) return null;
  const t = tracking.data;
  return (
    <Card data-testid="order-tracking">
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="flex items-center gap-2 font-display text-xl font-semibold text-ink">
              <Bike className="size-5 text-brand-700" aria-hidden="true" />
              {staff ? 'The rider is on the way' : 'Your rider is on the way'}
            </h2>
            {t.rider ? (
              <p className="mt-1 text-sm text-ink-soft">
                {t.rider.fullName} · {t.rider.vehicleType === 'bicycle' ? 'Bicycle' : 'Motorcycle'}
              </p>
            ) : null}
          </div>
          {t.rider ? (
            <a
              href={`tel:${t.rider.phone}`}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-semibold text-ink hover:bg-cream"
            >
              <Phone className="size-4 text-brand-700" aria-hidden="true" />
              Call {formatPhone(t.rider.phone)}
            </a>
          ) : null}
        </div>
        {t.position && t.distanceKm !== null && t.etaMinutes !== null ? (
          <div className="grid grid-cols-2 gap-3" aria-live="polite">
            <p className="rounded-xl bg-cream-deep p-3">
              <span className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-muted">
                <Navigation className="size-3.5" aria-hidden="true" />
                Distance
              </span>
              <span className="mt-0.5 block font-display text-2xl font-semibold text-ink" data-testid="rider-distance">
                {formatDistance(t.distanceKm)}
              </span>
            </p>
            <p className="rounded-xl bg-cream-deep p-3">
              <span className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-muted">
                <Clock className="size-3.5" aria-hidden="true" />
                Arrives in
              </span>
              <span className="mt-0.5 block font-display text-2xl font-semibold text-ink" data-testid="rider-eta">
                about {t.etaMinutes} min
              </span>
            </p>
          </div>
        ) : (
          <p className="rounded-xl bg-cream-deep p-3 text-sm text-ink-soft">Waiting for the rider’s location…</p>
        )}
        <Suspense fallback={<Skeleton className="h-[300px] w-full rounded-2xl sm:h-[380px]" />}>
          <TrackingMap
            points={pointsOf(t, staff)}
            link={t.position ? ['rider', 'door'] : undefined}
            tilesUrl={tiles.data?.mapTilesUrl}
            ariaLabel={staff ? 'Map of the rider and the delivery address' : 'Map of your rider and your delivery address'}
          />
        </Suspense>
        {ago ? <p className="text-xs text-muted">Location updated {ago}. Arrival time is an estimate.</p> : null}
      </CardContent>
    </Card>
  );
}
