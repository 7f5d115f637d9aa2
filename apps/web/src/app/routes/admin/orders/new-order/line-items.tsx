/**
 * The lines of an order staff take: find a product by name, add it, set the quantity. Prices shown
 * are the catalog's; the server prices the order again when it is placed.
 */
import type { AdminProduct } from '@meatshop/shared/admin-catalog';
import { CART_LINE_MAX_QTY } from '@meatshop/shared/constants';
import { formatUGX, unitPrice } from '@meatshop/shared/money';
import { Minus, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminProducts } from '@/features/back-office/api/catalog';
import { errorMessage } from '@/lib/api-client';

export interface Line {
  product: AdminProduct;
  quantity: number;
}

export function LineItems({ lines, onChange, error }: { lines: Line[]; onChange: (lines: Line[]) => void; error?: string }) {
  const products = useAdminProducts();
  const [text, setText] = useState('');
  const q = text.trim().toLowerCase();
  const taken = new Set(lines.map((l) => l.product.id));
  const matches = q ? (products.data ?? []).filter((p) => !taken.has(p.id) && p.name.toLowerCase().includes(q)).slice(0, 6) : [];
  const setQuantity = (id: string, quantity: number) =>
    onChange(lines.map((l) => (l.product.id === id ? { ...l, quantity: Math.min(CART_LINE_MAX_QTY, Math.max(1, quantity)) } : l)));

  return (
    <div className="space-y-4">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Find a product"
          placeholder="Find a product by name"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="h-11 pl-10"
        />
      </div>
      {products.isPending && q ? <Skeleton className="h-12 w-full rounded-xl" /> : null}
      {products.isError ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {errorMessage(products.error, 'Failed to load products')}
        </p>
      ) : null}
      {q && products.data ? (
        matches.length ? (
          <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line" aria-label="Matching products">
            {matches.map((p) => (
              <li key={p.id} className="flex items-center gap-3 px-4 py-2.5">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-ink">{p.name}</span>
                  <span className="block text-xs text-muted">
                    {formatUGX(unitPrice(p))} · {p.stock > 0 ? `${p.stock} in stock` : 'Out of stock'}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={p.stock <= 0}
                  aria-label={`Add ${p.name}`}
                  onClick={() => {
                    onChange([...lines, { product: p, quantity: 1 }]);
                    setText('');
                  }}
                >
                  <Plus className="size-4" aria-hidden="true" />
                  Add
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No product matches “{text.trim()}”.</p>
        )
      ) : null}

      {lines.length ? (
        <ul className="divide-y divide-line rounded-2xl border border-line" aria-label="Order lines">
          {lines.map((l) => (
            <li key={l.product.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="order-line">
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-ink">{l.product.name}</span>
                <span className="block text-xs text-muted">{formatUGX(unitPrice(l.product))} each</span>
              </span>
              <span className="inline-flex items-center rounded-full border border-line-strong bg-surface">
                <button
                  type="button"
                  className="inline-flex size-9 items-center justify-center rounded-full text-ink-soft hover:bg-cream-deep disabled:opacity-40"
                  aria-label={`Fewer ${l.product.name}`}
                  disabled={l.quantity <= 1}
                  onClick={() => setQuantity(l.product.id, l.quantity - 1)}
                >
                  <Minus className="size-4" aria-hidden="true" />
                </button>
                <output aria-live="polite" className="w-8 text-center font-semibold tabular-nums text-ink">
                  {l.quantity}
                </output>
                <button
                  type="button"
                  className="inline-flex size-9 items-center justify-center rounded-full text-ink-soft hover:bg-cream-deep disabled:opacity-40"
                  aria-label={`More ${l.product.name}`}
                  disabled={l.quantity >= CART_LINE_MAX_QTY}
                  onClick={() => setQuantity(l.product.id, l.quantity + 1)}
                >
                  <Plus className="size-4" aria-hidden="true" />
                </button>
              </span>
              <span className="w-28 text-right font-semibold tabular-nums text-ink">{formatUGX(unitPrice(l.product) * l.quantity)}</span>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${l.product.name}`}
                onClick={() => onChange(lines.filter((x) => x.product.id !== l.product.id))}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={error ? 'text-sm font-medium text-danger' : 'text-sm text-muted'} role={error ? 'alert' : undefined}>
          {error ?? 'No products yet. Find one above and add it.'}
        </p>
      )}
    </div>
  );
}
