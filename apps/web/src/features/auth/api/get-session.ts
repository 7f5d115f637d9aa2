/** GET /api/auth/session: who is signed in, with their customer, rider and outlet roles. */
import type { SessionResponse } from '@meatshop/shared/auth';
import { api } from '@/lib/api-client';

/** One attempt only: start-up has its own 3 s time-out and Retry panel. */
export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return api.get<SessionResponse>('/api/auth/session', { signal, retries: 0 });
}
