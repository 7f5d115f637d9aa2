/** Sends one rider step to the server (used directly and by the offline queue's replay). */
import { DELIVERY_PHOTO_MESSAGES } from '@meatshop/shared/delivery';
import type { RiderAction } from '@meatshop/shared/delivery';
import type { RiderOrderDetail } from '@meatshop/shared/rider';
import { ApiError, api } from '@/lib/api-client';
import type { QueuedPosition } from '../offline/rider-db';

/** A live-tracking fix for an order being carried (POST /api/rider/orders/{id}/position). */
export function sendPosition(orderId: string, p: QueuedPosition) {
  return api.post<{ ok: true }>(`/api/rider/orders/${encodeURIComponent(orderId)}/position`, p, { retries: 0 });
}

export function sendAction(orderId: string, action: RiderAction, photo?: Blob): Promise<{ order: RiderOrderDetail }> {
  const url = `/api/rider/orders/${encodeURIComponent(orderId)}/${action}`;
  if (action === 'deliver') {
    if (!photo) return Promise.reject(new ApiError(400, 'VALIDATION', DELIVERY_PHOTO_MESSAGES.missing));
    const form = new FormData();
    form.append('photo', photo, 'delivery.jpg');
    return api.post(url, form);
  }
  return api.post(url, {});
}
