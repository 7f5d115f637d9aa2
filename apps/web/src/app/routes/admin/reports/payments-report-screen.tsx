/**
 * Reports > Payments: what we recorded as paid and refunded per Kampala day and method over a chosen
 * range (CSV export), and the provider payments whose provider status disagrees with ours, each with
 * "Check again" (the reconciliation job asks on its own every few minutes).
 */
import { formatUGX } from '@meatshop/shared/money';
import type { PaymentDifference, PaymentsFigures, PaymentsReport } from '@meatshop/shared/reports';
import type { Tone } from '@meatshop/shared/status';
import { ChartColumn, CircleCheck, RefreshCw } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { paymentsCsvUrl, useCheckPayment, usePaymentDifferences, usePaymentsReport } from '@/features/back-office/api/reports';
import { OpsTable, StatCard, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { Link } from '@/lib/router';
import { toast } from '@/lib/toast';
import { PRESETS } from './date-range';
import { ReportPage, ReportSection, ReportStats } from './report-page';
import { useReportRange } from './report-range-card';

export function PaymentsReportScreen() {
  const { range, draft, apply } = useReportRange(PRESETS[0].range);
  const report = usePaymentsReport(range.from, range.to);
  const r = report.data;

  return (
    <ReportPage draft={draft} apply={apply} query={report} errorTitle="Failed to load payments report" after={<DifferencesCard />}>
      <ReportStats busy={report.isPending}>
        {r ? (
          <>
            <StatCard label="Paid" value={formatUGX(r.totals.paid)} hint={`${formatDate(range.from)} – ${formatDate(range.to)}`} />
            <StatCard label="Refunded" value={formatUGX(r.totals.refunded)} hint="Completed refunds" />
            <StatCard label="Net" value={formatUGX(r.totals.net)} hint="Paid less refunded" />
            <StatCard label="Payments" value={r.totals.payments.toLocaleString('en-US')} hint="Provider payments and cash deliveries" />
          </>
        ) : undefined}
      </ReportStats>

      <ReportSection
        title="By day and method"
        description="Amounts in UGX, Kampala days. Cash: collected on delivery, and refunds paid back in cash."
        csvUrl={paymentsCsvUrl(range.from, range.to)}
        ready={!!r}
      >
        {r ? <DayMethodTable report={r} /> : <TableSkeleton cols={5} />}
      </ReportSection>
    </ReportPage>
  );
}

const amount = (n: number) => n.toLocaleString('en-US');
/** On a phone the four figures fit the screen's width without sideways scrolling, even in millions. */
const TIGHT = 'max-sm:px-1.5 max-sm:text-[13px]';

function Figures({ f, strong }: { f: PaymentsFigures; strong?: boolean }) {
  return (
    <>
      <Td className="text-right tabular-nums max-sm:hidden">{f.payments}</Td>
      <Td className={cn('text-right tabular-nums', TIGHT)}>{amount(f.paid)}</Td>
      <Td className={cn('text-right tabular-nums', TIGHT, f.refunded > 0 && 'text-danger')}>
        {f.refunded ? `−${amount(f.refunded)}` : '0'}
      </Td>
      <Td className={cn('text-right tabular-nums', TIGHT, 'max-sm:pr-3', strong ? 'font-bold' : 'font-semibold')}>{amount(f.net)}</Td>
    </>
  );
}

function DayHeader({ children }: { children: ReactNode }) {
  return (
    <tr>
      <th
        scope="rowgroup"
        colSpan={5}
        className="border-b border-line bg-cream/60 px-3 py-2 text-left text-xs font-semibold text-ink-soft sm:px-4"
      >
        {children}
      </th>
    </tr>
  );
}

/** Rows grouped under each day, then a total per method and the grand total. */
function DayMethodTable({ report }: { report: PaymentsReport }) {
  if (report.rows.length === 0) {
    return <EmptyState icon={ChartColumn} title="No payments in this period" description="Try a wider date range." />;
  }
  const days = [...new Set(report.rows.map((x) => x.day))];
  return (
    <OpsTable className="min-w-0 sm:min-w-[36rem]" aria-label="Payments by day and method">
      <thead>
        <tr>
          <Th>Method</Th>
          <Th className="text-right max-sm:hidden">Payments</Th>
          <Th className="text-right max-sm:px-1.5">Paid</Th>
          <Th className="text-right max-sm:px-1.5">Refunded</Th>
          <Th className="text-right max-sm:pr-3 max-sm:pl-1.5">Net</Th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <Fragment key={day}>
            <DayHeader>{formatDate(`${day}T12:00:00+03:00`)}</DayHeader>
            {report.rows
              .filter((x) => x.day === day)
              .map((x) => (
                <tr key={`${day}-${x.method}`}>
                  <Td>
                    <span className="font-medium">{x.label}</span>
                    <span className="block text-xs text-muted sm:hidden">
                      {x.payments} {x.payments === 1 ? 'payment' : 'payments'}
                    </span>
                  </Td>
                  <Figures f={x} />
                </tr>
              ))}
          </Fragment>
        ))}
      </tbody>
      <tfoot>
        <DayHeader>Totals by method</DayHeader>
        {report.byMethod.map((m) => (
          <tr key={m.method}>
            <Td className="font-medium">{m.label}</Td>
            <Figures f={m} />
          </tr>
        ))}
        <tr className="bg-cream">
          <Td className="font-bold">Total</Td>
          <Figures f={report.totals} strong />
        </tr>
      </tfoot>
    </OpsTable>
  );
}

