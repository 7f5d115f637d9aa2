/** POST /api/auth/sign-up: creates the customer account and its profile, then signs in. */
import type { SessionResponse, SignUpInput } from '@meatshop/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useShopStore } from '@/stores/shop-store';

export function signUp(input: SignUpInput): Promise<SessionResponse> {
  return api.post<SessionResponse>('/api/auth/sign-up', input);
}

export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    onSuccess: (session) => useShopStore.getState().setSession(session),
  });
}
