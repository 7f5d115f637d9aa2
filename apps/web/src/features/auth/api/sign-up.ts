/**
 * POST /api/auth/sign-up: creates the customer account and its profile, then signs in. An email that
 * already has an account gets the same 201 without a session (its owner is emailed instead).
 */
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
    // A taken email answers without a session: nothing changes here.
    onSuccess: (session) => {
      if (session.user) useShopStore.getState().setSession(session);
    },
  });
}
