/**
 * /api/auth/two-factor: a staff member sets up an authenticator app (enable, then confirm with a
 * first code) or turns it off; at sign-in, the code (or a backup code) after a right password.
 * Each answer that carries a session updates who is signed in.
 */
import type { SessionResponse } from '@meatshop/shared/auth';
import type { TwoFactorEnableResult } from '@meatshop/shared/staff-permissions';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useShopStore } from '@/stores/shop-store';
import { getSession } from './get-session';

export const applySession = (session: SessionResponse) => useShopStore.getState().setSession(session);

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => api.post<TwoFactorEnableResult>('/api/auth/two-factor/enable', { password }),
  });
}

/**
 * The session it answers is left to the caller to apply (`applySession`): the set-up screen first
 * shows the backup codes, which it would no longer show once the session says "on".
 */
export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (code: string) => api.post<SessionResponse>('/api/auth/two-factor/confirm', { code }),
  });
}

export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => api.post<{ ok: true }>('/api/auth/two-factor/disable', { password }),
    // The session changed (better-auth gives a new one): ask again, for what the role must now do.
    onSuccess: () => getSession().then(applySession),
  });
}

/** The code asked after a right password: from the app, or (`backup`) one of the backup codes. */
export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: ({ code, backup }: { code: string; backup?: boolean }) =>
      backup
        ? api.post<SessionResponse>('/api/auth/two-factor/verify-backup-code', { code })
        : api.post<SessionResponse>('/api/auth/two-factor/verify', { code }),
    onSuccess: applySession,
  });
}
