/**
 * Live tracking from the rider's phone (issue 12 item 1), mounted once by the rider layout. While the
 * rider is online it watches the browser's geolocation and sends a fix about every 15 s while moving
 * (every minute when standing still): to each order being carried, so its customer sees the rider
 * move, or, carrying nothing, as the rider's own location for dispatch suggestions. A fix taken with
 * no signal for a carried order goes to the offline queue like the rider's other steps.
 */
import { POSITION_INTERVAL_MS, STILL_METRES } from '@meatshop/shared/tracking';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '@/lib/api-client';
import { useShopStore } from '@/stores/shop-store';
import { sendPosition } from '../api/send-action';
import { enqueuePosition } from '../offline/offline-queue';
import { cachedOrders, type QueuedPosition } from '../offline/rider-db';

export type SharingState = 'off' | 'waiting' | 'sharing' | 'denied' | 'unsupported';

/** Metres between two fixes (equirectangular: plenty at these distances). */
function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const x = ((b.lng - a.lng) * Math.PI * Math.cos(((a.lat + b.lat) * Math.PI) / 360)) / 180;
  const y = ((b.lat - a.lat) * Math.PI) / 180;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}

async function share(p: QueuedPosition) {
  // The saved copy of the rider's orders knows pickups made offline too.
  const carrying = (await cachedOrders()).filter((o) => o.summary.status === 'picked_up').map((o) => o.id);
  if (!carrying.length) {
    if (!navigator.onLine) return;
    await api.put('/api/rider/location', { lat: p.lat, lng: p.lng, accuracy: p.accuracy }).catch(() => {});
    return;
  }
  for (const orderId of carrying) {
    if (!navigator.onLine) {
      await enqueuePosition(orderId, p);
      continue;
    }
    try {
      await sendPosition(orderId, p);
    } catch (err) {
      // The signal dropped mid-request: keep the fix. A refusal (delivery closed) is dropped.
      if (err instanceof ApiError && err.code === 'NETWORK') await enqueuePosition(orderId, p);
    }
  }
}

export function useLocationSharing(): SharingState {
  const status = useShopStore((s) => s.rider?.status ?? 'offline');
  const active = status === 'online' || status === 'delivering';
  const [state, setState] = useState<SharingState>('off');
  const last = useRef<{ lat: number; lng: number; at: number } | null>(null);

  useEffect(() => {
    if (!active) {
      setState('off');
      return;
    }
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setState('unsupported');
      return;
    }
    setState('waiting');
    last.current = null;
    const onFix = (pos: GeolocationPosition) => {
      setState('sharing');
      const here = { lat: Math.round(pos.coords.latitude * 1e6) / 1e6, lng: Math.round(pos.coords.longitude * 1e6) / 1e6 };
      const now = Date.now();
      const prev = last.current;
      const moved = !prev || metres(prev, here) >= STILL_METRES;
      const wait = moved ? POSITION_INTERVAL_MS.moving : POSITION_INTERVAL_MS.still;
      if (prev && now - prev.at < wait) return;
      last.current = { ...here, at: now };
      void share({
        ...here,
        accuracy: Number.isFinite(pos.coords.accuracy) ? Math.round(pos.coords.accuracy) : undefined,
        recordedAt: new Date(pos.timestamp || now).toISOString(),
      });
    };
    const onError = (err: GeolocationPositionError) => {
      if (err.code === err.PERMISSION_DENIED) setState('denied');
    };
    const watch = navigator.geolocation.watchPosition(onFix, onError, { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 });
    // watchPosition only reports changes: ask again now and then so a still rider is sent each minute.
    const poll = setInterval(
      () => navigator.geolocation.getCurrentPosition(onFix, onError, { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 }),
      POSITION_INTERVAL_MS.moving,
    );
    return () => {
      navigator.geolocation.clearWatch(watch);
      clearInterval(poll);
    };
  }, [active]);

  return state;
}
