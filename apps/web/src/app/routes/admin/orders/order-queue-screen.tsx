/**
 * Orders > Pending and Orders > Processing: orders waiting for a rider and orders in
 * delivery, oldest first, with how long each has waited, refreshed live and every minute.
 */
import { formatAge } from '@meatshop/shared/order-queues';
import { formatUGX } from '@meatshop/shared/money';
import {
  customerOrderNumber,
  PAYMENT_METHOD_LABEL,
  PAYMENT_STATUS_LABEL,
  PAYMENT_STATUS_TONE,
  ORDER_STATUS_LABEL,
  ORDER_STATUS_TONE,
} from '@meatshop/shared/status';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck, Truck } from 'lucide-react';
import { Link } from '@/lib/router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { orderQueueQuery, useOrderQueue } from '@/features/back-office/api/operations';
import { OpsTable, StatCard, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useLiveEvent } from '@/lib/live-events';
import { paths } from '@/lib/paths';

/** Past these ages a row turns amber, then red, so a stuck order stands out. */
const WARN = { pending: [15, 45], processing: [60, 120] } as const;

export function PendingOrdersScreen() {
  return <OrderQueueScreen queue="pending" />;
}

export function ProcessingOrdersScreen() {
  return <OrderQueueScreen queue="processing" />;
}

