/**
 * Admin orders: search and filters the server runs over every order (kept in the address), paged by
 * the server; a table (cards below 1280 px), the detail dialog and the assign-rider dialog; New order
 * for one taken by phone, WhatsApp or at the counter.
 */
import { isPhoneOnlyEmail } from '@meatshop/shared/staff-orders';
import { ADMIN_ORDER_COUNT_CAP, ADMIN_ORDER_PAGE_SIZE, type AdminOrder } from '@meatshop/shared/admin-orders';
import { formatUGX } from '@meatshop/shared/money';
import {
  customerOrderNumber,
  ORDER_CHANNEL_LABEL,
  ORDER_CHANNELS,
  type OrderChannel,
  ORDER_STATUS_LABEL,
  ORDER_STATUS_TONE,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHOD_LABEL,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABEL,
  PAYMENT_STATUS_TONE,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from '@meatshop/shared/status';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardList, Eye, Plus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { adminKeys } from '@/features/back-office/api/keys';
import { useAdminOrder, useAdminOrders } from '@/features/back-office/api/orders';
import { useOutlets } from '@/features/back-office/api/outlets';
import { useRiders } from '@/features/back-office/api/people';
import { useCan } from '@/features/back-office/hooks/use-can';
import { useLastPageClamp, useListParams } from '@/features/back-office/components/use-list-params';
import { DayRangeFilter, dayRangeActive } from '@/features/back-office/components/day-range-filter';
import { type DataColumn, type DataFilter, DataTable } from '@/features/back-office/components/data-table';
import { AssignRiderDialog, canAssign } from '@/features/back-office/components/assign-rider-dialog';
import { OrderDetailDialog } from '@/features/back-office/components/order-detail-dialog';
import { formatDateTime } from '@/lib/format';
import { useLiveEvent } from '@/lib/live-events';
import { paths } from '@/lib/paths';
import { Link, useSearchParams } from '@/lib/router';
import { useDebounced } from '@/lib/use-debounced';

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
    cell: (o) => (
      <>
        <p className="font-medium text-ink">{o.user.fullName}</p>
        <p className="max-w-[11rem] truncate text-xs text-muted" title={o.user.email}>
          {isPhoneOnlyEmail(o.user.email) ? o.user.phone : o.user.email}
        </p>
        {/* Where it came in, and who took it when staff did: a column of its own would push the actions off a laptop screen. */}
        <p className="text-xs whitespace-nowrap text-ink-soft" data-testid="order-channel">
          {ORDER_CHANNEL_LABEL[o.channel as OrderChannel] ?? o.channel}
          {o.takenByName ? ` · by ${o.takenByName}` : ''}
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
    cell: (o) => (
      <>
        <PaymentBadge order={o} />
        <p className="mt-1 text-xs text-muted">{paymentMethodLabel(o)}</p>
      </>
    ),
  },
  { id: 'status', header: 'Status', cell: (o) => <StatusBadge order={o} /> },
  {
    id: 'rider',
    header: 'Rider',
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
};
const paymentFilter: DataFilter<AdminOrder> = {
  id: 'paymentStatus',
  label: 'Filter by payment',
  options: [{ value: '', label: 'All Payments' }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABEL[s] }))],
};
const methodFilter: DataFilter<AdminOrder> = {
  id: 'paymentMethod',
  label: 'Filter by payment method',
  options: [{ value: '', label: 'All Methods' }, ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABEL[m] }))],
};

const channelFilter: DataFilter<AdminOrder> = {
  id: 'channel',
  label: 'Filter by channel',
  options: [{ value: '', label: 'All Channels' }, ...ORDER_CHANNELS.map((c) => ({ value: c, label: ORDER_CHANNEL_LABEL[c] }))],
};

/** The column sort in the address, as the server's sort. */
const SERVER_SORT: Record<string, string> = { order: 'oldest', '-order': 'newest', total: 'total-asc', '-total': 'total-desc' };

