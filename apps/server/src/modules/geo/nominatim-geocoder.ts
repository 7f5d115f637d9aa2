/**
 * A Nominatim-compatible service (GEOCODER_URL). Its usage policy asks for an identifying User-Agent,
 * at most one request a second and caching of answers: requests are queued one second apart and
 * answers kept for a day. https://operations.osmfoundation.org/policies/nominatim/
 */
import { EAST_AFRICA_BBOX } from '@meatshop/shared/constants';
import { type GeoPlace, insideEastAfrica } from '@meatshop/shared/geo';
import { AppError } from '../../platform/errors.ts';
import type { Geocoder } from './geocoder-types.ts';

interface NominatimAddress {
  road?: string;
  house_number?: string;
  suburb?: string;
  neighbourhood?: string;
  city?: string;
  town?: string;
  village?: string;
  county?: string;
  state?: string;
  postcode?: string;
  country?: string;
}
interface NominatimResult {
  lat: string;
  lon: string;
  display_name?: string;
  address?: NominatimAddress;
  error?: string;
}

const CACHE_MAX = 1000;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const MIN_INTERVAL_MS = 1000;
const TIMEOUT_MS = 8000;

export function nominatimGeocoder(opts: { baseUrl: string; contact: string; fetch: typeof fetch; minIntervalMs?: number }): Geocoder {
  const base = opts.baseUrl.replace(/\/$/, '');
  const userAgent = `KampalaPrimeMeats/1.0 (+${opts.contact})`;
  const interval = opts.minIntervalMs ?? MIN_INTERVAL_MS;
  const cache = new Map<string, { at: number; value: unknown }>();
  let queue: Promise<unknown> = Promise.resolve();
  let last = 0;

  /** One request at a time, at least `interval` ms apart, across every caller of this instance. */
  function throttled<T>(run: () => Promise<T>): Promise<T> {
    const next = queue.then(async () => {
      const wait = last + interval - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // Counted from the end of the previous answer: the gap is never shorter than the interval.
      try {
        return await run();
      } finally {
        last = Date.now();
      }
    });
    queue = next.catch(() => {});
    return next;
  }

  async function getJson(path: string, params: Record<string, string>): Promise<unknown> {
    const url = `${base}${path}?${new URLSearchParams({ format: 'jsonv2', addressdetails: '1', ...params })}`;
    const hit = cache.get(url);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value;
    const value = await throttled(async () => {
      const res = await opts.fetch(url, {
        headers: { 'user-agent': userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      return res.json() as Promise<unknown>;
    }).catch(() => {
      throw new AppError('UNAVAILABLE', 'The address service is unavailable. Please try again.');
    });
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(url, { at: Date.now(), value });
    return value;
  }

  return {
    name: 'nominatim',
    async search(q) {
      const [west, south, east, north] = EAST_AFRICA_BBOX;
      const body = await getJson('/search', { q, viewbox: `${west},${north},${east},${south}`, bounded: '1', limit: '5' });
      if (!Array.isArray(body)) return [];
      return (body as NominatimResult[])
        .flatMap((r) => {
          const p = toPlace(r);
          return p && insideEastAfrica(p.lat, p.lng) ? [p] : [];
        })
        .slice(0, 5);
    },
    async reverse(lat, lng) {
      const body = (await getJson('/reverse', { lat: String(lat), lon: String(lng) })) as NominatimResult;
      if (!body || typeof body !== 'object' || body.error) return null;
      const p = toPlace(body);
      return p ? { ...p, lat, lng } : null;
    },
  };
}

function toPlace(r: NominatimResult): GeoPlace | null {
  const lat = Number(r.lat);
  const lng = Number(r.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const a = r.address ?? {};
  const street = [a.house_number, a.road].filter(Boolean).join(' ') || a.neighbourhood || a.suburb || '';
  return {
    formattedAddress: r.display_name ?? [street, a.suburb, a.city ?? a.town ?? a.village, a.country].filter(Boolean).join(', '),
    lat,
    lng,
    street,
    city: a.city ?? a.town ?? a.village ?? a.county ?? '',
    state: a.state ?? '',
    postalCode: a.postcode ?? '',
    country: a.country ?? '',
  };
}
