/**
 * One geocoding interface for the map pickers, two providers: the built-in Kampala gazetteer (the
 * default, no network) and a Nominatim-compatible service when GEOCODER_URL is set.
 */
import type { GeoPlace } from '@meatshop/shared/geo';
import type { Config } from '../../config.ts';
import { gazetteerGeocoder } from './gazetteer-geocoder.ts';
import { nominatimGeocoder } from './nominatim-geocoder.ts';

export interface Geocoder {
  readonly name: 'gazetteer' | 'nominatim';
  /** At most 5 places inside East Africa, best first. */
  search(q: string): Promise<GeoPlace[]>;
  /** The address at a point, or null when there is none. */
  reverse(lat: number, lng: number): Promise<GeoPlace | null>;
}

export function createGeocoder(config: Pick<Config, 'GEOCODER_URL' | 'publicUrl'>, fetchImpl: typeof fetch = fetch): Geocoder {
  if (config.GEOCODER_URL) return nominatimGeocoder({ baseUrl: config.GEOCODER_URL, contact: config.publicUrl, fetch: fetchImpl });
  return gazetteerGeocoder();
}
