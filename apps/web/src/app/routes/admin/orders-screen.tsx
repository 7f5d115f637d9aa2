/** Admin orders (spec section 2): search, status filter, table, detail modal, assign-rider modal. */
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
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { adminKeys } from '@/features/admin/api/keys';
import { useAdminOrders } from '@/features/admin/api/orders';
import { cellClass, matches, rowClass, SearchBox, SkeletonRows, Table, TableCard, Th, Toolbar } from '@/features/admin/components/admin-ui';
import { AssignRiderDialog, canAssign } from '@/features/admin/components/assign-rider-dialog';
import { OrderDetailDialog } from '@/features/admin/components/order-detail-dialog';
import { formatDateTime } from '@/lib/format';
import { useLiveEvent } from '@/lib/live-events';
import { useSearchParams } from '@/lib/router';

type Filter = OrderStatus | 'all' | 'processing';

/** Seven columns on a laptop screen: a little less padding than other tables, so Actions stays in view. */
const cell = cellClass.replace('px-4', 'px-3');
export function OrdersScreen({ initialStatus = 'all' }: { initialStatus?: Filter }) {
  const orders = useAdminOrders();
  const qc = useQueryClient();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<Filter>(initialStatus);
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

  const list = (orders.data ?? []).filter(
    (o) =>
      (status === 'all' || (status === 'processing' ? o.status === 'assigned' || o.status === 'picked_up' : o.status === status)) &&
      matches(query, o.id, o.user.fullName, o.user.email, o.shippingAddress.phone, o.outlet?.name),
  );

  return (
    <div>
      <Toolbar>
        <SearchBox value={query} onChange={setQuery} label="Search orders" placeholder="Search by order number, customer or email" />
        <Select aria-label="Filter by status" value={status} onChange={(e) => setStatus(e.target.value as Filter)} className="sm:w-52">
          <option value="all">All Statuses</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABEL[s]}
            </option>
          ))}
          <option value="processing">Processing (assigned or out)</option>
        </Select>
      </Toolbar>

      {orders.isError ? (
        <ErrorState message="Failed to load orders" onRetry={() => orders.refetch()} retrying={orders.isFetching} />
      ) : !orders.isPending && list.length === 0 ? (
        <EmptyState icon={ClipboardList} title="No orders found" description="Try adjusting your search or filters" />
      ) : (
        <>
          <OrderCards orders={orders.isPending ? undefined : list} onView={setViewing} onAssign={setAssigning} />
          <TableCard className="max-xl:hidden">
            <Table label="Orders">
              <thead>
                <tr>
                  <Th className="px-3">Order</Th>
                  <Th className="px-3">Customer</Th>
                  <Th className="px-3">Total</Th>
                  <Th className="px-3">Payment</Th>
                  <Th className="px-3">Status</Th>
                  <Th className="px-3">Rider</Th>
                  <Th className="px-3 text-right">
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </thead>
              {orders.isPending ? (
                <SkeletonRows cols={7} />
              ) : (
                <tbody>
                  {list.map((o) => (
                    <tr key={o.id} className={rowClass}>
                      <td className={cell}>
                        <p className="font-mono font-semibold text-ink">#{customerOrderNumber(o.id)}</p>
                        <p className="text-xs whitespace-nowrap text-muted">{formatDateTime(o.createdAt)}</p>
                      </td>
                      <td className={cell}>
                        <p className="font-medium text-ink">{o.user.fullName}</p>
                        <p className="max-w-[11rem] truncate text-xs text-muted" title={o.user.email}>
                          {o.user.email}
                        </p>
                      </td>
                      <td className={`${cell} font-semibold whitespace-nowrap`}>{formatUGX(o.totalAmount)}</td>
                      <td className={cell}>
                        <PaymentBadge order={o} />
                        <p className="mt-1 text-xs text-muted">{paymentMethodLabel(o)}</p>
                      </td>
                      <td className={cell}>
                        <StatusBadge order={o} />
                      </td>
                      {/* An order waiting for a rider offers Assign Rider where its rider will show: the
                          table then fits a laptop screen without scrolling sideways to reach it. */}
                      <td className={cell}>
                        {canAssign(o) ? (
                          <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={() => setAssigning(o)}>
                            <UserPlus className="size-4" aria-hidden="true" />
                            Assign Rider
                          </Button>
                        ) : (
                          (o.rider?.fullName ?? <span className="text-muted">Unassigned</span>)
                        )}
                      </td>
                      <td className={`${cell} text-right`}>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`View order ${customerOrderNumber(o.id)}`}
                          onClick={() => setViewing(o)}
                        >
                          <Eye className="size-4" aria-hidden="true" />
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              )}
            </Table>
          </TableCard>
        </>
      )}

      <OrderDetailDialog order={shown} onOpenChange={(o) => !o && closeDetails()} onChanged={setViewing} />
      <AssignRiderDialog order={assigning} onOpenChange={(o) => !o && setAssigning(null)} />
    </div>
  );
}

export const PendingOrdersScreen = () => <OrdersScreen initialStatus="pending" />;
export const ProcessingOrdersScreen = () => <OrdersScreen initialStatus="processing" />;

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

/** The orders as cards below 1280 px (two across on a tablet or small laptop), where the seven-column table would need sideways scrolling to reach Assign Rider. */
function OrderCards({
  orders,
  onView,
  onAssign,
}: {
  orders: AdminOrder[] | undefined;
  onView: (o: AdminOrder) => void;
  onAssign: (o: AdminOrder) => void;
}) {
  if (!orders) {
    return (
      <div className="grid gap-3 md:grid-cols-2 xl:hidden" role="status" aria-busy="true" aria-label="Loading">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-36 w-full rounded-[var(--radius-card)]" />
        ))}
      </div>
    );
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:hidden" aria-label="Orders">
      {orders.map((o) => (
        <li key={o.id}>
          <Card className="space-y-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-mono text-sm font-semibold text-ink">#{customerOrderNumber(o.id)}</p>
                <p className="text-xs text-muted">{formatDateTime(o.createdAt)}</p>
              </div>
              <p className="shrink-0 font-semibold whitespace-nowrap text-ink tabular-nums">{formatUGX(o.totalAmount)}</p>
            </div>
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium text-ink">{o.user.fullName}</p>
              <p className="truncate text-xs text-muted">{o.user.email}</p>
            </div>
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1.5 text-sm">
              <dt className="text-xs text-muted">Status</dt>
              <dd>
                <StatusBadge order={o} />
              </dd>
              <dt className="text-xs text-muted">Payment</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <PaymentBadge order={o} />
                <span className="text-xs text-muted">{paymentMethodLabel(o)}</span>
              </dd>
              <dt className="text-xs text-muted">Rider</dt>
              <dd className="min-w-0 truncate">{o.rider?.fullName ?? <span className="text-muted">Unassigned</span>}</dd>
            </dl>
            <div className="flex justify-end gap-2 border-t border-line pt-3">
              <Button variant="ghost" size="sm" aria-label={`View order ${customerOrderNumber(o.id)}`} onClick={() => onView(o)}>
                <Eye className="size-4" aria-hidden="true" />
                View
              </Button>
              {canAssign(o) ? (
                <Button variant="secondary" size="sm" onClick={() => onAssign(o)}>
                  <UserPlus className="size-4" aria-hidden="true" />
                  Assign Rider
                </Button>
              ) : null}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
