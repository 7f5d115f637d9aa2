/**
 * /rider/cash: the cash-on-delivery money the rider holds now, and each shift (a
 * Kampala day): collected, handed over at the outlet, and any difference the shop will ask about.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { kampalaDate } from '@meatshop/shared/delivery-slots';
import { formatUGX } from '@meatshop/shared/money';
import { Banknote, TriangleAlert } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useRiderCash } from '@/features/cash/api/cash';
import { ShiftList } from '@/features/cash/components/shift-list';

export function RiderCashScreen() {
  const cash = useRiderCash();
  const d = cash.data;
  const { t } = useLingui();
  const collectedToday = d ? formatUGX(d.collectedToday) : '';
  return (
    <div className="space-y-4">
      <h1 className="font-display text-2xl font-semibold text-ink">
        <Trans>Cash</Trans>
      </h1>
      {cash.isError && !d ? (
        <Card>
          <ErrorState message={t`Failed to load cash`} onRetry={() => void cash.refetch()} />
        </Card>
      ) : (
        <Card className="bg-brand-950 p-5 text-cream">
          <p className="text-sm text-cream/75">
            <Trans>Cash you hold</Trans>
          </p>
          {d ? (
            <>
              <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="cash-balance">
                {formatUGX(d.balance)}
              </p>
              <p className="mt-1 text-sm text-cream/80">
                <Trans>Collected today: {collectedToday}</Trans>
              </p>
              <p className="mt-3 text-xs text-cream/70">
                <Trans>Hand it over at your outlet at the end of your shift.</Trans>
              </p>
            </>
          ) : (
            <Skeleton className="mt-2 h-9 w-40 bg-white/15" />
          )}
        </Card>
      )}
      {d && d.flaggedShifts > 0 ? (
        <p className="flex items-start gap-2 rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger" role="status">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <Plural
            value={d.flaggedShifts}
            one="One shift does not match the cash handed over. Please talk to your outlet."
            other="# shifts do not match the cash handed over. Please talk to your outlet."
          />
        </p>
      ) : null}
      <Card className="px-4 py-2">
        <h2 className="pt-2 text-sm font-semibold tracking-wide text-muted uppercase">
          <Trans>Shifts</Trans>
        </h2>
        {!d ? (
          <div className="space-y-3 py-3">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        ) : d.shifts.length === 0 ? (
          <EmptyState
            icon={Banknote}
            title={t`No cash collected yet`}
            description={t`Cash-on-delivery orders you deliver show here, per day.`}
          />
        ) : (
          <ShiftList shifts={d.shifts} today={kampalaDate(new Date())} />
        )}
      </Card>
    </div>
  );
}
