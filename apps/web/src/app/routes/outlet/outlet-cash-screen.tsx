/**
 * /outlet/cash: riders hand over their cash-on-delivery takings here; staff record it.
 * The layout already titles the page "Rider Cash", so the riders' cards sit straight under a line of
 * explanation, not inside a second card that would repeat the title and narrow them on a phone.
 */
import { useLingui } from '@lingui/react/macro';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useOutletCash, useRecordOutletHandover, useReverseOutletHandover } from '@/features/cash/api/cash';
import { CashOverviewList } from '@/features/cash/components/cash-overview';
import { errorMessage } from '@/lib/api-client';

export function OutletCashScreen() {
  const { t } = useLingui();
  const cash = useOutletCash();
  const record = useRecordOutletHandover();
  const reverse = useReverseOutletHandover();
  return (
    <div className="space-y-4">
      <p className="max-w-2xl text-sm text-muted">
        {cash.data && !cash.data.canRecord
          ? t`The cash riders have handed over from cash-on-delivery orders. Only the outlet manager records a hand-over or reverses a wrong one.`
          : t`Count the cash a rider brings from cash-on-delivery orders and record it. A shift is one day in Kampala time; differences are flagged for the admin. A wrong entry is reversed, never edited.`}
      </p>
      {cash.isPending ? (
        <div className="space-y-3" role="status" aria-busy="true" aria-label={t`Loading`}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : cash.isError ? (
        <ErrorState title={t`Failed to load rider cash`} message={errorMessage(cash.error)} onRetry={() => cash.refetch()} />
      ) : (
        <CashOverviewList overview={cash.data} mutation={record} reverse={reverse} />
      )}
    </div>
  );
}
