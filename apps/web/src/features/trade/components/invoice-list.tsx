/**
 * Invoices as both sides list them: number, dates, total, what is left and a PDF link each; with
 * `onPay`, a Pay now button on each invoice that still owes something (the member's side).
 */
import { formatUGX } from '@meatshop/shared/money';
import type { Tone } from '@meatshop/shared/status';
import { INVOICE_STATE_LABEL, type InvoiceState, type TradeInvoice } from '@meatshop/shared/trade-credit';
import { FileDown } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';

export const INVOICE_STATE_TONE: Record<InvoiceState, Tone> = { open: 'info', overdue: 'danger', part_paid: 'warning', paid: 'success' };

export function InvoiceList({
  invoices,
  pdfUrl,
  onPay,
  paying,
}: {
  invoices: TradeInvoice[];
  pdfUrl: (id: string) => string;
  onPay?: (invoice: TradeInvoice) => void;
  /** The invoice whose payment is being started. */
  paying?: string | null;
}) {
  return (
    <ul className="divide-y divide-line" data-testid="trade-invoices">
      {invoices.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-semibold text-ink tabular-nums">{i.number}</p>
            <p className="text-sm text-muted">
              Issued {formatDate(i.issuedAt)} · due {formatDate(i.dueAt)}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <div className="text-right">
              <p className="font-semibold text-ink tabular-nums">{formatUGX(i.total)}</p>
              {i.state === 'paid' ? null : i.paid + i.credited > 0 ? (
                <p className="text-xs text-muted tabular-nums">{formatUGX(i.outstanding)} left</p>
              ) : null}
              <Badge tone={INVOICE_STATE_TONE[i.state]}>{INVOICE_STATE_LABEL[i.state]}</Badge>
            </div>
            {onPay && i.outstanding > 0 ? (
              <Button
                size="sm"
                onClick={() => onPay(i)}
                pending={paying === i.id}
                pendingText="Opening…"
                disabled={!!paying}
                aria-label={`Pay ${i.number} now (${formatUGX(i.outstanding)})`}
              >
                Pay now
              </Button>
            ) : null}
            <a
              href={pdfUrl(i.id)}
              download
              className="inline-flex size-10 items-center justify-center rounded-full border border-line-strong text-ink hover:border-ink/40"
              aria-label={`Download ${i.number} (PDF)`}
            >
              <FileDown className="size-4" aria-hidden="true" />
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
