/**
 * Live events in the browser. One Server-Sent Events connection (features/events) receives what the
 * signed-in user may see and calls `emitLiveEvent`; any screen that must change without a reload
 * listens with `useLiveEvent` and refetches what it shows.
 */
import type { DomainEvent } from '@meatshop/shared/events';
import { useEffect, useRef } from 'react';

/** What the server publishes, plus `resync`: sent after the stream (re)connects so screens refetch and nothing missed while offline is lost. */
export type LiveEvent = DomainEvent | { type: 'resync' };

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
