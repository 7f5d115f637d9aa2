/** Keeps the customer's order screens current when an order changes (rider assigned, delivered, paid). */
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live-events';
import { ordersKey } from '../api/get-orders';

export function useLiveOrders() {
  const queryClient = useQueryClient();
  useLiveEvent((event) => {
    if (event.type === 'order' || event.type === 'resync') void queryClient.invalidateQueries({ queryKey: ordersKey });
  });
}
