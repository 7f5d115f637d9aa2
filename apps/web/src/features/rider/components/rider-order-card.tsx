/** One active delivery on the dashboard: pickup, drop-off, badge and the Navigate button. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { shortOrderId } from '@meatshop/shared/status';
import type { RiderOrderSummary } from '@meatshop/shared/rider';
import { formatUGX } from '@meatshop/shared/money';
import { Clock, CloudOff, MapPin, Navigation, Store } from 'lucide-react';
import { Link } from '@/lib/router';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { nextStop } from './maps-link';

export function RiderOrderCard({ order, pendingSync }: { order: RiderOrderSummary; pendingSync: boolean }) {
  const isNew = order.status === 'assigned';
  const { t } = useLingui();
  const orderNumber = shortOrderId(order.id);
  const assigned = order.assignedAt ? formatTime(order.assignedAt) : '—';
  return (
    <Card className="overflow-hidden" data-testid="rider-order-card">
      <Link to={paths.rider.order(order.id)} className="block p-4 active:bg-cream-deep">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-display text-lg font-semibold whitespace-nowrap text-ink">
            <Trans>Order #{orderNumber}</Trans>
          </span>
          <Badge tone={isNew ? 'warning' : 'info'}>{isNew ? <Trans>New Order</Trans> : <Trans>In Progress</Trans>}</Badge>
          {pendingSync ? (
            <Badge tone="neutral">
              <CloudOff className="size-3" aria-hidden="true" /> <Trans>Pending sync</Trans>
            </Badge>
          ) : null}
          <span className="ml-auto text-sm font-semibold whitespace-nowrap text-ink">{formatUGX(order.totalAmount)}</span>
        </div>
        <ol className="mt-3 space-y-3">
          <li className="flex gap-3">
            <Store className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              <span className="block text-xs font-semibold tracking-wide text-muted uppercase">
                <Trans>Pickup</Trans>
              </span>
              <span className="block text-[0.95rem] font-medium text-ink">{order.outlet?.name ?? t`Outlet`}</span>
              <span className="block text-sm text-muted">{order.outlet?.address}</span>
            </span>
          </li>
          <li className="flex gap-3">
            <MapPin className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
            <span>
              <span className="block text-xs font-semibold tracking-wide text-muted uppercase">
                <Trans>Drop-off</Trans>
              </span>
              <span className="block text-[0.95rem] font-medium text-ink">{order.customer.fullName}</span>
              <span className="block text-sm text-muted">{order.customer.address}</span>
              {order.deliverySlot ? (
                <span className="mt-1 flex items-center gap-1 text-sm font-semibold text-ink">
                  <Clock className="size-3.5 text-brand-700" aria-hidden="true" />
                  {order.deliverySlot.label}
                </span>
              ) : null}
            </span>
          </li>
        </ol>
        <p className="mt-3 text-xs text-muted">
          <Plural value={order.itemCount} one="# item" other="# items" /> · <Trans>assigned {assigned}</Trans>
        </p>
      </Link>
      <div className="border-t border-line p-3">
        <a href={nextStop(order)} target="_blank" rel="noreferrer" className={buttonClasses('secondary', 'lg', 'h-12 w-full')}>
          <Navigation className="size-5" aria-hidden="true" />
          <Trans>Navigate</Trans>
        </a>
      </div>
    </Card>
  );
}
