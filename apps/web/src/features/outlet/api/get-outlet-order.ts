/** GET /api/outlet/orders/:id: one order of this outlet with customer, address, items and timeline. */
import type { OutletOrderDetail } from '@meatshop/shared/outlet';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

export const getOutletOrder = (id: string) => api.get<OutletOrderDetail>(`/api/outlet/orders/${encodeURIComponent(id)}`, { retries: 0 });

export const useOutletOrder = (id: string) => useQuery({ queryKey: outletKeys.order(id), queryFn: () => getOutletOrder(id) });
