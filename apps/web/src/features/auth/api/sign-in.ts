/** POST /api/auth/sign-in with email and password; the server sets the session cookie. */
import type { SessionResponse, SignInInput } from '@meatshop/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useShopStore } from '@/stores/shop-store';

export function signIn(input: SignInInput): Promise<SessionResponse> {
  return api.post<SessionResponse>('/api/auth/sign-in', input);
}

export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => useShopStore.getState().setSession(session),
  });
}
