/**
 * The one Server-Sent Events connection of a signed-in browser tab. It passes every event to
 * `emitLiveEvent` and sends `{ type: 'resync' }` after each (re)connect, so screens refetch what they
 * show and an event missed while offline is not lost. EventSource reconnects by itself after a
 * network drop; when the server refused (closed stream), we try again after a pause.
 */
import { useEffect } from 'react';
import { emitLiveEvent, type LiveEvent } from '@/lib/live-events';
import { useShopStore } from '@/stores/shop-store';

const EVENT_TYPES = ['order', 'notification', 'rider', 'rider_position', 'rider_location'] as const;
const RETRY_MS = 5_000;

export function LiveEventsConnector() {
  const signedIn = useShopStore((s) => Boolean(s.user || s.rider || s.outletEmployee));
  const who = useShopStore((s) => s.user?.id ?? s.rider?.id ?? '');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a different signed-in person needs a new stream
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      source = new EventSource('/api/events', { withCredentials: true });
      source.onopen = () => emitLiveEvent({ type: 'resync' });
      for (const type of EVENT_TYPES) {
        source.addEventListener(type, (e) => {
          try {
            emitLiveEvent(JSON.parse((e as MessageEvent<string>).data) as LiveEvent);
          } catch {
            // A malformed event is dropped; the next resync repairs the screen.
          }
        });
      }
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          retry = setTimeout(connect, RETRY_MS);
        }
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [signedIn, who]);

  return null;
}
