/** Outlet location: the lazy map plus latitude/longitude fields (usable without the map, e.g. offline). */
import { MAP_DEFAULT } from '@meatshop/shared/constants';
import { lazy, Suspense } from 'react';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import type { LatLng } from './location-picker-map';

const LocationPickerMap = lazy(() => import('./location-picker-map'));

export function LocationPicker({
  value,
  onChange,
  error,
}: {
  value: LatLng | null;
  onChange: (v: LatLng) => void;
  error?: string | undefined;
}) {
  const set = (key: 'lat' | 'lng', raw: string) => {
    const n = Number(raw);
    if (raw === '' || Number.isNaN(n)) return;
    onChange({ lat: value?.lat ?? MAP_DEFAULT.lat, lng: value?.lng ?? MAP_DEFAULT.lng, [key]: n });
  };
  return (
    <div className="space-y-2">
      <Suspense fallback={<Skeleton className="h-[400px] w-full" />}>
        <LocationPickerMap value={value} onChange={onChange} center={{ lat: MAP_DEFAULT.lat, lng: MAP_DEFAULT.lng, zoom: 15 }} />
      </Suspense>
      <div className="grid grid-cols-2 gap-2">
        <Input
          aria-label="Latitude"
          placeholder="Latitude"
          type="number"
          step="any"
          value={value?.lat ?? ''}
          onChange={(e) => set('lat', e.target.value)}
          className="h-10"
        />
        <Input
          aria-label="Longitude"
          placeholder="Longitude"
          type="number"
          step="any"
          value={value?.lng ?? ''}
          onChange={(e) => set('lng', e.target.value)}
          className="h-10"
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : (
        <p className="text-xs text-muted">Click the map or drag the marker to set the outlet's location.</p>
      )}
    </div>
  );
}
