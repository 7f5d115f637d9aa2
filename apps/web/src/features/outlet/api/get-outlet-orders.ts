/** GET /api/outlet/orders: this outlet's orders, searched and filtered by status. */
import type { OutletOrderList, OutletOrdersQuery } from '@meatshop/shared/outlet';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

export const getOutletOrders = (query: OutletOrdersQuery) => api.get<OutletOrderList>('/api/outlet/orders', { query: { ...query } });

export const useOutletOrders = (query: OutletOrdersQuery) =>
  useQuery({ queryKey: outletKeys.orders(query), queryFn: () => getOutletOrders(query), placeholderData: keepPreviousData });
