/**
 * Admin > Trade accounts > one account: its standing orders and what the job did with each recent
 * delivery (placed, with the order and any lines cut to stock; skipped; or why it failed). Read-only.
 */
import { customerOrderNumber } from '@meatshop/shared/status';
import { deliveryDayLabel, type StandingOrders, WEEKDAY_NAMES } from '@meatshop/shared/standing-orders';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api-client';

const RUN_TONE = { placed: 'success', failed: 'danger', skipped: 'neutral', placing: 'info' } as const;
const RUN_LABEL = { placed: 'Placed', failed: 'Failed', skipped: 'Skipped', placing: 'Placing' } as const;

export function TradeStandingOrders({ accountId }: { accountId: string }) {
  const q = useQuery({
    queryKey: ['admin', 'trade', 'standing-orders', accountId],
    queryFn: () => api.get<StandingOrders>(`/api/admin/trade/accounts/${accountId}/standing-orders`),
  });
  if (q.isPending) return <Skeleton className="h-24 w-full" />;
  if (q.isError)
    return <ErrorState message="Failed to load the standing orders" onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  const { standingOrders, runs } = q.data;
  if (!standingOrders.length) return <p className="text-sm text-muted">No standing orders.</p>;
  const label = new Map(standingOrders.map((s) => [s.id, `Every ${s.weekdays.map((d) => WEEKDAY_NAMES[d]!.slice(0, 3)).join(', ')}`]));
  return (
    <div className="space-y-4 text-sm" data-testid="admin-standing-orders">
      <ul className="divide-y divide-line">
        {standingOrders.map((s) => (
          <li key={s.id} className="py-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-ink">
                {label.get(s.id)} · {s.slotLabel} · {s.paymentMethod === 'on_account' ? 'on account' : 'cash on delivery'}
              </span>
              <Badge tone={s.status === 'active' ? 'success' : 'neutral'}>{s.status === 'active' ? 'Active' : 'Paused'}</Badge>
            </div>
            <p className="text-muted">{s.lines.map((l) => `${l.productName} × ${l.quantity}`).join(', ')}</p>
          </li>
        ))}
      </ul>
      {runs.length ? (
        <div>
          <h4 className="mb-1 font-semibold text-ink">Recent deliveries</h4>
          <ul className="divide-y divide-line">
            {runs.map((r) => (
              <li key={`${r.standingOrderId}:${r.deliveryDate}`} className="flex flex-wrap items-start justify-between gap-2 py-2">
                <span className="min-w-0">
                  <span className="text-ink">{deliveryDayLabel(r.deliveryDate)}</span>{' '}
                  <span className="text-muted">{label.get(r.standingOrderId)}</span>
                  {r.orderId ? <span className="text-ink"> · #{customerOrderNumber(r.orderId)}</span> : null}
                  {r.failure ? <span className="block text-danger">{r.failure}</span> : null}
                  {r.reduced.length ? (
                    <span className="block text-warning">
                      Reduced: {r.reduced.map((x) => `${x.productName} ${x.placed} of ${x.wanted}`).join(', ')}
                    </span>
                  ) : null}
                </span>
                <Badge tone={RUN_TONE[r.status]}>{RUN_LABEL[r.status]}</Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
