/**
 * Keeps the outlet portal current without a reload: a new order for this outlet shows the spec's
 * toast 'New order received!' and every outlet screen refetches; any other change
 * to one of its orders (assigned, ready, picked up, cancelled) refetches quietly.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { useLiveEvent } from '@/lib/live-events';
import { useShopStore } from '@/stores/shop-store';
import { outletKeys } from '../api/query-keys';

export const NEW_ORDER_TOAST = msg`New order received!`;

export function useOutletLiveOrders() {
  const { i18n } = useLingui();
  const qc = useQueryClient();
  const outletId = useShopStore((s) => s.outletEmployee?.outletId ?? null);
  useLiveEvent((event) => {
    if (event.type === 'resync') {
      void qc.invalidateQueries({ queryKey: outletKeys.all });
      return;
    }
    if (event.type !== 'order' || !outletId || event.outletId !== outletId) return;
    // A trade order held for its business's approval becomes work for the outlet when approved.
    if (event.action === 'placed' || event.action === 'approved') toast.success(i18n._(NEW_ORDER_TOAST));
    void qc.invalidateQueries({ queryKey: outletKeys.all });
  });
}
