/** POST /api/auth/sign-out-everywhere: ends every session of the account, this one included. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useShopStore } from '@/stores/shop-store';

export function signOutEverywhere(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/auth/sign-out-everywhere');
}

export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => {
      useShopStore.getState().clearSession();
      queryClient.clear();
    },
  });
}