const OUR_STATUS: Record<string, string> = {
  pending: 'Pending',
  completed: 'Paid',
  failed: 'Failed',
  reversed: 'Refunded',
  invalid: 'Did not match',
};

/** Paid green, failed red, the rest (pending, refunded) plain: on either side of the comparison. */
const toneOf = (status: string): Tone =>
  ['completed', 'COMPLETED'].includes(status)
    ? 'success'
    : ['failed', 'invalid', 'FAILED', 'INVALID'].includes(status)
      ? 'danger'
      : 'neutral';

function DifferencesCard() {
  const list = usePaymentDifferences();
  const check = useCheckPayment();
  const d = list.data;

  const checkAgain = (x: PaymentDifference) =>
    check.mutate(x.paymentId, {
      onSuccess: (res) =>
        res.agrees
          ? toast.success(`Order #${x.orderNumber}: the provider now agrees (${res.providerStatus})`)
          : toast.error(`Order #${x.orderNumber} still differs: ${res.difference}`),
      onError: (err) => toast.error(errorMessage(err, 'The check could not be run')),
    });

  return (
    <Card className="overflow-hidden">
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle>Differences</CardTitle>
        <CardDescription>
          Provider payments whose status at the provider does not agree with ours, for a person to act on.
          {d ? (
            <>
              {' '}
              {d.lastCheckedAt
                ? `Last checked ${formatDateTime(d.lastCheckedAt)}: ${d.checked} ${d.checked === 1 ? 'payment' : 'payments'} of the last ${d.days} days.`
                : 'The provider has not been asked yet: the check runs every few minutes.'}
            </>
          ) : null}
        </CardDescription>
      </CardHeader>
      {list.isError ? (
        <ErrorState
          title="Failed to load differences"
          message={errorMessage(list.error)}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : !d ? (
        <TableSkeleton rows={3} cols={4} />
      ) : d.differences.length === 0 ? (
        <EmptyState
          icon={CircleCheck}
          title="No differences"
          description="The provider agrees with every payment checked."
          className="py-10"
        />
      ) : (
        <ul className="divide-y divide-line border-t border-line" aria-label="Payment differences">
          {d.differences.map((x) => (
            <li key={x.paymentId} className="flex flex-col gap-3 p-4 sm:p-5 lg:flex-row lg:items-center lg:justify-between">
              <div className="min-w-0 space-y-1.5">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Link
                    to={paths.admin.order(x.orderId)}
                    className="font-mono font-semibold text-brand-700 underline-offset-2 hover:underline"
                  >
                    #{x.orderNumber}
                  </Link>
                  <span className="text-sm text-muted">{x.methodLabel}</span>
                </div>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="text-muted">Ours</span>
                  <Badge tone={toneOf(x.ourStatus)}>{OUR_STATUS[x.ourStatus] ?? x.ourStatus}</Badge>
                  <span className="text-muted">Provider</span>
                  <Badge tone={toneOf(x.providerStatus)}>{x.providerStatus}</Badge>
                  <span className="tabular-nums text-ink-soft">
                    {formatUGX(x.amount)}
                    {x.providerAmount !== null && x.providerAmount !== x.amount ? ` · provider ${formatUGX(x.providerAmount)}` : ''}
                  </span>
                </div>
                <p className="text-sm text-ink">{x.difference}</p>
                <p className="text-xs text-muted">
                  Since {formatDateTime(x.since)} · checked {formatDateTime(x.checkedAt)}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                className="self-start lg:self-center"
                pending={check.isPending && check.variables === x.paymentId}
                pendingText="Checking…"
                onClick={() => checkAgain(x)}
                aria-label={`Check order ${x.orderNumber} again`}
              >
                <RefreshCw className="size-4" aria-hidden="true" />
                Check again
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
