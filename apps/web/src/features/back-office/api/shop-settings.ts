/** GET and PUT /api/admin/settings. */
import type { AdminUpdateSettingsInput, ShopSettings } from '@meatshop/shared/shop-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const shopSettingsQuery = queryOptions({
  queryKey: ['admin', 'settings'],
  queryFn: ({ signal }) => api.get<ShopSettings>('/api/admin/settings', { signal }),
});

export const useShopSettings = () => useQuery(shopSettingsQuery);

export function useUpdateShopSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUpdateSettingsInput) => api.put<ShopSettings>('/api/admin/settings', input),
    onSuccess: (data) => qc.setQueryData(shopSettingsQuery.queryKey, data),
  });
}
