/** An order's edits: the kept list, and changing its lines (POST /api/admin/orders/:id/edit). */
import type { AdminOrder } from '@meatshop/shared/admin-orders';
import type { OrderEditInput, OrderEditList } from '@meatshop/shared/order-edits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

const editsKey = (orderId: string) => [...adminKeys.orders, 'edits', orderId] as const;

export const useOrderEdits = (orderId: string) =>
  useQuery({ queryKey: editsKey(orderId), queryFn: () => api.get<OrderEditList>(`/api/admin/orders/${orderId}/edits`) });

export function useEditOrder(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderEditInput) => api.post<AdminOrder>(`/api/admin/orders/${orderId}/edit`, input),
    onSuccess: () =>
      Promise.all([adminKeys.orders, adminKeys.dashboard, adminKeys.products].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
