/**
 * Delivery > Cash: the cash-on-delivery money each rider holds, per shift (a
 * Kampala day), hand-overs recorded by outlet staff or here, and every difference flagged.
 */
import { formatUGX } from '@meatshop/shared/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { useAdminCash, useRecordAdminHandover, useReverseAdminHandover } from '@/features/back-office/api/delivery-ops';
import { StatCard, TableSkeleton } from '@/features/back-office/components/ops-table';
import { CashOverviewList } from '@/features/cash/components/cash-overview';
import { errorMessage } from '@/lib/api-client';

export function CashScreen() {
  const cash = useAdminCash();
  const record = useRecordAdminHandover();
  const reverse = useReverseAdminHandover();
  const riders = cash.data?.riders ?? [];
  return (
    <div className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-3">
        <StatCard label="Cash held by riders" value={cash.data ? formatUGX(riders.reduce((s, r) => s + Math.max(0, r.balance), 0)) : '—'} />
        <StatCard label="Collected today" value={cash.data ? formatUGX(riders.reduce((s, r) => s + r.collectedToday, 0)) : '—'} />
        <StatCard
          label="Flagged shifts"
          value={cash.data ? riders.reduce((s, r) => s + r.flaggedShifts, 0) : '—'}
          hint="Hand-overs that do not match the cash collected"
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Cash on delivery</CardTitle>
          <CardDescription>
            A shift is one day in Kampala time. Cash collected is the total of the cash-on-delivery orders a rider delivered that day.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {cash.isPending ? (
            <TableSkeleton rows={4} cols={4} />
          ) : cash.isError ? (
            <ErrorState title="Failed to load cash" message={errorMessage(cash.error)} onRetry={() => cash.refetch()} />
          ) : (
            <CashOverviewList overview={cash.data} mutation={record} reverse={reverse} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
