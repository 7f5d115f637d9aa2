/**
 * Mounted once by the rider layout: sends queued offline steps when the connection returns (and at
 * start), and refreshes the rider screens when a live event concerns this rider or after a reconnect.
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { useLiveEvent } from '@/lib/live-events';
import { useShopStore } from '@/stores/shop-store';
import { riderKeys } from '../api/keys';
import { replayQueue } from '../offline/offline-queue';

export function useRiderSync() {
  const qc = useQueryClient();
  const riderId = useShopStore((s) => s.rider?.id);
  // The instance, not `t`: the sync must not start again whenever the component renders.
  const { i18n } = useLingui();

  useEffect(() => {
    const sync = async () => {
      if (!navigator.onLine) return;
      const { sent, refused } = await replayQueue();
      if (sent || refused) await qc.invalidateQueries({ queryKey: riderKeys.all });
      if (sent) toast.success(i18n._(msg`${plural(sent, { one: 'Offline action synced', other: '# offline actions synced' })}`));
      if (refused) toast.error(i18n._(msg`Some offline actions were refused. See why on your dashboard.`));
    };
    void sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, [qc, i18n]);

  useLiveEvent((e) => {
    if (e.type === 'resync' || (e.type === 'order' && e.riderId === riderId) || (e.type === 'rider' && e.riderId === riderId)) {
      void qc.invalidateQueries({ queryKey: riderKeys.all });
    }
    // An order taken off this rider: its event names the new rider (or none), so refetch on any order event we receive.
    if (e.type === 'order' && e.riderId !== riderId) void qc.invalidateQueries({ queryKey: riderKeys.orders() });
  });
}
