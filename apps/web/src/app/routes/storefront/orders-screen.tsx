/** /orders: My Orders, newest first; empty state No orders yet with Browse Products. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Package } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrders } from '@/features/orders/api/get-orders';
import { OrderCard } from '@/features/orders/components/order-card';
import { useLiveOrders } from '@/features/orders/hooks/use-live-orders';
import { paths } from '@/lib/paths';
import { PageHeader } from './page-header';

export function OrdersScreen() {
  const { t } = useLingui();
  const orders = useOrders();
  useLiveOrders();
  useEffect(() => {
    // Spec section 8: order list load errors are only logged (the screen shows its own error state).
    if (orders.error) console.error('Failed to load orders', orders.error);
  }, [orders.error]);

  return (
    <>
      <PageHeader eyebrow={t`Account`} title={t`My Orders`} description={t`Track deliveries and look back at past orders.`} />
      <div className="container-page py-8 sm:py-12">
        {orders.isPending ? (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Card key={i} className="space-y-4 p-6">
                <Skeleton className="h-5 w-1/3" />
                <Skeleton className="h-12 w-2/3" />
                <Skeleton className="h-4 w-full" />
              </Card>
            ))}
          </div>
        ) : orders.isError ? (
          <Card>
            <ErrorState message={t`We couldn't load your orders.`} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
          </Card>
        ) : orders.data.orders.length === 0 ? (
          <Card>
            <EmptyState
              icon={Package}
              title={t`No orders yet`}
              description={t`When you place an order it shows up here, with its delivery status.`}
              action={
                <Button asChild size="lg">
                  <Link to={paths.products}>
                    <Trans>Browse Products</Trans>
                  </Link>
                </Button>
              }
            />
          </Card>
        ) : (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {orders.data.orders.map((o) => (
              <li key={o.id}>
                <OrderCard order={o} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
