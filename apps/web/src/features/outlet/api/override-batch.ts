/** POST /api/outlet/orders/:id/batch-override: pack part of a line from another batch, with the reason. */
import type { BatchOverrideInput } from '@meatshop/shared/batches';
import type { OutletOrderDetail } from '@meatshop/shared/outlet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

export function useOverrideBatch(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchOverrideInput) =>
      api.post<OutletOrderDetail>(`/api/outlet/orders/${encodeURIComponent(orderId)}/batch-override`, body),
    onSuccess: (order) => {
      qc.setQueryData(outletKeys.order(order.id), order);
      void qc.invalidateQueries({ queryKey: ['outlet', 'stock-batches'] });
    },
  });
}
