/** POST /api/auth/reset-password: the emailed link's token and a new password; every session of the account ends. */
import type { ResetPasswordInput } from '@meatshop/shared/passwords';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resetPassword(input: ResetPasswordInput): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
