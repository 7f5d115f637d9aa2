/**
 * Start-up (spec section 4 "Initialisation"): ask the server who is signed in. The app waits at most
 * 3 s: past that it carries on as a visitor and applies the answer when it arrives. A request that
 * fails outright leaves an error for the Retry panel. A session ended by the server because the
 * account had no profile comes back with `error`, shown as a toast. When the page itself carries the
 * answer (lib/boot-data.ts), it is applied before the first render, with no request at all.
 */
import { toast } from '@/lib/toast';
import type { SessionResponse } from '@meatshop/shared/auth';
import { ApiError, errorMessage } from '@/lib/api-client';
import { takeBootData } from '@/lib/boot-data';
import { useShopStore } from '@/stores/shop-store';
import { getSession } from '../api/get-session';

export const SESSION_TIMEOUT_MS = 3_000;

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
    // Past the time-out the app already runs as a visitor; a late failure changes nothing.
    if (timedOut) return;
    const message = err instanceof ApiError ? errorMessage(err) : 'An unexpected error occurred';
    useShopStore.getState().setInitError(message);
  }
}
