/** One order in My Orders: number, date, status, what was in it and the total. */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUGX } from '@meatshop/shared/money';
import type { Order } from '@meatshop/shared/orders';
import { ChevronRight } from 'lucide-react';
import { Link } from '@/lib/router';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { OrderStatusBadge } from './order-status-badge';

export function OrderCard({ order }: { order: Order }) {
  const { t } = useLingui();
  const count = order.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <Card className="transition-shadow hover:shadow-lift">
      <Link to={paths.order(order.id)} className="block p-5 sm:p-6" data-testid="order-card">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="font-semibold text-ink">
              <Trans>Order #{order.orderNumber}</Trans>
            </p>
            <p className="mt-0.5 text-sm text-muted">{formatDateTime(order.createdAt)}</p>
          </div>
          <OrderStatusBadge status={order.status} />
        </div>
        <div className="mt-4 flex items-center gap-3">
          <div className="flex -space-x-3">
            {order.items
              .slice(0, 4)
              .map((i) =>
                i.imageUrl ? (
                  <img
                    key={i.productId}
                    src={i.imageUrl}
                    alt=""
                    className="size-12 rounded-xl border-2 border-surface bg-cream-deep object-cover"
                  />
                ) : (
                  <span key={i.productId} className="size-12 rounded-xl border-2 border-surface bg-cream-deep" />
                ),
              )}
          </div>
          <p className="min-w-0 flex-1 truncate text-sm text-ink-soft">
            {order.items.map((i) => `${i.quantity} × ${i.productName}`).join(', ')}
          </p>
        </div>
        <div className="mt-4 flex items-center justify-between border-t border-line pt-4">
          <span className="text-sm text-muted">{t`${plural(count, { one: '# item', other: '# items' })}`}</span>
          <span className="inline-flex items-center gap-1 font-semibold text-ink tabular-nums">
            {formatUGX(order.totalAmount)}
            <ChevronRight className="size-4 text-muted" aria-hidden="true" />
          </span>
        </div>
      </Link>
    </Card>
  );
}
