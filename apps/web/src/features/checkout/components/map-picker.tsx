/**
 * The delivery map (Leaflet, loaded only with the checkout screen): click the map or drag the marker
 * to choose the point. Works without tiles (no MAP_TILES_URL, or offline): the marker and the
 * coordinates still work on a plain background.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { MAP_DEFAULT } from '@meatshop/shared/constants';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';

interface MapPickerProps {
  point: { lat: number; lng: number } | null;
  /** Zoom to use when the point changes from outside (a search result: 15). */
  focusZoom?: number;
  tilesUrl: string;
  onPick: (lat: number, lng: number) => void;
}

// A pin drawn in CSS at Leaflet's default marker size (25x41), so no image assets are needed.
const pin = L.divIcon({
  className: '',
  html: '<span class="block h-[41px] w-[25px]"><svg viewBox="0 0 25 41" width="25" height="41" aria-hidden="true"><path d="M12.5 0C5.6 0 0 5.6 0 12.5 0 22 12.5 41 12.5 41S25 22 25 12.5C25 5.6 19.4 0 12.5 0z" fill="#8b1e1e"/><circle cx="12.5" cy="12.5" r="5" fill="#fff"/></svg></span>',
  iconSize: [25, 41],
  iconAnchor: [12.5, 41],
});

export function MapPicker({ point, focusZoom = MAP_DEFAULT.zoomSelected, tilesUrl, onPick }: MapPickerProps) {
  const { t } = useLingui();
  const markerTitle = t`Delivery location`;
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;

  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { center: [MAP_DEFAULT.lat, MAP_DEFAULT.lng], zoom: MAP_DEFAULT.zoom, attributionControl: !!tilesUrl });
    if (tilesUrl) L.tileLayer(tilesUrl, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => onPickRef.current(round(e.latlng.lat), round(e.latlng.lng)));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tilesUrl]);

  useEffect(() => {
    const m = map.current;
    if (!m || !point) return;
    if (!marker.current) {
      marker.current = L.marker([point.lat, point.lng], { draggable: true, icon: pin, keyboard: true, title: markerTitle }).addTo(m);
      marker.current.on('dragend', () => {
        const p = marker.current?.getLatLng();
        if (p) onPickRef.current(round(p.lat), round(p.lng));
      });
    } else {
      marker.current.setLatLng([point.lat, point.lng]);
    }
    if (!m.getBounds().pad(-0.2).contains([point.lat, point.lng])) m.setView([point.lat, point.lng], Math.max(m.getZoom(), focusZoom));
  }, [point, focusZoom, markerTitle]);

  return (
    <div className="relative">
      <div
        ref={el}
        role="application"
        aria-label={t`Delivery location map: click to place the marker, drag it to adjust`}
        className="relative z-0 h-[300px] w-full overflow-hidden rounded-2xl border border-line bg-[#e8e2d8] sm:h-[400px]"
        data-testid="map-picker"
      />
      {tilesUrl ? null : (
        <p className="pointer-events-none absolute inset-x-0 bottom-3 z-[500] mx-auto w-fit rounded-full bg-surface/90 px-4 py-1.5 text-xs text-muted shadow-card">
          <Trans>Map images are unavailable: search a place, or tap to drop the pin.</Trans>
        </p>
      )}
    </div>
  );
}

/** Six decimals is about 10 cm: plenty for a doorstep. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;