export function OrdersScreen() {
  const url = useListParams('');
  const mayDispatch = useCan('dispatch.manage');
  const mayTakeOrders = useCan('orders.edit');
  const outlets = useOutlets();
  const riders = useRiders();
  // Typing settles before the server is asked; a filter or page asks at once.
  const q = useDebounced(url.get('q').trim(), 300);
  const page = Math.max(1, Math.floor(Number(url.get('page')) || 1));
  const orders = useAdminOrders({
    q,
    status: url.get('status'),
    paymentStatus: url.get('paymentStatus'),
    paymentMethod: url.get('paymentMethod'),
    channel: url.get('channel'),
    outletId: url.get('outletId'),
    riderId: url.get('riderId'),
    from: url.get('from'),
    to: url.get('to'),
    sort: SERVER_SORT[url.get('sort')] ?? 'newest',
    page,
    pageSize: ADMIN_ORDER_PAGE_SIZE,
  });
  const qc = useQueryClient();
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [assigning, setAssigning] = useState<AdminOrder | null>(null);
  // `?order=<id>` (a link from another screen, e.g. a payment difference) opens that order's details.
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('order');
  const linked = useAdminOrder(viewing ? null : linkedId);
  const shown = viewing ?? (linkedId ? (linked.data ?? null) : null);
  const closeDetails = () => {
    setViewing(null);
    if (linkedId)
      void setParams(
        (prev) => {
          prev.delete('order');
          return prev;
        },
        { replace: true },
      );
  };
  // A page past the end (the list shrank, or an old link) goes to the last one.
  const total = orders.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(Math.min(total, ADMIN_ORDER_COUNT_CAP) / ADMIN_ORDER_PAGE_SIZE));
  useLastPageClamp(url, page, lastPage, total, !!orders.data && !orders.isPlaceholderData);

  useLiveEvent((e) => {
    if (e.type === 'order' || e.type === 'resync') void qc.invalidateQueries({ queryKey: adminKeys.orders });
  });

  const outletFilter: DataFilter<AdminOrder> = {
    id: 'outletId',
    label: 'Filter by outlet',
    options: [{ value: '', label: 'All Outlets' }, ...(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))],
  };
  const riderFilter: DataFilter<AdminOrder> = {
    id: 'riderId',
    label: 'Filter by rider',
    options: [
      { value: '', label: 'All Riders' },
      { value: 'none', label: 'No rider' },
      ...(riders.data ?? []).map((r) => ({ value: r.id, label: r.fullName })),
    ],
  };
  return (
    <div>
      <DataTable
        label="Orders"
        query={{ ...orders, data: orders.data?.orders }}
        server={{ total, cap: ADMIN_ORDER_COUNT_CAP }}
        pageSize={ADMIN_ORDER_PAGE_SIZE}
        rowKey={(o) => o.id}
        columns={columns}
        dense
        cardsUntil="xl"
        card={{ title: (o) => `#${customerOrderNumber(o.id)}`, subtitle: (o) => formatDateTime(o.createdAt) }}
        // An order waiting for a rider offers Assign Rider beside View, in reach without scrolling sideways.
        actions={(o) => (
          <div className="flex items-center justify-end gap-1.5">
            {mayDispatch && canAssign(o) ? (
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
          placeholder: 'Search by order number, name, phone or email',
          fields: () => [],
        }}
        filters={[statusFilter, paymentFilter, methodFilter, channelFilter, outletFilter, riderFilter]}
        toolbar={
          mayTakeOrders ? (
            <Button asChild>
              <Link to={paths.admin.newOrder}>
                <Plus className="size-4" aria-hidden="true" />
                New order
              </Link>
            </Button>
          ) : undefined
        }
        moreFiltersActive={dayRangeActive(url)}
        moreFilters={<DayRangeFilter url={url} idPrefix="orders" />}
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
