/**
 * The zones map (leaflet, loaded only with this admin screen): every zone as a circle, the one being
 * edited highlighted; a click on the map moves the edited zone's centre there.
 */
import 'leaflet/dist/leaflet.css';
import type { DeliveryZone } from '@meatshop/shared/delivery-zones';
import { MAP_DEFAULT } from '@meatshop/shared/constants';
import { formatUGX } from '@meatshop/shared/money';
import { Circle, CircleMarker, MapContainer, TileLayer, Tooltip, useMapEvents } from 'react-leaflet';

interface Props {
  zones: DeliveryZone[];
  editing: { id?: string; centerLat: number; centerLng: number; radiusKm: number } | null;
  onPick: (lat: number, lng: number) => void;
  /** A point the admin is checking the fee of. */
  probe?: { lat: number; lng: number } | null;
  /** From /api/config; empty means the shop runs without map tiles (circles still show). */
  tilesUrl?: string | undefined;
}

function ClickToPick({ onPick }: { onPick: Props['onPick'] }) {
  useMapEvents({ click: (e) => onPick(Number(e.latlng.lat.toFixed(5)), Number(e.latlng.lng.toFixed(5))) });
  return null;
}

export default function ZonesMap({ zones, editing, onPick, probe, tilesUrl }: Props) {
  return (
    <MapContainer center={[MAP_DEFAULT.lat, MAP_DEFAULT.lng]} zoom={10} className="h-[420px] w-full rounded-xl" scrollWheelZoom={false}>
      {tilesUrl ? (
        <TileLayer url={tilesUrl} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' />
      ) : null}
      {zones
        .filter((z) => z.id !== editing?.id)
        .map((z) => (
          <Circle
            key={z.id}
            center={[z.centerLat, z.centerLng]}
            radius={z.radiusKm * 1000}
            pathOptions={{
              color: z.isActive ? '#8b1e1e' : '#635950',
              weight: 2,
              fillOpacity: z.isActive ? 0.08 : 0.03,
              dashArray: z.isActive ? undefined : '6 6',
            }}
          >
            <Tooltip sticky>
              {z.name}: {formatUGX(z.fee)}
              {z.isActive ? '' : ' (inactive)'}
            </Tooltip>
          </Circle>
        ))}
      {editing ? (
        <>
          <Circle
            center={[editing.centerLat, editing.centerLng]}
            radius={editing.radiusKm * 1000}
            pathOptions={{ color: '#c69749', weight: 3, fillOpacity: 0.15 }}
          />
          <CircleMarker
            center={[editing.centerLat, editing.centerLng]}
            radius={6}
            pathOptions={{ color: '#c69749', fillColor: '#c69749', fillOpacity: 1 }}
          />
        </>
      ) : null}
      {probe ? (
        <CircleMarker
          center={[probe.lat, probe.lng]}
          radius={7}
          pathOptions={{ color: '#1f1b18', fillColor: '#ffffff', fillOpacity: 1, weight: 3 }}
        />
      ) : null}
      <ClickToPick onPick={onPick} />
    </MapContainer>
  );
}
