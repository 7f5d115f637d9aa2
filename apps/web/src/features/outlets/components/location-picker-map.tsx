/**
 * The outlet location map (Leaflet, lazy chunk): click to place the marker, drag it to adjust.
 * A simple stand-in for the checkout map picker until both share one component.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';

const TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
// A CSS marker: Leaflet's default icon images need bundler path fixes; this needs none.
const icon = L.divIcon({
  className: '',
  html: '<span style="display:block;width:22px;height:22px;border-radius:50% 50% 50% 0;background:#8b1e1e;border:3px solid #fff;transform:rotate(-45deg);box-shadow:0 2px 6px rgb(0 0 0/.35)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
});

export interface LatLng {
  lat: number;
  lng: number;
}

export default function LocationPickerMap({
  value,
  onChange,
  center,
}: {
  value: LatLng | null;
  onChange: (v: LatLng) => void;
  center: LatLng & { zoom: number };
}) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is created once; value changes move the marker below.
  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { attributionControl: true }).setView(value ?? center, value ? 15 : center.zoom);
    L.tileLayer(TILES, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => onChangeRef.current({ lat: round(e.latlng.lat), lng: round(e.latlng.lng) }));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
    };
  }, []);

  useEffect(() => {
    const m = map.current;
    if (!m || !value) return;
    if (!marker.current) {
      marker.current = L.marker(value, { draggable: true, icon, keyboard: false }).addTo(m);
      marker.current.on('dragend', () => {
        const p = marker.current!.getLatLng();
        onChangeRef.current({ lat: round(p.lat), lng: round(p.lng) });
      });
    } else marker.current.setLatLng(value);
  }, [value]);

  return (
    <div
      ref={el}
      className="h-[400px] w-full overflow-hidden rounded-xl border border-line"
      role="application"
      aria-label="Outlet location map: click to place the marker"
    />
  );
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;
