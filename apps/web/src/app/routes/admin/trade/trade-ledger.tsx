/**
 * A trade account's money in the back office: what it owes, its invoices (PDFs), its credit notes
 * (PDFs), its statement (CSV), the form to record a payment it made (allocated by the server oldest
 * invoice first unless one invoice is chosen) and the form to issue a credit note against an invoice.
 */
import { formatUGX } from '@meatshop/shared/money';
import {
  AdminCreditNoteInput,
  AdminTradePaymentInput,
  TRADE_PAYMENT_METHOD_LABEL,
  STAFF_TRADE_PAYMENT_METHODS,
  type TradePaymentMethod,
} from '@meatshop/shared/trade-credit';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { CreditNoteList } from '@/features/trade/components/credit-note-list';
import {
  adminCreditNotePdfUrl,
  adminInvoicePdfUrl,
  adminStatementCsvUrl,
  useAdminTradeInvoices,
  useAdminTradeStatement,
  useIssueCreditNote,
  useRecordTradePayment,
} from '@/features/back-office/api/trade';
import { InvoiceList } from '@/features/trade/components/invoice-list';
import { StatementTable } from '@/features/trade/components/statement-table';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function TradeLedger({ accountId }: { accountId: string }) {
  const invoices = useAdminTradeInvoices(accountId);
  const statement = useAdminTradeStatement(accountId);
  if (invoices.isPending || statement.isPending) return <Skeleton className="h-40 w-full" />;
  if (invoices.isError || statement.isError)
    return (
      <ErrorState message="Failed to load the account's invoices" onRetry={() => void invoices.refetch()} retrying={invoices.isFetching} />
    );
  const unpaid = invoices.data.invoices.filter((i) => i.outstanding > 0);
  return (
    <section aria-labelledby="trade-ledger-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="trade-ledger-title" className="text-sm font-semibold text-ink">
          Invoices and payments
        </h3>
        <p className="text-sm text-muted">
          Owed {formatUGX(invoices.data.owed)}
          {statement.data.overdue > 0 ? (
            <span className="font-semibold text-danger"> · {formatUGX(statement.data.overdue)} overdue</span>
          ) : null}
        </p>
      </div>
      {invoices.data.invoices.length === 0 ? (
        <p className="text-sm text-muted">No invoices yet: one is issued when an order on account is delivered.</p>
      ) : (
        <InvoiceList invoices={invoices.data.invoices} pdfUrl={adminInvoicePdfUrl} />
      )}
      {invoices.data.creditNotes.length > 0 ? <CreditNoteList notes={invoices.data.creditNotes} pdfUrl={adminCreditNotePdfUrl} /> : null}
      {statement.data.entries.length > 0 ? (
        <>
          <StatementTable statement={statement.data} />
          <a href={adminStatementCsvUrl(accountId)} download className={buttonClasses('outline', 'sm')}>
            <FileDown className="size-4" aria-hidden="true" />
            Statement (CSV)
          </a>
        </>
      ) : null}
      {unpaid.length > 0 ? <PaymentForm accountId={accountId} unpaid={unpaid} /> : null}
      {unpaid.length > 0 ? <CreditNoteForm accountId={accountId} unpaid={unpaid} /> : null}
    </section>
  );
}

function PaymentForm({ accountId, unpaid }: { accountId: string; unpaid: { id: string; number: string; outstanding: number }[] }) {
  const record = useRecordTradePayment(accountId);
  const [method, setMethod] = useState<TradePaymentMethod>('bank');
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [invoiceId, setInvoiceId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const digits = amount.replace(/[^\d]/g, '');
    const parsed = AdminTradePaymentInput.safeParse({
      method,
      reference,
      amount: digits ? Number(digits) : Number.NaN,
      invoiceId: invoiceId || undefined,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    record.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Payment recorded');
        setReference('');
        setAmount('');
        setInvoiceId('');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        toast.error(errorMessage(err, 'Failed to record the payment'));
      },
    });
  };
  return (
    <div className="space-y-3 rounded-2xl border border-line p-4">
      <h4 className="text-sm font-semibold text-ink">Record a payment</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="pay-method" label="Paid by" error={errors.method}>
          <Select id="pay-method" value={method} onChange={(e) => setMethod(e.target.value as TradePaymentMethod)}>
            {STAFF_TRADE_PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {TRADE_PAYMENT_METHOD_LABEL[m]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="pay-reference" label="Reference" error={errors.reference}>
          <Input id="pay-reference" value={reference} onChange={(e) => setReference(e.target.value)} invalid={!!errors.reference} />
        </Field>
        <Field id="pay-amount" label="Amount (UGX)" error={errors.amount}>
          <Input id="pay-amount" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} invalid={!!errors.amount} />
        </Field>
        <Field id="pay-invoice" label="Against" error={errors.invoiceId}>
          <Select id="pay-invoice" value={invoiceId} onChange={(e) => setInvoiceId(e.target.value)}>
            <option value="">Oldest invoices first</option>
            {unpaid.map((i) => (
              <option key={i.id} value={i.id}>
                {i.number} ({formatUGX(i.outstanding)} left)
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Button pending={record.isPending} pendingText="Recording…" onClick={submit}>
        Record payment
      </Button>
    </div>
  );
}

/** A credit note against one invoice: up to what it still owes, with the reason the business reads on it. */
function CreditNoteForm({ accountId, unpaid }: { accountId: string; unpaid: { id: string; number: string; outstanding: number }[] }) {
  const issue = useIssueCreditNote(accountId);
  const [invoiceId, setInvoiceId] = useState(unpaid[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = unpaid.find((i) => i.id === invoiceId) ?? unpaid[0];
  const submit = () => {
    const digits = amount.replace(/[^\d]/g, '');
    const parsed = AdminCreditNoteInput.safeParse({ amount: digits ? Number(digits) : Number.NaN, reason });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    if (!chosen) return;
    setErrors({});
    issue.mutate(
      { invoiceId: chosen.id, ...parsed.data },
      {
        onSuccess: (d) => {
          toast.success(`Credit note ${d.creditNotes.at(-1)?.number ?? ''} issued`);
          setAmount('');
          setReason('');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          toast.error(errorMessage(err, 'Failed to issue the credit note'));
        },
      },
    );
  };
  return (
    <div className="space-y-3 rounded-2xl border border-line p-4">
      <h4 className="text-sm font-semibold text-ink">Issue a credit note</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="cn-invoice" label="Against invoice">
          <Select id="cn-invoice" value={chosen?.id ?? ''} onChange={(e) => setInvoiceId(e.target.value)}>
            {unpaid.map((i) => (
              <option key={i.id} value={i.id}>
                {i.number} ({formatUGX(i.outstanding)} left)
              </option>
            ))}
          </Select>
        </Field>
        <Field id="cn-amount" label="Credit (UGX)" error={errors.amount}>
          <Input id="cn-amount" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} invalid={!!errors.amount} />
        </Field>
        <Field id="cn-reason" label="Reason (printed on the credit note)" error={errors.reason} className="sm:col-span-2">
          <Textarea id="cn-reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} invalid={!!errors.reason} />
        </Field>
      </div>
      <Button variant="outline" pending={issue.isPending} pendingText="Issuing…" onClick={submit}>
        Issue credit note
      </Button>
    </div>
  );
}
