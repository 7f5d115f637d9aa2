/**
 * Where to deliver an order staff take: search the place the customer names, or tap the map where
 * they describe it. The same search, map and reverse lookup as checkout, without the saved addresses
 * (those are the signed-in person's own, here the staff member's).
 */
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { usePublicConfig } from '@/features/checkout/api/get-public-config';
import { PlaceSearch } from '@/features/checkout/components/place-search';
import type { useDeliveryLocation } from '@/features/checkout/hooks/use-delivery-location';
import { cn } from '@/lib/cn';

type Location = ReturnType<typeof useDeliveryLocation>;

/**
 * Loaded on its own: imported statically here, the map (and Leaflet) would be shared by checkout and
 * this screen and land in the chunk every signed-in shopper's page loads, and in the server render.
 */
const MapPicker = lazy(() => import('@/features/checkout/components/map-picker').then((m) => ({ default: m.MapPicker })));
const mapSkeleton = <Skeleton className="h-[260px] w-full rounded-2xl sm:h-[340px]" />;

export function DeliveryPoint({ location, error }: { location: Location; error?: string }) {
  const [text, setText] = useState('');
  const config = usePublicConfig();
  const coords = location.point ? `${location.point.lat.toFixed(5)}, ${location.point.lng.toFixed(5)}` : null;
  return (
    <div className="space-y-4">
      <PlaceSearch value={text} onChange={setText} onChoose={location.choosePlace} />
      {config.isPending ? (
        mapSkeleton
      ) : (
        <Suspense fallback={mapSkeleton}>
          <MapPicker
            point={location.point}
            tilesUrl={config.data?.mapTilesUrl ?? ''}
            onPick={(lat, lng) => void location.choosePoint(lat, lng)}
          />
        </Suspense>
      )}
      {location.status === 'validating' ? (
        <p className="inline-flex items-center gap-2 text-sm text-muted" role="status">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Checking this location…
        </p>
      ) : location.status === 'valid' && location.place ? (
        <div data-testid="delivery-address">
          <p className="inline-flex items-center gap-2 text-sm font-semibold text-success">
            <CircleCheck className="size-4" aria-hidden="true" />
            Delivering to
          </p>
          <p className="mt-0.5 text-ink">{location.place.formattedAddress}</p>
          <p className="text-xs text-muted">{coords}</p>
        </div>
      ) : location.status === 'invalid' ? (
        <p className="inline-flex items-center gap-2 text-sm font-medium text-danger" role="alert">
          <CircleAlert className="size-4" aria-hidden="true" />
          No address found there ({coords}). Try another point or search.
        </p>
      ) : (
        <p className={cn('text-sm', error ? 'font-medium text-danger' : 'text-muted')}>
          {error ?? 'Search for the place the customer names, or tap the map.'}
        </p>
      )}
    </div>
  );
}
