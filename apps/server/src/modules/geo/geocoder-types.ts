/** What a geocoding provider offers; apart from geocoder.ts, which imports every provider. */
import type { GeoPlace } from '@meatshop/shared/geo';

export interface Geocoder {
  readonly name: 'gazetteer' | 'nominatim';
  /** At most 5 places inside East Africa, best first. */
  search(q: string): Promise<GeoPlace[]>;
  /** The address at a point, or null when there is none. */
  reverse(lat: number, lng: number): Promise<GeoPlace | null>;
}
