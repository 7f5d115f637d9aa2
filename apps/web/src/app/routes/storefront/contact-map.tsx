/**
 * The contact page's map: the OpenStreetMap embed over a styled card with the address and an
 * "Open in maps" link. The card is what the server renders and what shows while the map loads or when
 * the phone is offline, so the frame never appears as a bare box; the link under the map works
 * even when the embed cannot load (a cross-origin frame's failure cannot be detected from the page).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { MAP_DEFAULT, SHOP } from '@meatshop/shared/constants';
import { ExternalLink, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';

const d = 0.02;
const EMBED_URL = `https://www.openstreetmap.org/export/embed.html?bbox=${MAP_DEFAULT.lng - d},${MAP_DEFAULT.lat - d},${MAP_DEFAULT.lng + d},${MAP_DEFAULT.lat + d}&layer=mapnik&marker=${MAP_DEFAULT.lat},${MAP_DEFAULT.lng}`;
const OPEN_URL = `https://www.openstreetmap.org/?mlat=${MAP_DEFAULT.lat}&mlon=${MAP_DEFAULT.lng}#map=16/${MAP_DEFAULT.lat}/${MAP_DEFAULT.lng}`;

export function ContactMap() {
  // The frame is added after hydration, so its load event is never missed (and the server and the
  // first client render agree); it stays transparent until it has loaded.
  const [embed, setEmbed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const { t } = useLingui();
  const city = SHOP.city;
  useEffect(() => {
    if (navigator.onLine !== false) setEmbed(true);
  }, []);

  return (
    <figure className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface">
      <div className="relative h-[400px] bg-cream-deep">
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <MapPin className="size-7" aria-hidden="true" />
          </span>
          <p className="font-semibold text-ink">{SHOP.name}</p>
          <p className="max-w-xs text-sm text-ink-soft">{SHOP.address}</p>
        </div>
        {embed ? (
          <iframe
            title={t`Map of our head office in Kampala`}
            src={EMBED_URL}
            className={cn('absolute inset-0 size-full transition-opacity duration-300', loaded ? 'opacity-100' : 'opacity-0')}
            loading="lazy"
            referrerPolicy="no-referrer"
            onLoad={() => setLoaded(true)}
          />
        ) : null}
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-line px-4 py-3 text-sm">
        <span className="text-muted">
          <Trans>Head office, {city}</Trans>
        </span>
        <a
          href={OPEN_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 hover:underline"
        >
          <Trans>Open in maps</Trans>
          <ExternalLink className="size-4" aria-hidden="true" />
        </a>
      </figcaption>
    </figure>
  );
}
