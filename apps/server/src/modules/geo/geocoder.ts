/**
 * One geocoding interface for the map pickers, two providers: the built-in Kampala gazetteer (the
 * default, no network) and a Nominatim-compatible service when GEOCODER_URL is set.
 */
import type { Config } from '../../config.ts';
import type { Geocoder } from './geocoder-types.ts';
import { gazetteerGeocoder } from './gazetteer-geocoder.ts';
import { nominatimGeocoder } from './nominatim-geocoder.ts';

export type { Geocoder } from './geocoder-types.ts';

export function createGeocoder(config: Pick<Config, 'GEOCODER_URL' | 'publicUrl'>, fetchImpl: typeof fetch = fetch): Geocoder {
  if (config.GEOCODER_URL) return nominatimGeocoder({ baseUrl: config.GEOCODER_URL, contact: config.publicUrl, fetch: fetchImpl });
  return gazetteerGeocoder();
}
