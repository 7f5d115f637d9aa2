/** Orders, available riders and assignment. */
import type { AdminOrder, AdminOrderListQuery, AdminOrderPage, AvailableRider } from '@meatshop/shared/admin-orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export type AdminOrderListAsk = Partial<Record<keyof AdminOrderListQuery, string | number>>;

/** One page of the order list, searched and filtered by the server; the last page stays shown while the next loads. */
export const useAdminOrders = (ask: AdminOrderListAsk) =>
  useQuery({
    queryKey: [...adminKeys.orders, 'list', ask],
    queryFn: () => api.get<AdminOrderPage>('/api/admin/orders', { query: ask }),
    placeholderData: keepPreviousData,
  });

/** One order, for a link to it (it may be on no page the list shows). */
export const useAdminOrder = (orderId: string | null) =>
  useQuery({
    queryKey: [...adminKeys.orders, 'one', orderId],
    queryFn: () => api.get<AdminOrder>(`/api/admin/orders/${orderId}`),
    enabled: !!orderId,
  });

export type { AvailableRider };

/** Online riders ranked for the order: nearest to its outlet and least loaded first, the suggested one marked. */
export const useAvailableRiders = (orderId: string | null) =>
  useQuery({
    queryKey: [...adminKeys.availableRiders, orderId],
    queryFn: () => api.get<AvailableRider[]>('/api/admin/riders/available', { query: { orderId: orderId ?? undefined } }),
    enabled: !!orderId,
    staleTime: 0,
  });

export function useAssignRider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, riderId }: { orderId: string; riderId: string }) =>
      api.post<AdminOrder>(`/api/admin/orders/${orderId}/assign`, { riderId }),
    onSuccess: () =>
      Promise.all(
        [adminKeys.orders, adminKeys.dashboard, adminKeys.riders, adminKeys.dispatch].map((queryKey) => qc.invalidateQueries({ queryKey })),
      ),
  });
}

const orderChanged = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all(
    [adminKeys.orders, adminKeys.dashboard, adminKeys.riders, adminKeys.dispatch].map((queryKey) => qc.invalidateQueries({ queryKey })),
  );

/** Takes an assigned order off its rider, back to the queue, with a reason. */
export function useUnassignOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      api.post<AdminOrder>(`/api/admin/orders/${orderId}/unassign`, { reason }),
    onSuccess: () => orderChanged(qc),
  });
}

/** Cancels any open order with a reason (the server gives back stock, coupon use and slot place). */
export function useAdminCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      api.post<AdminOrder>(`/api/admin/orders/${orderId}/cancel`, { reason }),
    onSuccess: () => orderChanged(qc),
  });
}
