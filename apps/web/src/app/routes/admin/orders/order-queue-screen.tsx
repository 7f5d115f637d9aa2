/**
 * Orders > Pending and Orders > Processing: orders waiting for a rider and orders in
 * delivery, oldest first, with how long each has waited, refreshed live and every minute; searchable
 * and sortable like every back-office list.
 */
import { formatAge, type OrderQueue } from '@meatshop/shared/order-queues';
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
import { orderQueueQuery, useOrderQueue } from '@/features/back-office/api/operations';
import { type DataColumn, DataTable } from '@/features/back-office/components/data-table';
import { StatCard } from '@/features/back-office/components/ops-table';
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

type Entry = OrderQueue['orders'][number];

function queueColumns(queue: 'pending' | 'processing'): DataColumn<Entry>[] {
  const [warn, late] = WARN[queue];
  return [
    {
      id: 'waiting',
      header: 'Waiting',
      sortBy: (o) => o.ageMinutes,
      hideable: false,
      cell: (o) => (
        <>
          <span className={cn('font-semibold whitespace-nowrap tabular-nums', ageTone(o.ageMinutes, warn, late))}>
            {formatAge(o.ageMinutes)}
          </span>
          <span className="block text-xs text-muted">{formatDateTime(o.since)}</span>
        </>
      ),
    },
    {
      id: 'order',
      header: 'Order',
      onCard: false,
      cell: (o) => (
        <>
          <OrderLink id={o.id} />
          <span className="mt-0.5 block">
            <Badge tone={ORDER_STATUS_TONE[o.status]}>{ORDER_STATUS_LABEL[o.status]}</Badge>
          </span>
        </>
      ),
    },
    {
      id: 'customer',
      header: 'Customer',
      sortBy: (o) => o.customerName,
      cell: (o) => (
        <>
          <span className="font-medium">{o.customerName}</span>
          <span className="block text-xs text-muted">{o.address}</span>
        </>
      ),
    },
    queue === 'pending'
      ? { id: 'outlet', header: 'Outlet', sortBy: (o) => o.outletName, className: 'text-ink-soft', cell: (o) => o.outletName ?? '—' }
      : { id: 'rider', header: 'Rider', sortBy: (o) => o.riderName, className: 'text-ink-soft', cell: (o) => o.riderName ?? '—' },
    {
      id: 'payment',
      header: 'Payment',
      sortBy: (o) => o.paymentStatus,
      cell: (o) => (
        <>
          <span className="block text-xs text-muted">{PAYMENT_METHOD_LABEL[o.paymentMethod]}</span>
          <PaymentBadge status={o.paymentStatus} />
        </>
      ),
    },
    {
      id: 'total',
      header: 'Total',
      sortBy: (o) => o.totalAmount,
      className: 'font-semibold tabular-nums',
      cell: (o) => (
        <>
          {formatUGX(o.totalAmount)}
          <span className="block text-xs font-normal text-muted">
            {o.itemCount} item{o.itemCount === 1 ? '' : 's'}
          </span>
        </>
      ),
    },
  ];
}

const COLUMNS = { pending: queueColumns('pending'), processing: queueColumns('processing') };

function OrderQueueScreen({ queue }: { queue: 'pending' | 'processing' }) {
  const qc = useQueryClient();
  const orders = useOrderQueue(queue);
  useLiveEvent((e) => {
    if (e.type === 'order' || e.type === 'resync') void qc.invalidateQueries({ queryKey: orderQueueQuery(queue).queryKey });
  });
  const list = orders.data?.orders;
  const [warn, late] = WARN[queue];
  const oldest = list?.[0];

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
        <StatCard label={queue === 'pending' ? 'Waiting for a rider' : 'In delivery'} value={list ? list.length : '–'} />
        <StatCard
          label="Oldest"
          value={oldest ? formatAge(oldest.ageMinutes) : '–'}
          hint={oldest ? `Since ${formatDateTime(oldest.since)}` : undefined}
        />
        <StatCard label={`Over ${late} min`} value={list ? list.filter((o) => o.ageMinutes >= late).length : '–'} />
      </div>
      <DataTable
        label={queue === 'pending' ? 'Pending orders' : 'Orders in delivery'}
        query={{ ...orders, data: list }}
        rowKey={(o) => o.id}
        columns={COLUMNS[queue]}
        card={{
          title: (o) => (
            <span className="flex flex-wrap items-center gap-2">
              <OrderLink id={o.id} />
              <Badge tone={ORDER_STATUS_TONE[o.status]}>{ORDER_STATUS_LABEL[o.status]}</Badge>
            </span>
          ),
        }}
        // Past the warning age a row turns amber, past the late age red, so a stuck order stands out.
        rowTone={(o) => rowTint(o.ageMinutes, warn, late)}
        search={{
          label: 'Search orders',
          placeholder: 'Search by order number or customer',
          fields: (o) => [o.id, o.customerName, o.address],
        }}
        errorMessage="Failed to load orders"
        empty={
          queue === 'pending'
            ? {
                icon: ClipboardCheck,
                title: 'No orders waiting',
                description: 'Every paid or cash-on-delivery order has a rider.',
                filtered: 'Try adjusting your search',
              }
            : {
                icon: Truck,
                title: 'No orders in delivery',
                description: 'Orders appear here once a rider is assigned.',
                filtered: 'Try adjusting your search',
              }
        }
      />
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
