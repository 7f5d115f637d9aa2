/** Credit notes as both sides list them: number, invoice, date, reason, amount and a PDF link each. */
import { formatUGX } from '@meatshop/shared/money';
import type { TradeCreditNote } from '@meatshop/shared/trade-credit';
import { FileDown } from 'lucide-react';
import { formatDate } from '@/lib/format';

/** Credit notes: each lowers what its invoice owes, with the reason and a PDF. */
export function CreditNoteList({ notes, pdfUrl }: { notes: TradeCreditNote[]; pdfUrl: (id: string) => string }) {
  return (
    <section aria-labelledby="credit-notes-title" className="space-y-2">
      <h3 id="credit-notes-title" className="text-sm font-semibold text-ink">
        Credit notes
      </h3>
      <ul className="divide-y divide-line" data-testid="trade-credit-notes">
        {notes.map((n) => (
          <li key={n.id} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-ink tabular-nums">{n.number}</p>
              <p className="text-sm text-muted">
                On {n.invoiceNumber} · {formatDate(n.issuedAt)} · {n.reason}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-3">
              <p className="font-semibold text-success tabular-nums">– {formatUGX(n.amount)}</p>
              <a
                href={pdfUrl(n.id)}
                download
                className="inline-flex size-10 items-center justify-center rounded-full border border-line-strong text-ink hover:border-ink/40"
                aria-label={`Download ${n.number} (PDF)`}
              >
                <FileDown className="size-4" aria-hidden="true" />
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