function OrderQueueScreen({ queue }: { queue: 'pending' | 'processing' }) {
  const qc = useQueryClient();
  const orders = useOrderQueue(queue);
  useLiveEvent((e) => {
    if (e.type === 'order' || e.type === 'resync') void qc.invalidateQueries({ queryKey: orderQueueQuery(queue).queryKey });
  });
  const list = orders.data?.orders ?? [];
  const [warn, late] = WARN[queue];
  const oldest = list[0];

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
        <StatCard label={queue === 'pending' ? 'Waiting for a rider' : 'In delivery'} value={orders.data ? list.length : '–'} />
        <StatCard
          label="Oldest"
          value={oldest ? formatAge(oldest.ageMinutes) : '–'}
          hint={oldest ? `Since ${formatDateTime(oldest.since)}` : undefined}
        />
        <StatCard label={`Over ${late} min`} value={orders.data ? list.filter((o) => o.ageMinutes >= late).length : '–'} />
      </div>
      <Card className="overflow-hidden">
        {orders.isError ? (
          <ErrorState
            title="Failed to load orders"
            message={errorMessage(orders.error)}
            onRetry={() => orders.refetch()}
            retrying={orders.isFetching}
          />
        ) : !orders.data ? (
          <TableSkeleton cols={6} />
        ) : list.length === 0 ? (
          <EmptyState
            icon={queue === 'pending' ? ClipboardCheck : Truck}
            title={queue === 'pending' ? 'No orders waiting' : 'No orders in delivery'}
            description={
              queue === 'pending' ? 'Every paid or cash-on-delivery order has a rider.' : 'Orders appear here once a rider is assigned.'
            }
          />
        ) : (
          <>
            {/* Phones: one stacked entry per order, so the outlet, payment and total need no sideways scroll. */}
            <ul className="divide-y divide-line md:hidden" aria-label={queue === 'pending' ? 'Pending orders' : 'Orders in delivery'}>
              {list.map((o) => (
                <li key={o.id} className={cn('space-y-2 p-4', rowTint(o.ageMinutes, warn, late))}>
                  <div className="flex items-start justify-between gap-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <OrderLink id={o.id} />
                      <Badge tone={ORDER_STATUS_TONE[o.status]}>{ORDER_STATUS_LABEL[o.status]}</Badge>
                    </div>
                    <div className="shrink-0 text-right">
                      <span className={cn('font-semibold whitespace-nowrap tabular-nums', ageTone(o.ageMinutes, warn, late))}>
                        {formatAge(o.ageMinutes)}
                      </span>
                      <span className="block text-xs text-muted">{formatDateTime(o.since)}</span>
                    </div>
                  </div>
                  <div className="text-sm">
                    <p className="font-medium text-ink">{o.customerName}</p>
                    <p className="text-xs text-muted">{o.address}</p>
                  </div>
                  <p className="text-sm text-ink-soft">
                    <span className="text-xs text-muted">{queue === 'pending' ? 'Outlet' : 'Rider'}: </span>
                    {(queue === 'pending' ? o.outletName : o.riderName) ?? '—'}
                  </p>
                  <div className="flex items-center justify-between gap-3">
                    <span className="flex flex-wrap items-center gap-2">
                      <PaymentBadge status={o.paymentStatus} />
                      <span className="text-xs text-muted">{PAYMENT_METHOD_LABEL[o.paymentMethod]}</span>
                    </span>
                    <span className="text-right font-semibold whitespace-nowrap text-ink tabular-nums">
                      {formatUGX(o.totalAmount)}
                      <span className="block text-xs font-normal text-muted">
                        {o.itemCount} item{o.itemCount === 1 ? '' : 's'}
                      </span>
                    </span>
                  </div>
                </li>
              ))}
            </ul>
            <OpsTable className="max-md:hidden">
              <thead>
                <tr>
                  <Th>Waiting</Th>
                  <Th>Order</Th>
                  <Th>Customer</Th>
                  <Th>{queue === 'pending' ? 'Outlet' : 'Rider'}</Th>
                  <Th>Payment</Th>
                  <Th className="text-right">Total</Th>
                </tr>
              </thead>
              <tbody>
                {list.map((o) => (
                  <tr key={o.id} className={rowTint(o.ageMinutes, warn, late)}>
                    <Td>
                      <span className={cn('font-semibold tabular-nums', ageTone(o.ageMinutes, warn, late))}>{formatAge(o.ageMinutes)}</span>
                      <span className="block text-xs text-muted">{formatDateTime(o.since)}</span>
                    </Td>
                    <Td>
                      <OrderLink id={o.id} />
                      <span className="mt-0.5 block">
                        <Badge tone={ORDER_STATUS_TONE[o.status]}>{ORDER_STATUS_LABEL[o.status]}</Badge>
                      </span>
                    </Td>
                    <Td>
                      <span className="font-medium">{o.customerName}</span>
                      <span className="block text-xs text-muted">{o.address}</span>
                    </Td>
                    <Td className="text-ink-soft">{(queue === 'pending' ? o.outletName : o.riderName) ?? '—'}</Td>
                    <Td>
                      <span className="block text-xs text-muted">{PAYMENT_METHOD_LABEL[o.paymentMethod]}</span>
                      <PaymentBadge status={o.paymentStatus} />
                    </Td>
                    <Td className="text-right font-semibold tabular-nums">
                      {formatUGX(o.totalAmount)}
                      <span className="block text-xs font-normal text-muted">
                        {o.itemCount} item{o.itemCount === 1 ? '' : 's'}
                      </span>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </OpsTable>
          </>
        )}
      </Card>
    </div>
  );
}

const ageTone = (minutes: number, warn: number, late: number) =>
  minutes >= late ? 'text-danger' : minutes >= warn ? 'text-warning' : 'text-ink';

/** Past the warning age a queue entry turns amber, past the late age red. */
const rowTint = (minutes: number, warn: number, late: number) =>
  minutes >= late ? 'bg-danger-soft/50' : minutes >= warn ? 'bg-warning-soft/50' : undefined;

function OrderLink({ id }: { id: string }) {
  return (
    <Link to={`${paths.admin.orders}?q=${id}`} className="font-mono font-semibold text-brand-700 hover:underline">
      #{customerOrderNumber(id)}
    </Link>
  );
}

function PaymentBadge({ status }: { status: keyof typeof PAYMENT_STATUS_LABEL }) {
  return <Badge tone={PAYMENT_STATUS_TONE[status]}>{PAYMENT_STATUS_LABEL[status]}</Badge>;
}
