/** The rows of Products > Inventory and Outlets > Stock: select to adjust, and (per outlet) open a product's batches. */
import { formatStock } from '@meatshop/shared/weighing-rules';
import type { StockLevel } from '@meatshop/shared/inventory';
import { Layers } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { OpsTable, Td, Th } from '@/features/back-office/components/ops-table';
import { StockLevelBadge } from '@/features/back-office/components/stock-level-badge';

export interface Row {
  key: string;
  productId: string;
  name: string;
  category: string;
  stock: number;
  /** Sold by weight: the stock is grams. */
  soldByWeight: boolean;
  level: StockLevel;
  detail: string;
  outletId?: string;
  outletName?: string;
  muted?: boolean;
}

export function StockTable({
  rows,
  scope,
  selectable,
  selected,
  allChecked,
  toggle,
  toggleAll,
  openBatches,
}: {
  rows: Row[];
  scope: 'catalog' | 'outlets';
  selectable: boolean;
  selected: Set<string>;
  allChecked: boolean;
  toggle: (key: string) => void;
  toggleAll: () => void;
  openBatches: (row: Row) => void;
}) {
  return (
    <OpsTable className="min-w-[20rem] sm:min-w-[36rem]">
      <thead>
        <tr>
          {selectable ? (
            <Th className="w-10">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={allChecked}
                onChange={toggleAll}
                aria-label="Select all"
              />
            </Th>
          ) : null}
          <Th>Product</Th>
          {scope === 'outlets' ? <Th className="max-sm:hidden">Outlet</Th> : null}
          <Th className="max-sm:hidden">{scope === 'catalog' ? 'Price' : 'Levels'}</Th>
          <Th className="text-right">Stock</Th>
          <Th>Level</Th>
          {scope === 'outlets' ? (
            <Th className="w-12 max-sm:hidden">
              <span className="sr-only">Batches</span>
            </Th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className={selected.has(r.key) ? 'bg-brand-50/60' : undefined}>
            {selectable ? (
              <Td>
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={selected.has(r.key)}
                  onChange={() => toggle(r.key)}
                  aria-label={`Select ${r.name}`}
                />
              </Td>
            ) : null}
            <Td>
              <span className="font-medium">{r.name}</span>
              {r.muted ? (
                <Badge className="ml-2" tone="neutral">
                  {scope === 'catalog' ? 'Archived' : 'Unavailable'}
                </Badge>
              ) : null}
              <span className="block text-xs text-muted">{r.category}</span>
              {scope === 'outlets' ? (
                // On a phone the batches column scrolls out of view: the link sits under the name.
                <button
                  type="button"
                  className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-brand-700 sm:hidden"
                  aria-label={`Batches of ${r.name} at ${r.outletName}`}
                  onClick={() => openBatches(r)}
                >
                  <Layers className="size-3.5" aria-hidden="true" />
                  Batches
                </button>
              ) : null}
            </Td>
            {scope === 'outlets' ? <Td className="text-ink-soft max-sm:hidden">{r.outletName}</Td> : null}
            <Td className="text-ink-soft tabular-nums max-sm:hidden">{r.detail}</Td>
            <Td className="text-right text-base font-semibold tabular-nums">{formatStock(r.stock, r.soldByWeight)}</Td>
            <Td>
              <StockLevelBadge level={r.level} />
            </Td>
            {scope === 'outlets' ? (
              <Td className="text-right max-sm:hidden">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Batches of ${r.name} at ${r.outletName}`}
                  title="Batches"
                  onClick={() => openBatches(r)}
                >
                  <Layers className="size-4" aria-hidden="true" />
                </Button>
              </Td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </OpsTable>
  );
}
