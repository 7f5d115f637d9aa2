/** Earnings: tabs today / week / month / total, a real comparison, recent entries. */
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatUGX } from '@meatshop/shared/money';
import { EARNING_PERIODS, type EarningPeriod } from '@meatshop/shared/rider';
import { shortOrderId } from '@meatshop/shared/status';
import { Gift, HandCoins, TrendingDown, TrendingUp, Truck, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useRiderEarnings } from '@/features/rider/api/get-rider-earnings';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

const TYPE = {
  delivery: { label: msg`Delivery`, icon: Truck },
  tip: { label: msg`Tip`, icon: HandCoins },
  bonus: { label: msg`Bonus`, icon: Gift },
} as const;

/** The period's name on the tabs and above its sum (the shared EARNING_PERIOD_LABEL, translated). */
const PERIOD_TAB = { today: msg`Today`, week: msg`Week`, month: msg`Month`, total: msg`Total` } as const;
const PERIOD_LABEL = { today: msg`Today`, week: msg`This Week`, month: msg`This Month`, total: msg`Total` } as const;

export function RiderEarningsScreen() {
  const [period, setPeriod] = useState<EarningPeriod>('today');
  const earnings = useRiderEarnings(period);
  const d = earnings.data;
  const { t, i18n } = useLingui();

  return (
    <div className="space-y-4">
      <h1 className="font-display text-2xl font-semibold text-ink">
        <Trans>Earnings</Trans>
      </h1>
      <Tabs value={period} onValueChange={(v) => setPeriod(v as EarningPeriod)}>
        <TabsList className="grid w-full grid-cols-4">
          {EARNING_PERIODS.map((p) => (
            <TabsTrigger key={p} value={p} className="px-2">
              {i18n._(PERIOD_TAB[p])}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>

      {earnings.isError && !d ? (
        <Card>
          <ErrorState message={t`Failed to load earnings`} onRetry={() => void earnings.refetch()} />
        </Card>
      ) : (
        <Card className="bg-brand-950 p-5 text-cream">
          <p className="text-sm text-cream/75">{i18n._(PERIOD_LABEL[period])}</p>
          {d ? (
            <>
              <p className="mt-1 text-3xl font-bold" data-testid="earnings-amount">
                {formatUGX(d.amount)}
              </p>
              <p className="mt-1 text-sm text-cream/80">
                <Plural value={d.deliveries} one="# delivery" other="# deliveries" />
              </p>
              <Comparison change={d.changePercent} previous={d.previousAmount} period={period} />
            </>
          ) : (
            <Skeleton className="mt-2 h-9 w-40 bg-white/15" />
          )}
        </Card>
      )}

      {d ? (
        <div className="grid grid-cols-3 gap-2 text-center">
          {(['today', 'week', 'month'] as const).map((p) => (
            <Card key={p} className="@container px-2 py-3">
              <p className="text-xs text-muted">{i18n._(PERIOD_LABEL[p])}</p>
              {/* A third of a phone: "UGX 129,550" shrinks to fit rather than breaking after "UGX". */}
              <p className="text-[clamp(0.6875rem,14cqi,0.875rem)] font-semibold whitespace-nowrap text-ink tabular-nums">
                {formatUGX(d.summary[p])}
              </p>
            </Card>
          ))}
        </div>
      ) : null}

      <section>
        <h2 className="mb-2 font-display text-xl font-semibold text-ink">
          <Trans>Recent Earnings</Trans>
        </h2>
        {!d ? (
          <Skeleton className="h-32 w-full rounded-[var(--radius-card)]" />
        ) : d.entries.length === 0 ? (
          <Card>
            <EmptyState icon={Wallet} title={t`No earnings yet`} description={t`Completed deliveries, tips and bonuses show here.`} />
          </Card>
        ) : (
          <Card className="divide-y divide-line">
            {d.entries.map((e) => {
              const kind = TYPE[e.type];
              const orderNumber = e.orderId ? shortOrderId(e.orderId) : '';
              return (
                <div key={e.id} className="flex items-center gap-3 p-4">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <kind.icon className="size-5" aria-hidden="true" />
                  </span>
                  {/* The amount sits beside the title, so the date and distance below get the full width. */}
                  <div className="min-w-0 flex-1">
                    <div className="flex items-baseline justify-between gap-3">
                      <p className="min-w-0 truncate font-medium text-ink">{i18n._(kind.label)}</p>
                      <span className="shrink-0 font-semibold whitespace-nowrap text-success tabular-nums">+{formatUGX(e.amount)}</span>
                    </div>
                    {/* Each piece stays whole; a narrow phone breaks the line between them. */}
                    <p className="text-xs text-muted">
                      {e.orderId ? (
                        <>
                          <span className="whitespace-nowrap">
                            <Trans>Order #{orderNumber}</Trans>
                          </span>
                          {' · '}
                        </>
                      ) : null}
                      <span className="whitespace-nowrap">{formatDateTime(e.date)}</span>
                      {e.distanceKm != null ? (
                        <>
                          {' · '}
                          <span className="whitespace-nowrap">{e.distanceKm.toFixed(1)} km</span>
                        </>
                      ) : null}
                      {e.note ? ` · ${e.note}` : ''}
                    </p>
                  </div>
                </div>
              );
            })}
          </Card>
        )}
      </section>
    </div>
  );
}

function Comparison({ change, previous, period }: { change: number | null; previous: number | null; period: EarningPeriod }) {
  const { t } = useLingui();
  if (period === 'total') return null;
  const earlier = formatUGX(previous ?? 0);
  // Whole sentences per period: "yesterday" and "last week" sit differently in Luganda and Swahili.
  const words = {
    today: {
      none: t`Nothing earned yesterday to compare with.`,
      change: t`${change}% from yesterday`,
      previous: t`${earlier} yesterday`,
    },
    week: {
      none: t`Nothing earned last week to compare with.`,
      change: t`${change}% from last week`,
      previous: t`${earlier} last week`,
    },
    month: {
      none: t`Nothing earned last month to compare with.`,
      change: t`${change}% from last month`,
      previous: t`${earlier} last month`,
    },
  }[period];
  if (change === null) return <p className="mt-3 text-sm text-cream/70">{words.none}</p>;
  const up = change >= 0;
  const Icon = up ? TrendingUp : TrendingDown;
  // The pill holds only the change, so it stays one line on a phone; the earlier sum sits beside it (or under it).
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full px-3 py-1 font-semibold whitespace-nowrap',
          up ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
        {up ? '+' : ''}
        {words.change}
      </span>
      <span className="whitespace-nowrap text-cream/70">{words.previous}</span>
    </p>
  );
}
