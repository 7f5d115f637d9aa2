/**
 * A place chosen by searching or tapping the map, as at checkout, for the forms that need one point
 * without the signed-in person's saved addresses: an order staff take, a business's own address.
 * The map loads on its own: imported statically, it (and Leaflet) would land in the chunk every
 * shopper's page loads, and in the server render.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { usePublicConfig } from '@/features/checkout/api/get-public-config';
import { PlaceSearch } from '@/features/checkout/components/place-search';
import type { useDeliveryLocation } from '@/features/checkout/hooks/use-delivery-location';
import { cn } from '@/lib/cn';

type Location = ReturnType<typeof useDeliveryLocation>;

const MapPicker = lazy(() => import('@/features/checkout/components/map-picker').then((m) => ({ default: m.MapPicker })));

interface PlaceFieldProps {
  location: Location;
  error?: string | undefined;
  /** Heads the address once found: "Delivering to", "Business address". */
  chosenLabel: string;
  /** Said until a place is chosen. */
  hint: string;
  /** Names the found address for tests. */
  testId: string;
  /** Staff read the coordinates back to a customer on the phone; a business owner has no use for them. */
  showCoordinates?: boolean;
  size?: 'regular' | 'compact';
}

export function PlaceField({ location, error, chosenLabel, hint, testId, showCoordinates = false, size = 'regular' }: PlaceFieldProps) {
  const [text, setText] = useState('');
  const { t } = useLingui();
  const config = usePublicConfig();
  const coords = location.point ? `${location.point.lat.toFixed(5)}, ${location.point.lng.toFixed(5)}` : null;
  const mapSkeleton = (
    <Skeleton className={cn('w-full rounded-2xl', size === 'compact' ? 'h-[240px] sm:h-[300px]' : 'h-[260px] sm:h-[340px]')} />
  );
  return (
    <div className={size === 'compact' ? 'space-y-3' : 'space-y-4'}>
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
          <Trans>Checking this location…</Trans>
        </p>
      ) : location.status === 'valid' && location.place ? (
        <div data-testid={testId}>
          <p className="inline-flex items-center gap-2 text-sm font-semibold text-success">
            <CircleCheck className="size-4" aria-hidden="true" />
            {chosenLabel}
          </p>
          <p className="mt-0.5 text-ink">{location.place.formattedAddress}</p>
          {showCoordinates && <p className="text-xs text-muted">{coords}</p>}
        </div>
      ) : location.status === 'invalid' ? (
        <p className="inline-flex items-center gap-2 text-sm font-medium text-danger" role="alert">
          <CircleAlert className="size-4" aria-hidden="true" />
          {showCoordinates
            ? t`No address found there (${coords}). Try another point or search.`
            : t`No address found there. Try another point or search.`}
        </p>
      ) : (
        <p className={cn('text-sm', error ? 'font-medium text-danger' : 'text-muted')} role={error ? 'alert' : undefined}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}
