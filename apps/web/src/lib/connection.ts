/**
 * Whether the shop's server can be reached, as the app last found out: a request that failed on the
 * network, or one the service worker answered from its copy because the server did not
 * (`OFFLINE_COPY_HEADER`, public/service-worker.js), says no; any answer from the server says yes.
 * The browser's own online flag only knows about the device's link, not a server that is down, so
 * both count. The storefront shows a quiet notice while either says offline.
 */
import { useSyncExternalStore } from 'react';

/** Set by the service worker on an answer it gave from its cache instead of the server. */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';

let reachable = true;
const listeners = new Set<() => void>();

export function setServerReachable(value: boolean) {
  if (reachable === value) return;
  reachable = value;
  for (const l of listeners) l();
}

export function isServerReachable() {
  return reachable;
}

/** Calls `listener` whenever reachability or the browser's online flag changes. */
export function onConnectionChange(listener: () => void) {
  listeners.add(listener);
  if (typeof window !== 'undefined') {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
  }
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    }
  };
}

const snapshot = () => reachable && (typeof navigator === 'undefined' || navigator.onLine !== false);

/** False while the device is offline or the server could not be reached. */
export function useConnected() {
  return useSyncExternalStore(onConnectionChange, snapshot, () => true);
}
