/** POST /api/auth/change-password: needs the current password; every other device is signed out. */
import type { ChangePasswordInput } from '@meatshop/shared/passwords';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function changePassword(input: ChangePasswordInput): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
