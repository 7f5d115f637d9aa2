/**
 * A figure per product for the stock dialogs (back office and outlet portal): units to send, units
 * received or the counted figure, each beside what the outlet holds now and, when the dialog knows
 * it, what the figure becomes. Empty rows are left out of the request.
 */
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

export interface StockQuantityProduct {
  id: string;
  name: string;
  stock: number;
}

export type Quantities = Record<string, string>;

/** Above this many products a search box narrows the list (a phone shows about eight rows). */
const SEARCH_FROM = 8;

export function StockQuantityList({
  products,
  values,
  onChange,
  inputLabel,
  after,
  min = 0,
  error,
}: {
  products: StockQuantityProduct[];
  values: Quantities;
  onChange: (values: Quantities) => void;
  /** The input's accessible name for one product, e.g. "Units of Beef received". */
  inputLabel: (name: string) => string;
  /** The figure after saving for a typed value, or null to show only the current figure. */
  after?: (stock: number, value: number) => number | null;
  min?: number;
  error?: string | undefined;
}) {
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  const shown = needle ? products.filter((p) => p.name.toLowerCase().includes(needle)) : products;
  return (
    <div className="space-y-2">
      {products.length > SEARCH_FROM ? (
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <Input
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Search products"
            aria-label="Search products"
            className="h-10 pl-10"
          />
        </div>
      ) : null}
      <ul
        className={cn(
          'max-h-[min(18rem,45dvh)] divide-y divide-line overflow-y-auto rounded-xl border text-sm',
          error ? 'border-danger' : 'border-line',
        )}
      >
        {shown.map((p) => {
          const raw = values[p.id] ?? '';
          const n = Number(raw);
          const next = raw !== '' && Number.isInteger(n) && after ? after(p.stock, n) : null;
          return (
            <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="min-w-0">
                <span className="block break-words font-medium text-ink">{p.name}</span>
                <span className="block text-xs text-muted tabular-nums">
                  {p.stock} here
                  {next !== null ? (
                    <span className={cn('font-semibold', next < 0 ? 'text-danger' : 'text-ink-soft')}> → {next}</span>
                  ) : null}
                </span>
              </span>
              <Input
                aria-label={inputLabel(p.name)}
                type="number"
                inputMode="numeric"
                min={min}
                step={1}
                className="h-10 w-24 shrink-0 text-right"
                value={raw}
                invalid={raw !== '' && (!Number.isInteger(n) || n < min)}
                onChange={(e) => onChange({ ...values, [p.id]: e.target.value })}
              />
            </li>
          );
        })}
        {shown.length === 0 ? <li className="px-3 py-4 text-center text-muted">No products match “{q}”.</li> : null}
      </ul>
      {error ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The filled-in rows as numbers; a row left empty is not part of the change. */
export function filledQuantities(values: Quantities): { productId: string; value: number }[] {
  return Object.entries(values)
    .filter(([, v]) => v.trim() !== '')
    .map(([productId, v]) => ({ productId, value: Number(v) }));
}
