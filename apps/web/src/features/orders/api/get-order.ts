/** GET /api/orders/{id}: one of the customer's own orders (another's answers 404, like an unknown id). */
import type { Order } from '@meatshop/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ordersKey } from './get-orders';

export const orderKey = (id: string) => [...ordersKey, id] as const;

export function getOrder(id: string): Promise<{ order: Order }> {
  return api.get<{ order: Order }>(`/api/orders/${encodeURIComponent(id)}`, { retries: 0 });
}

export const orderQuery = (id: string) => queryOptions({ queryKey: orderKey(id), queryFn: () => getOrder(id) });

export function useOrder(id: string) {
  return useQuery(orderQuery(id));
}
