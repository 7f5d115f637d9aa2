/**
 * The business's account with the shop, for its members: what it owes against its credit limit,
 * its invoices (each a PDF, and Pay now for the owner and buyers), its credit notes (each a PDF) and
 * its statement (with a CSV). Back from the payment page, the outcome of the payment is shown on top.
 * Shown once the business has terms or invoices.
 */
import { formatUGX } from '@meatshop/shared/money';
import { CircleCheck, CircleX, FileDown, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { usePublicConfig } from '@/features/checkout/api/get-public-config';
import { errorMessage } from '@/lib/api-client';
import { useSearchParams } from '@/lib/router';
import { toast } from '@/lib/toast';
import {
  creditNotePdfUrl,
  invoicePdfUrl,
  STATEMENT_CSV_URL,
  useInvoicePaymentResult,
  usePayInvoice,
  useTradeInvoices,
  useTradeStatement,
} from '../api/invoices';
import { CreditNoteList } from './credit-note-list';
import { InvoiceList } from './invoice-list';
import { StatementTable } from './statement-table';

export function InvoicesCard({ termsDays, canPay }: { termsDays: number | null; canPay: boolean }) {
  // A shop taking cash only has no provider to pay through: no Pay now then.
  const online = usePublicConfig().data?.paymentMethods?.some((m) => m !== 'cash_on_delivery') ?? true;
  const invoices = useTradeInvoices(true);
  const statement = useTradeStatement(true);
  const pay = usePayInvoice();
  const [paying, setPaying] = useState<string | null>(null);
  const startPayment = (invoiceId: string) => {
    setPaying(invoiceId);
    pay.mutate(invoiceId, {
      onSuccess: (r) => window.location.assign(r.paymentUrl),
      onError: (err) => {
        setPaying(null);
        toast.error(errorMessage(err, 'Could not start the payment'));
        void invoices.refetch();
      },
    });
  };
  return (
    <Card className="min-w-0">
      <CardContent className="space-y-6 sm:p-8">
        <PaymentOutcome />
        <div>
          <h2 className="font-display text-xl font-semibold text-ink">Invoices and statement</h2>
          <p className="mt-1 text-sm text-muted">
            {termsDays
              ? `Orders on account are invoiced when delivered, due in ${termsDays} days.`
              : 'The business has no terms at the moment.'}
          </p>
        </div>
        {invoices.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-20 w-full" />
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : invoices.isError ? (
          <ErrorState message="Failed to load the invoices" onRetry={() => void invoices.refetch()} retrying={invoices.isFetching} />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-2xl bg-cream-deep/60 p-4">
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Owed on account</dt>
                <dd className="mt-1 font-display text-xl font-semibold text-ink tabular-nums" data-testid="owed">
                  {formatUGX(invoices.data.owed)}
                </dd>
              </div>
              <div className="rounded-2xl bg-cream-deep/60 p-4">
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Credit limit</dt>
                <dd className="mt-1 font-display text-xl font-semibold text-ink tabular-nums">
                  {invoices.data.creditLimit ? formatUGX(invoices.data.creditLimit) : '—'}
                </dd>
              </div>
            </dl>
            {invoices.data.invoices.length === 0 ? (
              <EmptyState
                icon={ReceiptText}
                title="No invoices yet"
                description="Each order on account gets its invoice when it is delivered."
                className="py-6"
              />
            ) : (
              <InvoiceList
                invoices={invoices.data.invoices}
                pdfUrl={invoicePdfUrl}
                onPay={canPay && online ? (i) => startPayment(i.id) : undefined}
                paying={paying}
              />
            )}
            {invoices.data.creditNotes.length > 0 ? <CreditNoteList notes={invoices.data.creditNotes} pdfUrl={creditNotePdfUrl} /> : null}
          </>
        )}
        {statement.data && statement.data.entries.length > 0 ? (
          <section aria-labelledby="statement-title" className="space-y-3 border-t border-line pt-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 id="statement-title" className="font-semibold text-ink">
                Statement
              </h3>
              <a href={STATEMENT_CSV_URL} download className={buttonClasses('outline', 'sm')}>
                <FileDown className="size-4" aria-hidden="true" />
                Download CSV
              </a>
            </div>
            <StatementTable statement={statement.data} />
            <p className="flex justify-between border-t border-line pt-3 text-sm">
              <span className="text-muted">Balance</span>
              <span className="font-semibold text-ink tabular-nums" data-testid="statement-balance">
                {formatUGX(statement.data.balance)}
              </span>
            </p>
            {statement.data.unallocated > 0 ? (
              <p className="text-sm text-muted">
                {formatUGX(statement.data.unallocated)} paid that no invoice needed is a credit on the account: your next invoice uses it.
              </p>
            ) : null}
          </section>
        ) : statement.isError ? (
          <ErrorState message="Failed to load the statement" onRetry={() => void statement.refetch()} retrying={statement.isFetching} />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Back from the payment page (?OrderTrackingId=…): whether the invoice was paid, asked of the server. */
function PaymentOutcome() {
  const [params] = useSearchParams();
  const trackingId = params.get('OrderTrackingId')?.trim() || null;
  const result = useInvoicePaymentResult(trackingId);
  if (!trackingId) return null;
  const r = result.data;
  const tone = r?.status === 'completed' ? 'success' : r?.status === 'failed' || result.isError ? 'danger' : 'info';
  const message = result.isError ? errorMessage(result.error, 'Could not check the payment') : (r?.message ?? 'Checking your payment…');
  return (
    <div
      role="status"
      data-testid="invoice-payment-outcome"
      className={
        tone === 'success'
          ? 'flex items-start gap-3 rounded-2xl bg-success/10 p-4 text-sm text-success'
          : tone === 'danger'
            ? 'flex items-start gap-3 rounded-2xl bg-danger/10 p-4 text-sm text-danger'
            : 'flex items-start gap-3 rounded-2xl bg-cream-deep/60 p-4 text-sm text-ink'
      }
    >
      {tone === 'success' ? (
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : tone === 'danger' ? (
        <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <Spinner className="mt-0.5 shrink-0" />
      )}
      <p>
        {message}
        {r?.status === 'completed' ? ` (${formatUGX(r.amount)})` : null}
      </p>
    </div>
  );
}
