/**
 * Live events in the browser. One Server-Sent Events connection (features/events) receives what the
 * signed-in user may see and calls `emitLiveEvent`; any screen that must change without a reload
 * listens with `useLiveEvent` and refetches what it shows.
 */
import { useEffect, useRef } from 'react';

export type LiveEvent =
  | {
      type: 'order';
      action:
        | 'placed'
        | 'assigned'
        | 'declined'
        | 'ready'
        | 'picked_up'
        | 'delivered'
        | 'cancelled'
        | 'paid'
        | 'payment_failed'
        | 'updated';
      orderId: string;
      status: string;
      paymentStatus: string;
      userId: string;
      outletId: string | null;
      riderId: string | null;
    }
  | { type: 'notification'; id: string; message: string; notificationType: string }
  | { type: 'rider'; riderId: string; status: string }
  /** The rider's position on an open delivery (the order's customer, outlet staff and admins). */
  | {
      type: 'rider_position';
      orderId: string;
      userId: string;
      outletId: string | null;
      riderId: string;
      lat: number;
      lng: number;
      accuracy: number | null;
      recordedAt: string;
    }
  /** An online rider's last position (admins: the dispatch map); null when the rider went offline. */
  | { type: 'rider_location'; riderId: string; lat: number | null; lng: number | null; at: string | null }
  /** Sent after the stream (re)connects: screens refetch, so nothing missed while offline is lost. */
  | { type: 'resync' };

const EVENT_NAME = 'meatshop:live-event';

export function emitLiveEvent(event: LiveEvent) {
  window.dispatchEvent(new CustomEvent<LiveEvent>(EVENT_NAME, { detail: event }));
}

export function subscribeLiveEvents(handler: (event: LiveEvent) => void): () => void {
  const listener = (e: Event) => handler((e as CustomEvent<LiveEvent>).detail);
  window.addEventListener(EVENT_NAME, listener);
  return () => window.removeEventListener(EVENT_NAME, listener);
}

export function useLiveEvent(handler: (event: LiveEvent) => void) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => subscribeLiveEvents((e) => ref.current(e)), []);
}
