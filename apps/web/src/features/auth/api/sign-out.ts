/** POST /api/auth/sign-out: ends the session; the local state (cart included) is cleared with it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useShopStore } from '@/stores/shop-store';

export function signOut(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/auth/sign-out');
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      useShopStore.getState().clearSession();
      queryClient.clear();
    },
  });
}
