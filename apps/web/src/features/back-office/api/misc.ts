/** Dashboard, the notification bell and subscriptions. */
import type { AdminSubscription, DashboardResponse, NotificationsResponse } from '@meatshop/shared/admin-orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const useDashboard = () =>
  useQuery({ queryKey: adminKeys.dashboard, queryFn: () => api.get<DashboardResponse>('/api/admin/dashboard') });

export const useNotifications = () =>
  useQuery({ queryKey: adminKeys.notifications, queryFn: () => api.get<NotificationsResponse>('/api/admin/notifications'), staleTime: 0 });

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      id === 'all' ? api.post('/api/admin/notifications/read-all') : api.post(`/api/admin/notifications/${id}/read`),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.notifications }),
  });
}

export const useSubscriptions = () =>
  useQuery({ queryKey: adminKeys.subscriptions, queryFn: () => api.get<AdminSubscription[]>('/api/admin/subscriptions') });

export function useDeleteSubscriptions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.post<{ deleted: number }>('/api/admin/subscriptions/bulk-delete', { ids }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.subscriptions }),
  });
}
