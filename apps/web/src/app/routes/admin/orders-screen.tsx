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
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Select } from '@/components/ui/select';
import { adminKeys } from '@/features/admin/api/keys';
import { useAdminOrders } from '@/features/admin/api/orders';
import { cellClass, matches, rowClass, SearchBox, SkeletonRows, Table, TableCard, Th, Toolbar } from '@/features/admin/components/admin-ui';
import { AssignRiderDialog, canAssign } from '@/features/admin/components/assign-rider-dialog';
import { OrderDetailDialog } from '@/features/admin/components/order-detail-dialog';
import { formatDateTime } from '@/lib/format';
import { useLiveEvent } from '@/lib/live-events';

type Filter = OrderStatus | 'all' | 'processing';

export function OrdersScreen({ initialStatus = 'all' }: { initialStatus?: Filter }) {
  const orders = useAdminOrders();
  const qc = useQueryClient();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<Filter>(initialStatus);
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [assigning, setAssigning] = useState<AdminOrder | null>(null);

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
        <TableCard>
          <Table label="Orders">
            <thead>
              <tr>
                <Th>Order</Th>
                <Th>Customer</Th>
                <Th>Total</Th>
                <Th>Payment</Th>
                <Th>Status</Th>
                <Th>Rider</Th>
                <Th className="text-right">Actions</Th>
              </tr>
            </thead>
            {orders.isPending ? (
              <SkeletonRows cols={7} />
            ) : (
              <tbody>
                {list.map((o) => (
                  <tr key={o.id} className={rowClass}>
                    <td className={cellClass}>
                      <p className="font-mono font-semibold text-ink">#{customerOrderNumber(o.id)}</p>
                      <p className="text-xs text-muted">{formatDateTime(o.createdAt)}</p>
                    </td>
                    <td className={cellClass}>
                      <p className="font-medium text-ink">{o.user.fullName}</p>
                      <p className="text-xs text-muted">{o.user.email}</p>
                    </td>
                    <td className={`${cellClass} font-semibold whitespace-nowrap`}>{formatUGX(o.totalAmount)}</td>
                    <td className={cellClass}>
                      <Badge tone={PAYMENT_STATUS_TONE[o.paymentStatus as PaymentStatus] ?? 'neutral'}>
                        {PAYMENT_STATUS_LABEL[o.paymentStatus as PaymentStatus] ?? o.paymentStatus}
                      </Badge>
                      <p className="mt-1 text-xs text-muted">{PAYMENT_METHOD_LABEL[o.paymentMethod as PaymentMethod] ?? o.paymentMethod}</p>
                    </td>
                    <td className={cellClass}>
                      <Badge tone={ORDER_STATUS_TONE[o.status as OrderStatus] ?? 'neutral'}>
                        {ORDER_STATUS_LABEL[o.status as OrderStatus] ?? o.status}
                      </Badge>
                    </td>
                    <td className={cellClass}>{o.rider?.fullName ?? <span className="text-muted">Unassigned</span>}</td>
                    <td className={`${cellClass} text-right whitespace-nowrap`}>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`View order ${customerOrderNumber(o.id)}`}
                        onClick={() => setViewing(o)}
                      >
                        <Eye className="size-4" aria-hidden="true" />
                      </Button>
                      {canAssign(o) ? (
                        <Button variant="secondary" size="sm" onClick={() => setAssigning(o)}>
                          <UserPlus className="size-4" aria-hidden="true" />
                          Assign Rider
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            )}
          </Table>
        </TableCard>
      )}

      <OrderDetailDialog order={viewing} onOpenChange={(o) => !o && setViewing(null)} />
      <AssignRiderDialog order={assigning} onOpenChange={(o) => !o && setAssigning(null)} />
    </div>
  );
}

export const PendingOrdersScreen = () => <OrdersScreen initialStatus="pending" />;
export const ProcessingOrdersScreen = () => <OrdersScreen initialStatus="processing" />;
