/** Place search box: debounced 500 ms, at most 5 results inside East Africa. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { GeoPlace } from '@meatshop/shared/geo';
import { MapPin, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useSearchPlaces } from '../api/search-places';
import { useDebounced } from '@/lib/use-debounced';

interface PlaceSearchProps {
  value: string;
  onChange: (text: string) => void;
  onChoose: (place: GeoPlace) => void;
}

export function PlaceSearch({ value, onChange, onChoose }: PlaceSearchProps) {
  const [open, setOpen] = useState(false);
  const debounced = useDebounced(value, 500);
  const search = useSearchPlaces(open ? debounced : '');
  const { t } = useLingui();

  useEffect(() => {
    if (search.isError) toast.error(t`Failed to search address`, { id: 'geo-search' });
  }, [search.isError, t]);

  const results = search.data?.results ?? [];
  const showList = open && debounced.trim().length >= 2 && !search.isPending;

  return (
    <div className="relative">
      <label htmlFor="place-search" className="sr-only">
        <Trans>Search for a place</Trans>
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-4 size-4.5 -translate-y-1/2 text-muted" aria-hidden="true" />
      <Input
        id="place-search"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
          if (e.key === 'Enter') e.preventDefault();
        }}
        placeholder={t`Search a neighbourhood, landmark or road`}
        autoComplete="off"
        aria-expanded={showList}
        aria-controls="place-results"
        className="pl-11"
      />
      {search.isFetching ? <Spinner className="absolute top-1/2 right-4 -translate-y-1/2 text-muted" label={t`Searching`} /> : null}
      {showList ? (
        <ul
          id="place-results"
          aria-label={t`Places found`}
          className="absolute inset-x-0 top-full z-[1000] mt-2 max-h-80 overflow-auto rounded-2xl border border-line bg-surface p-1.5 shadow-lift"
        >
          {results.length === 0 ? (
            <li className="px-4 py-3 text-sm text-muted">
              <Trans>No places found. Try another name, or tap the map.</Trans>
            </li>
          ) : (
            results.map((p) => (
              <li key={`${p.lat},${p.lng},${p.formattedAddress}`}>
                <button
                  type="button"
                  className="flex w-full items-start gap-3 rounded-xl px-3 py-2.5 text-left hover:bg-cream-deep"
                  onClick={() => {
                    onChoose(p);
                    onChange(p.formattedAddress);
                    setOpen(false);
                  }}
                >
                  <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  <span className="text-sm text-ink">{p.formattedAddress}</span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
