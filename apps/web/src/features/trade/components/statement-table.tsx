/** A statement: invoices (owed more), payments and credit notes (owed less) in date order with the balance after each. */
import { formatUGX } from '@meatshop/shared/money';
import type { TradeStatement } from '@meatshop/shared/trade-credit';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/cn';

export function StatementTable({ statement }: { statement: TradeStatement }) {
  return (
    <div className="-mx-2 overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm" data-testid="trade-statement">
        <thead>
          <tr className="border-b border-line text-xs uppercase tracking-wide text-muted">
            <th className="px-2 py-2 font-semibold">Date</th>
            <th className="px-2 py-2 font-semibold">Entry</th>
            <th className="px-2 py-2 text-right font-semibold">Amount</th>
            <th className="px-2 py-2 text-right font-semibold">Balance</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {statement.entries.map((e) => (
            <tr key={`${e.kind}-${e.id}`} data-kind={e.kind}>
              <td className="whitespace-nowrap px-2 py-2.5 text-muted">{formatDate(e.at)}</td>
              <td className="px-2 py-2.5 text-ink">{e.description}</td>
              <td className={cn('whitespace-nowrap px-2 py-2.5 text-right tabular-nums', e.amount < 0 ? 'text-success' : 'text-ink')}>
                {e.amount < 0 ? `– ${formatUGX(-e.amount)}` : formatUGX(e.amount)}
              </td>
              <td className="whitespace-nowrap px-2 py-2.5 text-right font-semibold tabular-nums text-ink">{formatUGX(e.balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
