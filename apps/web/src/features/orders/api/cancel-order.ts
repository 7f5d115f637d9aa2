/** POST /api/orders/{id}/cancel: a customer cancels their own pending order (the stock goes back). */
import type { Order } from '@meatshop/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKey } from './get-order';
import { ordersKey } from './get-orders';

export function cancelOrder(id: string): Promise<{ order: Order }> {
  return api.post<{ order: Order }>(`/api/orders/${encodeURIComponent(id)}/cancel`);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (res) => {
      queryClient.setQueryData(orderKey(res.order.id), res);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}
