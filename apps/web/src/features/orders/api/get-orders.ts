/** GET /api/orders: the signed-in customer's orders, newest first. */
import type { Order } from '@meatshop/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ordersKey = ['orders'] as const;

export function getOrders(): Promise<{ orders: Order[] }> {
  return api.get<{ orders: Order[] }>('/api/orders');
}

export const ordersQuery = () => queryOptions({ queryKey: ordersKey, queryFn: getOrders });

export function useOrders() {
  return useQuery(ordersQuery());
}
