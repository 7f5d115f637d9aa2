/**
 * Admin > Trade accounts > Receivables: what each business owes on account, by how long its invoices
 * are past due (current, 1–30, 31–60, 60+ days), most overdue first, with totals, and a reminder
 * (email and SMS through the outbox) that goes at most once a day per invoice.
 */
import { formatUGX } from '@meatshop/shared/money';
import { AGEING_BUCKETS, AGEING_LABEL, type ReceivablesRow } from '@meatshop/shared/trade-credit';
import { ArrowLeft, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useReceivables, useSendReminder } from '@/features/back-office/api/trade';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format';
import { Link } from '@/lib/router';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { TradeAccountDialog } from './trade-account-dialog';

const cellTone = (bucket: string, v: number) =>
  v === 0 ? 'text-muted' : bucket === 'current' ? 'text-ink' : bucket === 'd1_30' ? 'text-warning' : 'font-semibold text-danger';

export function ReceivablesScreen() {
  const data = useReceivables();
  const remind = useSendReminder();
  const [open, setOpen] = useState<string | null>(null);
  const send = (r: ReceivablesRow) =>
    remind.mutate(r.accountId, {
      onSuccess: (res) => toast.success(`Reminder queued for ${r.businessName} (${res.reminded.join(', ')})`),
      onError: (err) => toast.error(errorMessage(err, 'Failed to send the reminder')),
    });
  return (
    <div className="space-y-4">
      <Link to={paths.admin.trade} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Trade accounts
      </Link>
      {data.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : data.isError ? (
        <ErrorState message="Failed to load receivables" onRetry={() => void data.refetch()} retrying={data.isFetching} />
      ) : data.data.accounts.length === 0 ? (
        <EmptyState icon={Wallet} title="Nothing owed" description="Unpaid invoices of trade accounts appear here." />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="receivables-totals">
            {[...AGEING_BUCKETS, 'total' as const].map((b) => (
              <Card key={b}>
                <CardContent className="p-4">
                  <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
                    {b === 'total' ? 'Total owed' : AGEING_LABEL[b]}
                  </dt>
                  <dd
                    className={cn('mt-1 text-lg font-semibold tabular-nums', b === 'total' ? 'text-ink' : cellTone(b, data.data.totals[b]))}
                  >
                    {formatUGX(data.data.totals[b])}
                  </dd>
                </CardContent>
              </Card>
            ))}
          </dl>
          <ul className="space-y-3 sm:hidden" aria-label="Receivables by business">
            {data.data.accounts.map((r) => (
              <li key={r.accountId}>
                <Card>
                  <CardContent className="space-y-3 p-4">
                    <div className="flex items-start justify-between gap-3">
                      <button
                        type="button"
                        className="text-left font-semibold text-ink hover:underline"
                        onClick={() => setOpen(r.accountId)}
                      >
                        {r.businessName}
                      </button>
                      <span className="whitespace-nowrap font-semibold tabular-nums text-ink">{formatUGX(r.total)}</span>
                    </div>
                    <dl className="grid grid-cols-2 gap-2 text-sm">
                      {AGEING_BUCKETS.map((b) => (
                        <div key={b}>
                          <dt className="text-xs text-muted">{AGEING_LABEL[b]}</dt>
                          <dd className={cn('tabular-nums', cellTone(b, r[b]))}>{r[b] ? formatUGX(r[b]) : '—'}</dd>
                        </div>
                      ))}
                    </dl>
                    <p className="text-xs text-muted">
                      {r.invoices} unpaid {r.invoices === 1 ? 'invoice' : 'invoices'}
                      {r.lastReminder ? ` · reminded ${formatDay(r.lastReminder)}` : ''}
                    </p>
                    <Button
                      size="sm"
                      variant="outline"
                      className="w-full"
                      pending={remind.isPending && remind.variables === r.accountId}
                      pendingText="Sending…"
                      onClick={() => send(r)}
                    >
                      Send reminder
                    </Button>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <Card className="hidden sm:block">
            <CardContent className="overflow-x-auto p-0">
              <table className="w-full min-w-[48rem] text-left text-sm" data-testid="receivables">
                <thead>
                  <tr className="border-b border-line text-xs uppercase tracking-wide text-muted">
                    <th className="px-4 py-3 font-semibold">Business</th>
                    {AGEING_BUCKETS.map((b) => (
                      <th key={b} className="px-4 py-3 text-right font-semibold">
                        {AGEING_LABEL[b]}
                      </th>
                    ))}
                    <th className="px-4 py-3 text-right font-semibold">Total</th>
                    <th className="px-4 py-3 text-right font-semibold">Actions</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {data.data.accounts.map((r) => (
                    <tr key={r.accountId}>
                      <td className="px-4 py-3">
                        <button
                          type="button"
                          className="text-left font-semibold text-ink hover:underline"
                          onClick={() => setOpen(r.accountId)}
                        >
                          {r.businessName}
                        </button>
                        <p className="text-xs text-muted">
                          {r.invoices} unpaid {r.invoices === 1 ? 'invoice' : 'invoices'}
                          {r.lastReminder ? ` · reminded ${formatDay(r.lastReminder)}` : ''}
                        </p>
                      </td>
                      {AGEING_BUCKETS.map((b) => (
                        <td key={b} className={cn('whitespace-nowrap px-4 py-3 text-right tabular-nums', cellTone(b, r[b]))}>
                          {r[b] ? formatUGX(r[b]) : '—'}
                        </td>
                      ))}
                      <td className="whitespace-nowrap px-4 py-3 text-right font-semibold tabular-nums text-ink">{formatUGX(r.total)}</td>
                      <td className="px-4 py-3 text-right">
                        <Button
                          size="sm"
                          variant="outline"
                          pending={remind.isPending && remind.variables === r.accountId}
                          pendingText="Sending…"
                          onClick={() => send(r)}
                        >
                          Send reminder
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </CardContent>
          </Card>
        </>
      )}
      <TradeAccountDialog id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
