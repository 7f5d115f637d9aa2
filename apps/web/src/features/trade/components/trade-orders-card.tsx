/** The business's orders, by every member, newest first, with who placed each. */
import type { OrderStatus } from '@meatshop/shared/status';
import { customerOrderNumber, ORDER_STATUS_LABEL, ORDER_STATUS_TONE } from '@meatshop/shared/status';
import { formatUGX } from '@meatshop/shared/money';
import { Package } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useTradeOrders } from '../api/trade-orders';

export function TradeOrdersCard() {
  const orders = useTradeOrders(true);
  return (
    <Card>
      <CardContent className="sm:p-8">
        <h2 className="font-display text-xl font-semibold text-ink">The business's orders</h2>
        <p className="mt-1 text-sm text-muted">Every order a member placed for the business.</p>
        <div className="mt-5">
          {orders.isPending ? (
            <div className="space-y-3" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : orders.isError ? (
            <ErrorState message="Failed to load the orders" onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
          ) : orders.data.orders.length === 0 ? (
            <EmptyState icon={Package} title="No orders yet" description="Orders any member places appear here." className="py-8" />
          ) : (
            <ul className="divide-y divide-line" data-testid="trade-orders">
              {orders.data.orders.map((o) => (
                <li key={o.id} className="flex items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">#{customerOrderNumber(o.id)}</p>
                    <p className="truncate text-sm text-muted">
                      {o.placedBy} · {formatDateTime(o.createdAt)}
                    </p>
                  </div>
                  <div className="text-right">
                    <p className="font-semibold text-ink tabular-nums">{formatUGX(o.totalAmount)}</p>
                    <Badge tone={ORDER_STATUS_TONE[o.status as OrderStatus] ?? 'neutral'}>
                      {ORDER_STATUS_LABEL[o.status as OrderStatus] ?? o.status}
                    </Badge>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
