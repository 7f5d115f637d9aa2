/** Invoices as both sides list them: number, dates, total, what is left and a PDF link each. */
import { formatUGX } from '@meatshop/shared/money';
import type { Tone } from '@meatshop/shared/status';
import { INVOICE_STATE_LABEL, type InvoiceState, type TradeInvoice } from '@meatshop/shared/trade-credit';
import { FileDown } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';

export const INVOICE_STATE_TONE: Record<InvoiceState, Tone> = { open: 'info', overdue: 'danger', part_paid: 'warning', paid: 'success' };

export function InvoiceList({ invoices, pdfUrl }: { invoices: TradeInvoice[]; pdfUrl: (id: string) => string }) {
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
              {i.state === 'paid' ? null : i.paid > 0 ? (
                <p className="text-xs text-muted tabular-nums">{formatUGX(i.outstanding)} left</p>
              ) : null}
              <Badge tone={INVOICE_STATE_TONE[i.state]}>{INVOICE_STATE_LABEL[i.state]}</Badge>
            </div>
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
