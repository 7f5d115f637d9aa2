/**
 * /api/account/trade/standing-orders: the business's standing orders, their coming deliveries and
 * recent runs. Every change answers the new list, which replaces the cached one.
 */
import type { OccurrenceInput, StandingOrderInput, StandingOrders } from '@meatshop/shared/standing-orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const BASE = '/api/account/trade/standing-orders';
export const standingOrderKeys = { all: ['trade', 'standing-orders'] as const };

export function useStandingOrders() {
  return useQuery({ queryKey: standingOrderKeys.all, queryFn: () => api.get<StandingOrders>(BASE) });
}

function useStandingMutation<V>(fn: (v: V) => Promise<StandingOrders>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (list) => qc.setQueryData(standingOrderKeys.all, list) });
}

const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const useSaveStandingOrder = () =>
  useStandingMutation(({ id, input }: { id: string | null; input: StandingOrderInput }) =>
    id ? api.put<StandingOrders>(one(id), input) : api.post<StandingOrders>(BASE, input),
  );

export const useSetStandingOrderStatus = () =>
  useStandingMutation(({ id, status }: { id: string; status: 'active' | 'paused' }) =>
    api.post<StandingOrders>(`${one(id)}/status`, { status }),
  );

export const useSetOccurrence = () =>
  useStandingMutation(({ id, date, input }: { id: string; date: string; input: OccurrenceInput | null }) =>
    input ? api.put<StandingOrders>(`${one(id)}/occurrences/${date}`, input) : api.delete<StandingOrders>(`${one(id)}/occurrences/${date}`),
  );
