/** Orders, available riders and assignment. */
import type { AdminOrder } from '@meatshop/shared/admin-orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const useAdminOrders = () => useQuery({ queryKey: adminKeys.orders, queryFn: () => api.get<AdminOrder[]>('/api/admin/orders') });

export interface AvailableRider {
  id: string;
  fullName: string;
  phone: string;
  vehicleType: string;
  rating: number;
  totalDeliveries: number;
}

export const useAvailableRiders = (enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.availableRiders,
    queryFn: () => api.get<AvailableRider[]>('/api/admin/riders/available'),
    enabled,
    staleTime: 0,
  });

export function useAssignRider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, riderId }: { orderId: string; riderId: string }) =>
      api.post<AdminOrder>(`/api/admin/orders/${orderId}/assign`, { riderId }),
    onSuccess: () =>
      Promise.all([adminKeys.orders, adminKeys.dashboard, adminKeys.riders].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
