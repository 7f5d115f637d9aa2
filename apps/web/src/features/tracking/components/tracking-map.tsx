/**
 * The delivery map (leaflet, loaded only with the screens that show it): riders, drop points and
 * outlets as markers drawn in CSS, so it needs no image assets and works with no tiles at all (tests,
 * offline, no MAP_TILES_URL). It fits every marker in view at first and follows them as they move,
 * without fighting a user who has panned or zoomed.
 */
import 'leaflet/dist/leaflet.css';
import { MAP_DEFAULT } from '@meatshop/shared/constants';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';

export type MapPointKind = 'rider' | 'rider-busy' | 'destination' | 'outlet' | 'order';

export interface MapPoint {
  id: string;
  kind: MapPointKind;
  lat: number;
  lng: number;
  /** Shown on hover/focus, and read by screen readers as the marker's title. */
  label: string;
  /** A test id for the marker element (e.g. rider-marker). */
  testId?: string;
}

interface Props {
  points: MapPoint[];
  /** Draws a dashed line between these two point ids (the rider and the door). */
  link?: [string, string];
  tilesUrl?: string | undefined;
  className?: string;
  ariaLabel: string;
}

const COLORS: Record<MapPointKind, string> = {
  rider: '#1f6f43',
  'rider-busy': '#c69749',
  destination: '#8b1e1e',
  outlet: '#1f1b18',
  order: '#8b1e1e',
};

function iconFor(p: MapPoint) {
  const color = COLORS[p.kind];
  const test = p.testId ? ` data-testid="${p.testId}"` : '';
  const data = ` data-lat="${p.lat}" data-lng="${p.lng}"`;
  if (p.kind === 'rider' || p.kind === 'rider-busy') {
    // A round badge with a scooter glyph and a soft pulse: the thing that moves.
    return L.divIcon({
      className: '',
      html: `<span${test}${data} class="tracking-rider relative block size-9"><span class="absolute inset-0 animate-ping rounded-full opacity-30" style="background:${color}"></span><span class="relative flex size-9 items-center justify-center rounded-full border-2 border-white shadow-lg" style="background:${color}"><svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="5.5" cy="17.5" r="3.5"/><circle cx="18.5" cy="17.5" r="3.5"/><path d="M15 6h2l3 8M5.5 17.5 9 9h5l2.5 8.5"/></svg></span></span>`,
      iconSize: [36, 36],
      iconAnchor: [18, 18],
    });
  }
  if (p.kind === 'outlet') {
    return L.divIcon({
      className: '',
      html: `<span${test}${data} class="flex size-7 items-center justify-center rounded-lg border-2 border-white shadow-md" style="background:${color}"><svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="#fbf8f4" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M3 9l1.5-5h15L21 9M4 9v11h16V9M9 20v-6h6v6"/></svg></span>`,
      iconSize: [28, 28],
      iconAnchor: [14, 14],
    });
  }
  // The drop point: the brand pin used by the checkout map.
  return L.divIcon({
    className: '',
    html: `<span${test}${data} class="block h-[34px] w-[21px]"><svg viewBox="0 0 25 41" width="21" height="34" aria-hidden="true"><path d="M12.5 0C5.6 0 0 5.6 0 12.5 0 22 12.5 41 12.5 41S25 22 25 12.5C25 5.6 19.4 0 12.5 0z" fill="${color}"/><circle cx="12.5" cy="12.5" r="5" fill="#fff"/></svg></span>`,
    iconSize: [21, 34],
    iconAnchor: [10.5, 34],
  });
}

/** Fits all points once, then again only when one leaves the view and the user has not moved the map. */
function FollowPoints({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const fitted = useRef(false);
  const fitting = useRef(false);
  const userMoved = useRef(false);
  useEffect(() => {
    const mark = () => {
      if (!fitting.current) userMoved.current = true;
    };
    const done = () => {
      fitting.current = false;
    };
    map.on('dragstart zoomstart', mark);
    map.on('moveend', done);
    return () => {
      map.off('dragstart zoomstart', mark);
      map.off('moveend', done);
    };
  }, [map]);
  useEffect(() => {
    if (!points.length) return;
    const bounds = L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
    const outside = !map.getBounds().pad(-0.1).contains(bounds);
    if (!fitted.current || (outside && !userMoved.current)) {
      fitting.current = true;
      map.fitBounds(bounds, { padding: [40, 40], maxZoom: 15, animate: fitted.current });
      fitted.current = true;
    }
  }, [map, points]);
  return null;
}

export default function TrackingMap({ points, link, tilesUrl, className, ariaLabel }: Props) {
  const icons = useMemo(() => new Map(points.map((p) => [`${p.id}:${p.kind}:${p.lat}:${p.lng}`, iconFor(p)])), [points]);
  const a = link ? points.find((p) => p.id === link[0]) : undefined;
  const b = link ? points.find((p) => p.id === link[1]) : undefined;
  return (
    <section aria-label={ariaLabel} className="relative">
      <MapContainer
        center={[MAP_DEFAULT.lat, MAP_DEFAULT.lng]}
        zoom={MAP_DEFAULT.zoom}
        className={className ?? 'h-[300px] w-full rounded-2xl sm:h-[380px]'}
        scrollWheelZoom={false}
        attributionControl={!!tilesUrl}
        style={{ background: '#e8e2d8' }}
      >
        {tilesUrl ? (
          <TileLayer url={tilesUrl} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' />
        ) : null}
        {a && b ? (
          <Polyline
            positions={[
              [a.lat, a.lng],
              [b.lat, b.lng],
            ]}
            pathOptions={{ color: '#1f6f43', weight: 3, dashArray: '6 8', opacity: 0.8 }}
          />
        ) : null}
        {points.map((p) => (
          <Marker
            key={`${p.kind}:${p.id}`}
            position={[p.lat, p.lng]}
            icon={icons.get(`${p.id}:${p.kind}:${p.lat}:${p.lng}`)!}
            title={p.label}
            alt={p.label}
            zIndexOffset={p.kind.startsWith('rider') ? 1000 : 0}
          >
            <Tooltip direction="top" offset={[0, -14]}>
              {p.label}
            </Tooltip>
          </Marker>
        ))}
        <FollowPoints points={points} />
      </MapContainer>
      {tilesUrl ? null : (
        <p className="pointer-events-none absolute inset-x-0 bottom-3 z-[500] mx-auto w-fit rounded-full bg-surface/90 px-4 py-1.5 text-xs text-muted shadow-card">
          Map images are unavailable; the markers still show where everyone is.
        </p>
      )}
    </section>
  );
}
