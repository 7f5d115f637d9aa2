/** The rider's active deliveries; kept in rider-db so they can be read with no signal. */
import type { RiderOrderSummary } from '@meatshop/shared/rider';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cachedOrders, cacheOrders } from '../offline/rider-db';
import { riderKeys } from './keys';

export async function getRiderOrders(): Promise<RiderOrderSummary[]> {
  if (!navigator.onLine) return (await cachedOrders()).map((o) => o.summary);
  try {
    const { orders } = await api.get<{ orders: RiderOrderSummary[] }>('/api/rider/orders', { retries: 1 });
    await cacheOrders(orders).catch(() => undefined);
    return orders;
  } catch (err) {
    const cached = await cachedOrders().catch(() => []);
    if (!navigator.onLine && cached.length) return cached.map((o) => o.summary);
    throw err;
  }
}

export const useRiderOrders = () => useQuery({ queryKey: riderKeys.orders(), queryFn: getRiderOrders, networkMode: 'always' });
