/** Admin orders: search, status filter, sortable table (cards below 1280 px), detail dialog, assign-rider dialog. */
import type { AdminOrder } from '@meatshop/shared/admin-orders';
import { formatUGX } from '@meatshop/shared/money';
import {
  customerOrderNumber,
  ORDER_STATUS_LABEL,
  ORDER_STATUS_TONE,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHOD_LABEL,
  PAYMENT_STATUS_LABEL,
  PAYMENT_STATUS_TONE,
  type PaymentMethod,
  type PaymentStatus,
} from '@meatshop/shared/status';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardList, Eye, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { adminKeys } from '@/features/back-office/api/keys';
import { useAdminOrders } from '@/features/back-office/api/orders';
import { type DataColumn, type DataFilter, DataTable } from '@/features/back-office/components/data-table';
import { AssignRiderDialog, canAssign } from '@/features/back-office/components/assign-rider-dialog';
import { OrderDetailDialog } from '@/features/back-office/components/order-detail-dialog';
import { formatDateTime } from '@/lib/format';
import { useLiveEvent } from '@/lib/live-events';
import { useSearchParams } from '@/lib/router';

const columns: DataColumn<AdminOrder>[] = [
  {
    id: 'order',
    header: 'Order',
    sortBy: (o) => o.createdAt,
    hideable: false,
    onCard: false,
    cell: (o) => (
      <>
        <p className="font-mono font-semibold text-ink">#{customerOrderNumber(o.id)}</p>
        <p className="text-xs whitespace-nowrap text-muted">{formatDateTime(o.createdAt)}</p>
      </>
    ),
  },
  {
    id: 'customer',
    header: 'Customer',
    sortBy: (o) => o.user.fullName,
    cell: (o) => (
      <>
        <p className="font-medium text-ink">{o.user.fullName}</p>
        <p className="max-w-[11rem] truncate text-xs text-muted" title={o.user.email}>
          {o.user.email}
        </p>
      </>
    ),
  },
  {
    id: 'total',
    header: 'Total',
    sortBy: (o) => o.totalAmount,
    className: 'font-semibold whitespace-nowrap tabular-nums',
    cell: (o) => formatUGX(o.totalAmount),
  },
  {
    id: 'payment',
    header: 'Payment',
    sortBy: (o) => o.paymentStatus,
    cell: (o) => (
      <>
        <PaymentBadge order={o} />
        <p className="mt-1 text-xs text-muted">{paymentMethodLabel(o)}</p>
      </>
    ),
  },
  { id: 'status', header: 'Status', sortBy: (o) => o.status, cell: (o) => <StatusBadge order={o} /> },
  {
    id: 'rider',
    header: 'Rider',
    sortBy: (o) => o.rider?.fullName,
    cell: (o) => o.rider?.fullName ?? <span className="text-muted">Unassigned</span>,
  },
];

const statusFilter: DataFilter<AdminOrder> = {
  id: 'status',
  label: 'Filter by status',
  options: [
    { value: '', label: 'All Statuses' },
    ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABEL[s] })),
    { value: 'processing', label: 'Processing (assigned or out)' },
  ],
  test: (o, v) => (v === 'processing' ? o.status === 'assigned' || o.status === 'picked_up' : o.status === v),
};

export function OrdersScreen() {
  const orders = useAdminOrders();
  const qc = useQueryClient();
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [assigning, setAssigning] = useState<AdminOrder | null>(null);
  // `?order=<id>` (a link from another screen, e.g. a payment difference) opens that order's details.
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('order');
  const shown = viewing ?? (linkedId ? (orders.data?.find((o) => o.id === linkedId) ?? null) : null);
  const closeDetails = () => {
    setViewing(null);
    if (linkedId) void setParams({}, { replace: true });
  };

  useLiveEvent((e) => {
    if (e.type === 'order' || e.type === 'resync') void qc.invalidateQueries({ queryKey: adminKeys.orders });
  });

  return (
    <div>
      <DataTable
        label="Orders"
        query={orders}
        rowKey={(o) => o.id}
        columns={columns}
        dense
        cardsUntil="xl"
        card={{ title: (o) => `#${customerOrderNumber(o.id)}`, subtitle: (o) => formatDateTime(o.createdAt) }}
        // An order waiting for a rider offers Assign Rider beside View, in reach without scrolling sideways.
        actions={(o) => (
          <div className="flex items-center justify-end gap-1.5">
            {canAssign(o) ? (
              <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={() => setAssigning(o)}>
                <UserPlus className="size-4" aria-hidden="true" />
                Assign Rider
              </Button>
            ) : null}
            <Button variant="ghost" size="icon-sm" aria-label={`View order ${customerOrderNumber(o.id)}`} onClick={() => setViewing(o)}>
              <Eye className="size-4" aria-hidden="true" />
            </Button>
          </div>
        )}
        search={{
          label: 'Search orders',
          placeholder: 'Search by order number, customer or email',
          fields: (o) => [o.id, o.user.fullName, o.user.email, o.shippingAddress.phone, o.outlet?.name],
        }}
        filters={[statusFilter]}
        errorMessage="Failed to load orders"
        empty={{
          icon: ClipboardList,
          title: 'No orders found',
          description: 'Orders appear here as customers place them.',
          filtered: 'Try adjusting your search or filters',
        }}
      />

      <OrderDetailDialog order={shown} onOpenChange={(o) => !o && closeDetails()} onChanged={setViewing} />
      <AssignRiderDialog order={assigning} onOpenChange={(o) => !o && setAssigning(null)} />
    </div>
  );
}

function StatusBadge({ order }: { order: AdminOrder }) {
  return (
    <Badge tone={ORDER_STATUS_TONE[order.status as OrderStatus] ?? 'neutral'}>
      {ORDER_STATUS_LABEL[order.status as OrderStatus] ?? order.status}
    </Badge>
  );
}

function PaymentBadge({ order }: { order: AdminOrder }) {
  return (
    <Badge tone={PAYMENT_STATUS_TONE[order.paymentStatus as PaymentStatus] ?? 'neutral'}>
      {PAYMENT_STATUS_LABEL[order.paymentStatus as PaymentStatus] ?? order.paymentStatus}
    </Badge>
  );
}

const paymentMethodLabel = (order: AdminOrder) => PAYMENT_METHOD_LABEL[order.paymentMethod as PaymentMethod] ?? order.paymentMethod;
