/**
 * The chosen delivery point and its address. A search result is valid at once; a map click, a marker
 * drag or a saved address is checked with a reverse lookup: validating, then valid or invalid
 * ("Address validation").
 */
import type { GeoPlace } from '@meatshop/shared/geo';
import { useCallback, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { reverseGeocode } from '../api/reverse-geocode';

export type AddressStatus = 'idle' | 'validating' | 'valid' | 'invalid';

export interface DeliveryLocation {
  point: { lat: number; lng: number } | null;
  place: GeoPlace | null;
  status: AddressStatus;
}

export function useDeliveryLocation() {
  const [state, setState] = useState<DeliveryLocation>({ point: null, place: null, status: 'idle' });
  const seq = useRef(0);

  const choosePlace = useCallback((place: GeoPlace) => {
    seq.current++;
    setState({ point: { lat: place.lat, lng: place.lng }, place, status: 'valid' });
  }, []);

  /** A point from the map (or a saved address, whose text is kept as the address shown). */
  const choosePoint = useCallback(async (lat: number, lng: number, label?: string) => {
    const mine = ++seq.current;
    setState({ point: { lat, lng }, place: null, status: 'validating' });
    try {
      const place = await reverseGeocode(lat, lng);
      if (mine !== seq.current) return;
      setState({ point: { lat, lng }, place: { ...place, lat, lng, ...(label ? { formattedAddress: label } : {}) }, status: 'valid' });
    } catch (err) {
      if (mine !== seq.current) return;
      setState({ point: { lat, lng }, place: null, status: 'invalid' });
      const noAddress = err instanceof ApiError && err.status === 404;
      toast.error(noAddress ? 'Failed to get address for selected location' : 'Failed to validate location');
    }
  }, []);

  return { ...state, choosePlace, choosePoint };
}
