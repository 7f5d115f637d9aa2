/**
 * My Account > Trade account > Standing orders: the business's repeating orders, each with its
 * coming deliveries. Owner and buyers set them up, pause and resume them, and skip or change one
 * delivery until its cut-off; after it the delivery is locked and shows its order (or why it could
 * not be placed). Approvers see everything and change nothing.
 */
import { customerOrderNumber } from '@meatshop/shared/status';
import {
  deliveryDayLabel,
  type Occurrence,
  type StandingOrder,
  type StandingOrderLine,
  type StandingOrders,
  WEEKDAY_NAMES,
} from '@meatshop/shared/standing-orders';
import { CalendarClock, Repeat } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { useSetOccurrence, useSetStandingOrderStatus, useStandingOrders } from '@/features/trade/api/standing-orders';
import { LinesEditor, StandingOrderForm } from '@/features/trade/components/standing-order-form';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { Link } from '@/lib/router';
import { useShopStore } from '@/stores/shop-store';
import { PageHeader } from '../page-header';

export function StandingOrdersScreen() {
  const user = useShopStore((s) => s.user);
  const list = useStandingOrders();
  const [editing, setEditing] = useState<StandingOrder | 'new' | null>(null);
  const header = (
    <PageHeader eyebrow="Trade account" title="Standing orders" description="Your regular order, delivered on the days you choose." />
  );
  if (!user) {
    return (
      <>
        {header}
        <div className="container-page py-12">
          <SignInPrompt
            title="Sign in to see your standing orders"
            description="Standing orders belong to your business's trade account."
          />
        </div>
      </>
    );
  }
  return (
    <>
      {header}
      <div className="container-page space-y-6 py-8 sm:py-12">
        <Link to={paths.trade} className="text-sm font-semibold text-brand-700 hover:underline">
          ← Trade account
        </Link>
        {list.isPending ? (
          <div className="space-y-4" aria-busy="true">
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : list.isError ? (
          <ErrorState
            message={errorMessage(list.error, 'Failed to load the standing orders')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : editing ? (
          <Card>
            <CardContent className="sm:p-8">
              <h2 className="mb-5 font-display text-2xl font-semibold text-ink">
                {editing === 'new' ? 'New standing order' : 'Change standing order'}
              </h2>
              <StandingOrderForm editing={editing === 'new' ? null : editing} data={list.data} onDone={() => setEditing(null)} />
            </CardContent>
          </Card>
        ) : (
          <>
            {list.data.canManage ? (
              <Button onClick={() => setEditing('new')}>
                <Repeat className="size-4" /> New standing order
              </Button>
            ) : (
              <p className="text-sm text-muted">You can see the business's standing orders; its owner and buyers change them.</p>
            )}
            {list.data.standingOrders.length === 0 ? (
              <EmptyState
                icon={CalendarClock}
                title="No standing orders yet"
                description={`Set up the order you need every week. We place it at ${list.data.cutoff} the day before each delivery.`}
              />
            ) : (
              <div className="grid gap-6 lg:grid-cols-2">
                {list.data.standingOrders.map((so) => (
                  <StandingOrderCard key={so.id} so={so} data={list.data} onEdit={() => setEditing(so)} />
                ))}
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}

const days = (weekdays: number[]) => weekdays.map((d) => WEEKDAY_NAMES[d]!.slice(0, 3)).join(', ');

function StandingOrderCard({ so, data, onEdit }: { so: StandingOrder; data: StandingOrders; onEdit(): void }) {
  const status = useSetStandingOrderStatus();
  return (
    <Card data-testid="standing-order">
      <CardContent className="space-y-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="font-display text-xl font-semibold text-ink">Every {days(so.weekdays)}</h2>
            <p className="text-sm text-muted">
              {so.slotLabel} · {so.paymentMethod === 'on_account' ? 'on account' : 'cash on delivery'}
            </p>
          </div>
          <Badge tone={so.status === 'active' ? 'success' : 'neutral'}>{so.status === 'active' ? 'Active' : 'Paused'}</Badge>
        </div>
        <ul className="space-y-1 text-sm">
          {so.lines.map((l) => (
            <li key={l.productId} className="flex justify-between gap-3">
              <span className="text-ink">{l.productName}</span>
              <span className="font-semibold tabular-nums text-ink">× {l.quantity}</span>
            </li>
          ))}
        </ul>
        {data.canManage ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={onEdit}>
              Change
            </Button>
            <Button
              size="sm"
              variant="ghost"
              pending={status.isPending}
              onClick={() => status.mutate({ id: so.id, status: so.status === 'active' ? 'paused' : 'active' })}
            >
              {so.status === 'active' ? 'Pause' : 'Resume'}
            </Button>
          </div>
        ) : null}
        {status.isError ? <p className="text-sm text-danger">{errorMessage(status.error, 'Could not change it')}</p> : null}
        {so.status === 'active' ? (
          <div>
            <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">Coming deliveries</h3>
            <ul className="divide-y divide-line rounded-xl border border-line">
              {so.occurrences.map((o) => (
                <OccurrenceRow key={o.date} so={so} o={o} canManage={data.canManage} />
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-muted">Paused: no deliveries are placed until you resume it.</p>
        )}
      </CardContent>
    </Card>
  );
}

function OccurrenceRow({ so, o, canManage }: { so: StandingOrder; o: Occurrence; canManage: boolean }) {
  const set = useSetOccurrence();
  const [changing, setChanging] = useState<StandingOrderLine[] | null>(null);
  const open = o.state === 'open';
  const run = o.run;
  return (
    <li className="space-y-2 px-3 py-3" data-testid="occurrence" data-date={o.date}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-ink">{deliveryDayLabel(o.date)}</p>
          <p className="text-xs text-muted">
            {open
              ? `Changes until ${formatDateTime(o.cutoffAt)}`
              : run?.status === 'placed'
                ? 'Placed'
                : run?.status === 'failed'
                  ? 'Could not be placed'
                  : 'Locked'}
            {o.lines ? ' · changed for this day' : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {o.skipped ? <Badge tone="warning">Skipped</Badge> : null}
          {run?.status === 'placed' && run.orderId ? (
            <Link to={paths.order(run.orderId)} className="text-sm font-semibold text-brand-700 hover:underline">
              Order #{customerOrderNumber(run.orderId)}
            </Link>
          ) : null}
          {open && canManage && !changing ? (
            o.skipped || o.lines ? (
              <Button
                size="sm"
                variant="ghost"
                pending={set.isPending}
                onClick={() => set.mutate({ id: so.id, date: o.date, input: null })}
              >
                Undo
              </Button>
            ) : (
              <>
                <Button
                  size="sm"
                  variant="ghost"
                  pending={set.isPending}
                  onClick={() => set.mutate({ id: so.id, date: o.date, input: { skip: true } })}
                >
                  Skip
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setChanging(so.lines.map(({ productId, quantity }) => ({ productId, quantity })))}
                >
                  Change this one
                </Button>
              </>
            )
          ) : null}
        </div>
      </div>
      {o.lines ? <p className="text-xs text-ink-soft">{o.lines.map((l) => `${l.productName} × ${l.quantity}`).join(', ')}</p> : null}
      {run?.status === 'failed' && run.failure ? <p className="text-xs text-danger">{run.failure}</p> : null}
      {run?.reduced.length ? (
        <p className="text-xs text-warning">
          Reduced:{' '}
          {run.reduced
            .map((r) => (r.placed === 0 ? `${r.productName} (out of stock)` : `${r.productName} ${r.placed} of ${r.wanted}`))
            .join(', ')}
        </p>
      ) : null}
      {changing ? (
        <div className="space-y-3 rounded-xl bg-cream-deep/50 p-3">
          <LinesEditor lines={changing} onChange={setChanging} idPrefix={`occ-${so.id}-${o.date}`} />
          <div className="flex gap-2">
            <Button
              size="sm"
              pending={set.isPending}
              disabled={!changing.length}
              onClick={() => set.mutate({ id: so.id, date: o.date, input: { lines: changing } }, { onSuccess: () => setChanging(null) })}
            >
              Save for {deliveryDayLabel(o.date)}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setChanging(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {set.isError ? <p className="text-xs text-danger">{errorMessage(set.error, 'Could not change this delivery')}</p> : null}
    </li>
  );
}
