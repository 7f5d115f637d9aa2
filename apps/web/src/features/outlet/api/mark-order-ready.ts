/** POST /api/outlet/orders/:id/ready: the order is packed and waits for its rider. */
import type { OutletOrderDetail } from '@meatshop/shared/outlet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

export const markOrderReady = (id: string) => api.post<OutletOrderDetail>(`/api/outlet/orders/${encodeURIComponent(id)}/ready`);

export function useMarkOrderReady() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markOrderReady,
    onSuccess: (order) => {
      qc.setQueryData(outletKeys.order(order.id), order);
      void qc.invalidateQueries({ queryKey: outletKeys.all });
    },
  });
}
