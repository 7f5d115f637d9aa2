/**
 * Confirm Pickup, Complete Delivery, Cancel. Pickups and deliveries made with no signal go to the
 * offline queue (rider-db) and are sent in order when the connection returns.
 */
import type { RiderOrderDetail } from '@meatshop/shared/rider';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { enqueueAction } from '../offline/offline-queue';
import { riderKeys } from './keys';
import { sendAction } from './send-action';

export type ActionResult = { queued: false; order: RiderOrderDetail } | { queued: true };

async function runOrQueue(orderId: string, action: 'pickup' | 'deliver', photo?: Blob): Promise<ActionResult> {
  if (!navigator.onLine) {
    await enqueueAction({ orderId, action, photo });
    return { queued: true };
  }
  try {
    return { queued: false, ...(await sendAction(orderId, action, photo)) };
  } catch (err) {
    // The signal dropped mid-request: keep the action rather than lose it.
    if (err instanceof ApiError && err.code === 'NETWORK') {
      await enqueueAction({ orderId, action, photo });
      return { queued: true };
    }
    throw err;
  }
}

export function useOrderAction(orderId: string) {
  const qc = useQueryClient();
  const settle = () => qc.invalidateQueries({ queryKey: riderKeys.all });
  const pickup = useMutation({ mutationFn: () => runOrQueue(orderId, 'pickup'), networkMode: 'always', onSettled: settle });
  const deliver = useMutation({
    mutationFn: (photo: Blob) => runOrQueue(orderId, 'deliver', photo),
    networkMode: 'always',
    onSettled: settle,
  });
  const cancel = useMutation({ mutationFn: () => sendAction(orderId, 'cancel'), onSettled: settle });
  /** Turn down an order not picked up yet: it returns to the shop's queue (needs a connection). */
  const decline = useMutation({
    mutationFn: () => api.post<{ ok: true }>(`/api/rider/orders/${encodeURIComponent(orderId)}/decline`, {}),
    onSettled: settle,
  });
  return { pickup, deliver, cancel, decline };
}
