/**
 * Start-up: ask the server who is signed in. The app waits at most
 * 3 s: past that it carries on as a visitor and applies the answer when it arrives. When the server
 * cannot be reached at all (no network, or a repeat visit the service worker opened from its copy of
 * the shop), the shop opens anyway with who was signed in last time in this browser, and asks again
 * once the connection is back; any other failure leaves an error for the Retry panel. A session ended
 * by the server because the account had no profile comes back with `error`, shown as a toast. When
 * the page itself carries the answer (lib/boot-data.ts), it is applied before the first render, with
 * no request at all.
 */
import { toast } from '@/lib/toast';
import type { SessionResponse } from '@meatshop/shared/auth';
import { ApiError, errorMessage } from '@/lib/api-client';
import { onConnectionChange } from '@/lib/connection';
import { takeBootData } from '@/lib/boot-data';
import { useShopStore } from '@/stores/shop-store';
import { getSession } from '../api/get-session';

export const SESSION_TIMEOUT_MS = 3_000;
/** While the server is out of reach, how often the session is asked for again. */
const RECHECK_MS = 20_000;

const NOBODY = { user: null, rider: null, outletEmployee: null };

let running: Promise<void> | null = null;

function apply(session: SessionResponse) {
  useShopStore.getState().setSession(session);
  if (session.error) toast.error(session.error, { id: 'session-error' });
  useShopStore.getState().markInitialized();
}

/** Applies the session the page was sent with, at once; false when the page has none. */
export function initSessionFromPage(): boolean {
  const session = takeBootData('/api/auth/session') as SessionResponse | undefined;
  if (!session) return false;
  apply(session);
  return true;
}

/** Idempotent: React's development double effects and several callers share one request. */
export function initSession(): Promise<void> {
  if (useShopStore.getState().initialized) return Promise.resolve();
  running ??= run().finally(() => {
    running = null;
  });
  return running;
}

async function run() {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    useShopStore.getState().setSession(NOBODY);
    useShopStore.getState().markInitialized();
  }, SESSION_TIMEOUT_MS);

  try {
    const session = await getSession();
    clearTimeout(timer);
    apply(session);
  } catch (err) {
    clearTimeout(timer);
    if (unreachable(err)) {
      // The user, rider and outlet employee kept in this browser (shop-store) stay as they were.
      useShopStore.getState().markInitialized();
      recheckWhenConnected();
      return;
    }
    // Past the time-out the app already runs as a visitor; a late failure changes nothing.
    if (timedOut) return;
    const message = err instanceof ApiError ? errorMessage(err) : 'An unexpected error occurred';
    useShopStore.getState().setInitError(message);
  }
}

/** No answer from the shop's server: the network failed, or a gateway said it is down. */
function unreachable(err: unknown) {
  return err instanceof ApiError && (err.code === 'NETWORK' || err.status === 502 || err.status === 503 || err.status === 504);
}

let rechecking = false;

/** Asks for the session again whenever the connection may be back, until the server answers. */
function recheckWhenConnected() {
  if (rechecking) return;
  rechecking = true;
  let asking = false;
  const check = () => {
    if (asking || navigator.onLine === false) return;
    asking = true;
    getSession()
      .then((session) => {
        stop();
        apply(session);
      })
      .catch(() => {})
      .finally(() => {
        asking = false;
      });
  };
  const timer = setInterval(check, RECHECK_MS);
  const unsubscribe = onConnectionChange(check);
  const stop = () => {
    clearInterval(timer);
    unsubscribe();
    rechecking = false;
  };
}
