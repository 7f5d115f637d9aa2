/** POST /api/auth/forgot-password: emails a reset link when the address has an account (the answer is the same either way). */
import type { ForgotPasswordInput } from '@meatshop/shared/passwords';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function forgotPassword(input: ForgotPasswordInput): Promise<{ ok: true; message: string }> {
  return api.post<{ ok: true; message: string }>('/api/auth/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
