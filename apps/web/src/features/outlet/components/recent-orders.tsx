/** The dashboard's Recent Orders: order number (last 6 of the id), customer, date-time, amount, status, View Details. */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUGX } from '@meatshop/shared/money';
import type { OutletOrderSummary } from '@meatshop/shared/outlet';
import { shortOrderId } from '@meatshop/shared/status';
import { ChevronRight } from 'lucide-react';
import { Link } from '@/lib/router';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { OrderStatusBadge, ReadyBadge } from './order-status-badge';

export function RecentOrderRow({ order }: { order: OutletOrderSummary }) {
  const { t } = useLingui();
  const ready = order.readyAt && (order.status === 'pending' || order.status === 'assigned');
  return (
    <li className="flex items-center gap-4 py-3.5">
      <div className="min-w-0 flex-1">
        {/* On a phone the customer gets a line of their own instead of being cut to "Grace…". */}
        <p className="flex flex-col sm:flex-row sm:items-baseline sm:gap-2">
          <span className="font-mono text-sm font-semibold text-ink">#{shortOrderId(order.id)}</span>
          <span className="truncate text-sm text-ink-soft">{order.customerName}</span>
        </p>
        <p className="text-xs text-muted">{formatDateTime(order.createdAt)}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className="text-sm font-semibold text-ink tabular-nums">{formatUGX(order.totalAmount)}</p>
        {/* Stacked on a phone, so two badges in a longer language still leave the row its width. */}
        <div className="flex flex-col items-end gap-1 sm:flex-row sm:flex-wrap sm:justify-end">
          <OrderStatusBadge status={order.status} />
          {ready ? <ReadyBadge /> : null}
        </div>
      </div>
      <Link
        to={paths.outlet.order(order.id)}
        aria-label={t`View Details of order ${shortOrderId(order.id)}`}
        className="inline-flex shrink-0 items-center gap-0.5 text-sm font-semibold text-brand-700 hover:underline"
      >
        <span className="hidden sm:inline">
          <Trans>View Details</Trans>
        </span>
        <span className="sm:hidden">
          <Trans>View</Trans>
        </span>
        <ChevronRight className="size-4" aria-hidden="true" />
      </Link>
    </li>
  );
}
