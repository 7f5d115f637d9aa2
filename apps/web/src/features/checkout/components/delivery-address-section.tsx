/**
 * Delivery address with the map picker: place search, click or drag on the map, saved addresses to
 * pick from, and Save Current Address (offered only when the address is valid and the search box
 * has text).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { BookmarkPlus, CircleAlert, CircleCheck, Home, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { usePublicConfig } from '../api/get-public-config';
import { useSaveAddress, useSavedAddresses } from '../api/saved-addresses';
import type { useDeliveryLocation } from '../hooks/use-delivery-location';
import { MapPicker } from './map-picker';
import { PlaceSearch } from './place-search';

type Location = ReturnType<typeof useDeliveryLocation>;

export function DeliveryAddressSection({ location, error }: { location: Location; error?: string }) {
  const { t } = useLingui();
  const [searchText, setSearchText] = useState('');
  const config = usePublicConfig();
  const saved = useSavedAddresses();
  const save = useSaveAddress();

  useEffect(() => {
    if (saved.isError) toast.error(t`Failed to load saved addresses`, { id: 'saved-addresses' });
  }, [saved.isError, t]);

  const canSave = location.status === 'valid' && !!location.place && searchText.trim().length > 0;
  const onSave = () => {
    if (!location.place) return;
    save.mutate(
      { address: location.place.formattedAddress, lat: location.place.lat, lng: location.place.lng },
      { onSuccess: () => toast.success(t`Address saved successfully`), onError: () => toast.error(t`Failed to save address`) },
    );
  };

  return (
    <div className="space-y-4">
      {saved.isPending ? (
        <Skeleton className="h-11 w-2/3" />
      ) : saved.data && saved.data.addresses.length > 0 ? (
        <div>
          <p className="mb-2 text-sm font-semibold text-ink">
            <Trans>Saved addresses</Trans>
          </p>
          <div className="flex flex-wrap gap-2">
            {saved.data.addresses.map((a) => {
              const active = location.point?.lat === a.lat && location.point?.lng === a.lng;
              return (
                <button
                  key={a.id}
                  type="button"
                  onClick={() => void location.choosePoint(a.lat, a.lng, a.address)}
                  className={cn(
                    'inline-flex max-w-full items-center gap-2 rounded-full border px-4 py-2 text-left text-sm transition-colors',
                    active
                      ? 'border-brand-700 bg-brand-50 text-brand-800'
                      : 'border-line-strong bg-surface text-ink-soft hover:border-ink/40',
                  )}
                >
                  <Home className="size-4 shrink-0" aria-hidden="true" />
                  <span className="truncate">{a.address}</span>
                  {a.isDefault ? (
                    <span className="text-xs font-semibold text-muted">
                      <Trans>Default</Trans>
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
        </div>
      ) : null}

      <PlaceSearch value={searchText} onChange={setSearchText} onChoose={location.choosePlace} />

      {config.isPending ? (
        <Skeleton className="h-[300px] w-full rounded-2xl sm:h-[400px]" />
      ) : (
        <MapPicker
          point={location.point}
          tilesUrl={config.data?.mapTilesUrl ?? ''}
          onPick={(lat, lng) => void location.choosePoint(lat, lng)}
        />
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <AddressStatusLine location={location} error={error} />
        {canSave ? (
          <Button variant="secondary" size="sm" className="self-start" onClick={onSave} pending={save.isPending} pendingText={t`Saving...`}>
            <BookmarkPlus className="size-4" aria-hidden="true" />
            <Trans>Save Current Address</Trans>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function AddressStatusLine({ location, error }: { location: Location; error?: string }) {
  const { t } = useLingui();
  const coords = location.point ? `${location.point.lat.toFixed(5)}, ${location.point.lng.toFixed(5)}` : null;
  if (location.status === 'validating') {
    return (
      <p className="inline-flex items-center gap-2 text-sm text-muted" role="status">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        <Trans>Checking this location…</Trans>
      </p>
    );
  }
  if (location.status === 'valid' && location.place) {
    return (
      <div className="min-w-0 flex-1" data-testid="delivery-address">
        <p className="inline-flex items-center gap-2 text-sm font-semibold text-success">
          <CircleCheck className="size-4" aria-hidden="true" />
          <Trans>Delivering to</Trans>
        </p>
        <p className="mt-0.5 text-ink">{location.place.formattedAddress}</p>
        <p className="text-xs text-muted">{coords}</p>
      </div>
    );
  }
  if (location.status === 'invalid') {
    return (
      <p className="inline-flex items-center gap-2 text-sm font-medium text-danger" role="alert">
        <CircleAlert className="size-4" aria-hidden="true" />
        <Trans>We couldn't find an address there ({coords}). Try another point or search.</Trans>
      </p>
    );
  }
  return (
    <p className={cn('text-sm', error ? 'font-medium text-danger' : 'text-muted')}>
      {error ?? t`Search for a place or tap the map to set your delivery point.`}
    </p>
  );
}
