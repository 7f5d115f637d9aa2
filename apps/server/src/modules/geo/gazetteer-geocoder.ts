/** The built-in provider: search by name, reverse lookup gives the nearest known place. */
import type { GeoPlace } from '@meatshop/shared/geo';
import { insideEastAfrica } from '@meatshop/shared/geo';
import { distanceKm } from '@meatshop/shared/geo';
import { GAZETTEER, type GazetteerPlace } from './gazetteer-data.ts';
import type { Geocoder } from './geocoder-types.ts';

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Beyond this a point is not "at" a known place; the address names the nearest one instead. */
const NEAR_KM = 1.5;

function toPlace(p: GazetteerPlace, at?: { lat: number; lng: number }, km?: number): GeoPlace {
  const city = p.city ?? 'Kampala';
  const area = p.area && p.area !== p.name ? p.area : undefined;
  const street = p.kind === 'road' || p.kind === 'landmark' || p.kind === 'market' ? p.name : '';
  const near = km != null && km > NEAR_KM ? `Near ${p.name}` : p.name;
  const parts = [near, area, city === p.name ? undefined : city, 'Uganda'].filter(Boolean);
  return {
    formattedAddress: parts.join(', '),
    lat: at?.lat ?? p.lat,
    lng: at?.lng ?? p.lng,
    street: km != null && km > NEAR_KM ? '' : street || p.name,
    city,
    state: 'Central Region',
    postalCode: '',
    country: 'Uganda',
  };
}

function score(p: GazetteerPlace, q: string): number {
  const name = fold(p.name);
  const area = fold(p.area ?? '');
  if (name === q) return 100;
  if (name.startsWith(q)) return 80;
  if (name.split(' ').some((w) => w.startsWith(q))) return 60;
  if (name.includes(q)) return 40;
  const words = q.split(' ');
  if (words.length > 1 && words.every((w) => `${name} ${area} ${fold(p.city ?? 'kampala')}`.includes(w))) return 30;
  if (area?.startsWith(q)) return 20;
  return 0;
}

export function gazetteerGeocoder(): Geocoder {
  return {
    name: 'gazetteer',
    async search(raw) {
      const q =
        fold(raw)
          .replace(/\b(kampala|uganda)\b/g, '')
          .trim() || fold(raw);
      return GAZETTEER.map((p) => ({ p, s: score(p, q) }))
        .filter((x) => x.s > 0)
        .sort((a, b) => b.s - a.s || a.p.name.localeCompare(b.p.name))
        .slice(0, 5)
        .map((x) => toPlace(x.p));
    },
    async reverse(lat, lng) {
      if (!insideEastAfrica(lat, lng)) return null;
      let best: { p: GazetteerPlace; km: number } | undefined;
      for (const p of GAZETTEER) {
        const km = distanceKm(lat, lng, p.lat, p.lng);
        if (!best || km < best.km) best = { p, km };
      }
      // Far from everything we know (another country): no address rather than a wrong one.
      if (!best || best.km > 60) return null;
      return toPlace(best.p, { lat, lng }, best.km);
    },
  };
}
