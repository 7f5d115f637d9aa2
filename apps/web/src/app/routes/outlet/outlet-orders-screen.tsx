/** Outlet orders: this outlet's orders with search and a status filter. */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUGX } from '@meatshop/shared/money';
import type { OutletOrdersQuery } from '@meatshop/shared/outlet';
import { ORDER_STATUSES, type OrderStatus, shortOrderId } from '@meatshop/shared/status';
import { ClipboardList, Search } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useOutletOrders } from '@/features/outlet/api/get-outlet-orders';
import { OrderStatusBadge, ReadyBadge } from '@/features/outlet/components/order-status-badge';
import { Badge } from '@/components/ui/badge';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatPhone } from '@/lib/format';
import { paths } from '@/lib/paths';
import { ORDER_STATUS_TEXT } from '@/features/orders/status-texts';
import { ColdChainWarnings, useColdChainOrderIds } from '@/features/cold-chain/components/cold-chain-warnings';

/** A trade order held for its business's approval is not the outlet's work yet: the portal never lists one. */
const OUTLET_STATUSES = ORDER_STATUSES.filter((s) => s !== 'awaiting_approval');
const isStatus = (v: string | null): v is OrderStatus => !!v && (OUTLET_STATUSES as readonly string[]).includes(v);

export function OutletOrdersScreen() {
  const { t, i18n } = useLingui();
  // Search and filter live in the URL, so a refresh or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const deferredSearch = useDeferredValue(search.trim());
  const query: OutletOrdersQuery = { ...(deferredSearch ? { search: deferredSearch } : {}), ...(status ? { status } : {}) };
  const { data, isPending, isError, error, refetch, isRefetching } = useOutletOrders(query);

  const setParam = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const filtered = Boolean(deferredSearch || status);
  const coldChain = useColdChainOrderIds('outlet');

  return (
    <div className="space-y-4">
      <ColdChainWarnings scope="outlet" orderHref={paths.outlet.order} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <Input
            type="search"
            value={search}
            onChange={(e) => setParam('q', e.target.value)}
            placeholder={t`Search by order number, customer or phone`}
            className="pl-10"
            aria-label={t`Search orders`}
          />
        </div>
        <Select
          className="sm:w-56"
          aria-label={t`Filter by status`}
          value={status ?? ''}
          onChange={(e) => setParam('status', e.target.value)}
        >
          <option value="">{t`All statuses`}</option>
          {OUTLET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {i18n._(ORDER_STATUS_TEXT[s])}
            </option>
          ))}
        </Select>
      </div>

      <Card className="overflow-hidden">
        {isPending ? (
          <div className="space-y-3 p-5">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : isError ? (
          <ErrorState
            title={t`Failed to load orders`}
            message={errorMessage(error)}
            onRetry={() => void refetch()}
            retrying={isRefetching}
          />
        ) : data.orders.length === 0 ? (
          <EmptyState
            icon={ClipboardList}
            title={filtered ? t`No matching orders` : t`No orders yet`}
            description={filtered ? t`Try another search or status.` : t`Orders placed with this outlet will appear here.`}
          />
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="hidden border-b border-line bg-cream text-xs font-semibold tracking-wide text-muted uppercase md:table-header-group">
              <tr>
                <th className="px-5 py-3">
                  <Trans context="noun">Order</Trans>
                </th>
                <th className="px-3 py-3">
                  <Trans>Customer</Trans>
                </th>
                <th className="px-3 py-3">
                  <Trans>Placed</Trans>
                </th>
                <th className="px-3 py-3 text-right">
                  <Trans>Items</Trans>
                </th>
                <th className="px-3 py-3 text-right">
                  <Trans>Amount</Trans>
                </th>
                <th className="px-3 py-3">
                  <Trans>Status</Trans>
                </th>
                <th className="px-5 py-3">
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.orders.map((o) => (
                <tr
                  key={o.id}
                  data-cold-chain={coldChain.get(o.id)?.level}
                  className={`grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-5 py-4 md:table-row md:p-0 ${
                    coldChain.get(o.id)?.level === 'over'
                      ? 'bg-red-50 hover:bg-red-100/70'
                      : coldChain.has(o.id)
                        ? 'bg-amber-50 hover:bg-amber-100/70'
                        : 'hover:bg-cream/60'
                  }`}
                >
                  <td className="font-mono font-semibold text-ink md:px-5 md:py-3.5">#{shortOrderId(o.id)}</td>
                  <td className="col-start-1 text-ink-soft md:px-3 md:py-3.5">
                    <span className="block font-medium text-ink">{o.customerName}</span>
                    <span className="text-xs text-muted">{formatPhone(o.customerPhone)}</span>
                    {o.deliverySlot ? (
                      <span className="block text-xs font-semibold text-brand-700">
                        <Trans>Delivery: {o.deliverySlot.label}</Trans>
                      </span>
                    ) : null}
                  </td>
                  <td className="col-start-1 text-xs text-muted md:px-3 md:py-3.5 md:text-sm">{formatDateTime(o.createdAt)}</td>
                  <td className="hidden text-right tabular-nums md:table-cell md:px-3 md:py-3.5">{o.itemCount}</td>
                  <td className="col-start-2 row-start-1 text-right font-semibold text-ink tabular-nums md:px-3 md:py-3.5">
                    {formatUGX(o.totalAmount)}
                  </td>
                  <td className="col-start-2 row-start-2 flex flex-wrap items-start justify-end gap-1 md:table-cell md:px-3 md:py-3.5">
                    <span className="inline-flex flex-col items-end gap-1 md:flex-row md:flex-wrap md:items-center">
                      <OrderStatusBadge status={o.status} />
                      {o.readyAt && (o.status === 'pending' || o.status === 'assigned') ? <ReadyBadge /> : null}
                      {coldChain.has(o.id) ? (
                        <Badge tone={coldChain.get(o.id)?.level === 'over' ? 'danger' : 'warning'}>
                          {t`${coldChain.get(o.id)?.minutesOut} of ${coldChain.get(o.id)?.limitMinutes} min`}
                        </Badge>
                      ) : null}
                    </span>
                  </td>
                  <td className="col-start-2 row-start-3 text-right md:px-5 md:py-3.5">
                    <Link to={paths.outlet.order(o.id)} className="font-semibold text-brand-700 hover:underline">
                      <Trans>View Details</Trans>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
