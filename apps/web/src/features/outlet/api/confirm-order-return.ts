/** POST /api/outlet/orders/:id/confirm-return: the goods of an order cancelled after pickup are back at the counter. */
import type { OutletOrderDetail } from '@meatshop/shared/outlet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

export const confirmOrderReturn = (id: string) =>
  api.post<OutletOrderDetail>(`/api/outlet/orders/${encodeURIComponent(id)}/confirm-return`);

export function useConfirmOrderReturn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmOrderReturn,
    onSuccess: (order) => {
      qc.setQueryData(outletKeys.order(order.id), order);
      void qc.invalidateQueries({ queryKey: outletKeys.all });
    },
  });
}
