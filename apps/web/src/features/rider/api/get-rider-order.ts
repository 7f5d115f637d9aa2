/** One delivery with its items; the cached copy answers when there is no signal. */
import type { RiderOrderDetail } from '@meatshop/shared/rider';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { cachedOrder, cacheOrderDetail } from '../offline/rider-db';
import { riderKeys } from './keys';

export async function getRiderOrder(id: string): Promise<RiderOrderDetail> {
  const offlineCopy = async () => {
    const c = await cachedOrder(id);
    if (c?.detail) return c.detail;
    if (c) return { ...c.summary, deliveryPhotoUrl: null, items: [] };
    throw new ApiError(0, 'NETWORK', 'You are offline and this order is not saved on this phone.');
  };
  if (!navigator.onLine) return offlineCopy();
  try {
    const { order } = await api.get<{ order: RiderOrderDetail }>(`/api/rider/orders/${encodeURIComponent(id)}`, { retries: 1 });
    await cacheOrderDetail(order).catch(() => undefined);
    return order;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'NETWORK') return offlineCopy();
    throw err;
  }
}

export const useRiderOrder = (id: string) =>
  useQuery({ queryKey: riderKeys.order(id), queryFn: () => getRiderOrder(id), networkMode: 'always' });
