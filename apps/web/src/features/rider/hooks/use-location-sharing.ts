/**
 * Live tracking from the rider's phone, mounted once by the rider layout. While the
 * rider is online it watches the browser's geolocation and sends a fix about every 15 s while moving
 * (every minute when standing still): to each order being carried, so its customer sees the rider
 * move, or, carrying nothing, as the rider's own location for dispatch suggestions. A fix taken with
 * no signal for a carried order goes to the offline queue like the rider's other steps.
 */
import { POSITION_INTERVAL_MS, STILL_METRES } from '@meatshop/shared/tracking';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '@/lib/api-client';
import { useShopStore } from '@/stores/shop-store';
import { getRiderOrders } from '../api/get-rider-orders';
import { riderKeys } from '../api/keys';
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

const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 };
/** How often the latest fix is looked at; it is sent when due (see POSITION_INTERVAL_MS). */
const TICK_MS = 3_000;

interface Fix {
  lat: number;
  lng: number;
  accuracy?: number;
}

export function useLocationSharing(): SharingState {
  const status = useShopStore((s) => s.rider?.status ?? 'offline');
  const active = status === 'online' || status === 'delivering';
  const [state, setState] = useState<SharingState>('off');
  /** The phone's latest fix (watchPosition reports only changes) and what was last sent. */
  const latest = useRef<Fix | null>(null);
  const sent = useRef<{ lat: number; lng: number; at: number; carrying: string } | null>(null);
  // Which orders are being carried: a pickup sends the position at once, not at the next interval.
  const orders = useQuery({ queryKey: riderKeys.orders(), queryFn: getRiderOrders, networkMode: 'always', enabled: active });
  const carrying = (orders.data ?? [])
    .filter((o) => o.status === 'picked_up')
    .map((o) => o.id)
    .sort()
    .join(',');
  const carryingRef = useRef(carrying);
  carryingRef.current = carrying;

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
    latest.current = null;
    sent.current = null;
    const maybeSend = () => {
      const fix = latest.current;
      if (!fix) return;
      const now = Date.now();
      const prev = sent.current;
      const moved = !prev || metres(prev, fix) >= STILL_METRES;
      const wait = moved ? POSITION_INTERVAL_MS.moving : POSITION_INTERVAL_MS.still;
      if (prev && prev.carrying === carryingRef.current && now - prev.at < wait) return;
      sent.current = { lat: fix.lat, lng: fix.lng, at: now, carrying: carryingRef.current };
      // No new fix means the phone is still where it said: the position holds now.
      void share({ ...fix, recordedAt: new Date(now).toISOString() });
    };
    // Only watchPosition: on desktop Chrome getCurrentPosition can hang while a watch is active.
    const watch = navigator.geolocation.watchPosition(
      (pos) => {
        setState('sharing');
        latest.current = {
          lat: Math.round(pos.coords.latitude * 1e6) / 1e6,
          lng: Math.round(pos.coords.longitude * 1e6) / 1e6,
          accuracy: Number.isFinite(pos.coords.accuracy) ? Math.round(pos.coords.accuracy) : undefined,
        };
        maybeSend();
      },
      (err) => {
        if (err.code === err.PERMISSION_DENIED) setState('denied');
      },
      GEO_OPTIONS,
    );
    const tick = setInterval(maybeSend, TICK_MS);
    return () => {
      navigator.geolocation.clearWatch(watch);
      clearInterval(tick);
    };
  }, [active]);

  return state;
}
