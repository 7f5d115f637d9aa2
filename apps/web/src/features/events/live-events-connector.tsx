/**
 * The one Server-Sent Events connection of a signed-in browser tab. It passes every event to
 * `emitLiveEvent` and sends `{ type: 'resync' }` after each (re)connect, so screens refetch what they
 * show and an event missed while offline is not lost. EventSource reconnects by itself after a
 * network drop; when the server refused (closed stream), we try again after a pause. A person has a
 * few streams at most: opening one more tab ends the oldest tab's stream with `replaced`, and that
 * tab reconnects when it is shown again (taking the place of whichever tab is then the oldest).
 */
import { useEffect } from 'react';
import { emitLiveEvent, type LiveEvent } from '@/lib/live-events';
import { useShopStore } from '@/stores/shop-store';

const EVENT_TYPES = ['order', 'notification', 'rider', 'rider_position', 'rider_location', 'cold_chain'] as const;
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
      source.addEventListener('replaced', () => {
        source?.close();
        // Not at once, or two visible windows would take turns ending each other's stream.
        source = null;
      });
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          retry = setTimeout(connect, RETRY_MS);
        }
      };
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && !source && !stopped) {
        clearTimeout(retry);
        connect();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      document.removeEventListener('visibilitychange', onVisible);
      source?.close();
    };
  }, [signedIn, who]);

  return null;
}
