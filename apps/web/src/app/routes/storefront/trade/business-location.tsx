/**
 * Where the business is: search the place or tap the map, as at checkout. The map loads on its own
 * (Leaflet stays out of the chunk every shopper loads).
 */
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { usePublicConfig } from '@/features/checkout/api/get-public-config';
import { PlaceSearch } from '@/features/checkout/components/place-search';
import type { useDeliveryLocation } from '@/features/checkout/hooks/use-delivery-location';
import { cn } from '@/lib/cn';

type Location = ReturnType<typeof useDeliveryLocation>;

const MapPicker = lazy(() => import('@/features/checkout/components/map-picker').then((m) => ({ default: m.MapPicker })));
const mapSkeleton = <Skeleton className="h-[240px] w-full rounded-2xl sm:h-[300px]" />;

export function BusinessLocation({ location, error }: { location: Location; error?: string | undefined }) {
  const [text, setText] = useState('');
  const config = usePublicConfig();
  return (
    <div className="space-y-3">
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
        <div data-testid="business-address">
          <p className="inline-flex items-center gap-2 text-sm font-semibold text-success">
            <CircleCheck className="size-4" aria-hidden="true" />
            Business address
          </p>
          <p className="mt-0.5 text-ink">{location.place.formattedAddress}</p>
        </div>
      ) : location.status === 'invalid' ? (
        <p className="inline-flex items-center gap-2 text-sm font-medium text-danger" role="alert">
          <CircleAlert className="size-4" aria-hidden="true" />
          No address found there. Try another point or search.
        </p>
      ) : (
        <p className={cn('text-sm', error ? 'font-medium text-danger' : 'text-muted')} role={error ? 'alert' : undefined}>
          {error ?? 'Search for your business, or tap the map where it is.'}
        </p>
      )}
    </div>
  );
}
