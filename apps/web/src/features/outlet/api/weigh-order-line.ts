/** PUT /api/outlet/orders/:id/items/:itemId/weight: the packer's weight for one weighed line. */
import type { OutletOrderDetail } from '@meatshop/shared/outlet';
import type { OutletWeighInput } from '@meatshop/shared/weighing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

export const weighOrderLine = ({ orderId, itemId, ...body }: OutletWeighInput & { orderId: string; itemId: string }) =>
  api.put<OutletOrderDetail>(`/api/outlet/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(itemId)}/weight`, body);

export function useWeighOrderLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: weighOrderLine,
    onSuccess: (order) => qc.setQueryData(outletKeys.order(order.id), order),
  });
}
