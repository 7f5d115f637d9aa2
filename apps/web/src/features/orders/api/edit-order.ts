/** POST /api/orders/{id}/edit and GET …/edits: a customer changes their pending order, and sees its changes. */
import type { OrderEditInput, OrderEditList } from '@meatshop/shared/order-edits';
import type { Order } from '@meatshop/shared/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKey } from './get-order';
import { ordersKey } from './get-orders';

const editsKey = (id: string) => [...orderKey(id), 'edits'] as const;

export const useOrderEdits = (id: string) =>
  useQuery({ queryKey: editsKey(id), queryFn: () => api.get<OrderEditList>(`/api/orders/${encodeURIComponent(id)}/edits`) });

export function useEditOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderEditInput) => api.post<{ order: Order }>(`/api/orders/${encodeURIComponent(id)}/edit`, input),
    onSuccess: (res) => {
      queryClient.setQueryData(orderKey(id), res);
      void queryClient.invalidateQueries({ queryKey: editsKey(id) });
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}
