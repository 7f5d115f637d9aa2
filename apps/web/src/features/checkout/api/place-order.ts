/**
 * POST /api/orders with an Idempotency-Key: a double submit, or a retry after a lost answer, gives
 * back the one order the first request created.
 */
import type { CheckoutInput, Order } from '@meatshop/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function placeOrder({ input, idempotencyKey }: { input: CheckoutInput; idempotencyKey: string }): Promise<{ order: Order }> {
  return api.post<{ order: Order }>('/api/orders', input, { headers: { 'idempotency-key': idempotencyKey } });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // My Orders lists it next (the orders feature's key; features share no code, only cache keys).
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
