/** The latest stock movements: who changed which stock, by how much, and why. */
import type { StockMovementKind } from '@meatshop/shared/inventory';
import { History } from 'lucide-react';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { useStockMovements } from '@/features/back-office/api/operations';
import { OpsTable, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

const KIND_LABEL: Record<StockMovementKind, string> = {
  opening: 'Opening',
  order: 'Order',
  cancel: 'Cancel',
  return: 'Return',
  adjustment: 'Adjustment',
  count: 'Count',
  delivery: 'Delivery',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
  catalogue: 'Old catalogue stock',
};

export function StockMovementsCard({ scope, outletId }: { scope: 'catalog' | 'outlets'; outletId?: string | undefined }) {
  const movements = useStockMovements({ scope, outletId });
  // The history endpoint mixes catalogue and outlet movements; each screen shows its own kind.
  // Every unit sits at an outlet: the products view shows the whole ledger, the outlet view its outlets' rows.
  const list = movements.data?.movements.filter((m) => scope === 'catalog' || m.outletId !== null);
  return (
    <Card className="overflow-hidden">
      <div className="space-y-1 p-5 sm:p-6">
        <CardTitle>Stock movements</CardTitle>
        <CardDescription>The stock ledger: orders, cancels, deliveries, counts, adjustments and transfers.</CardDescription>
      </div>
      {movements.isError ? (
        <ErrorState title="Failed to load stock movements" message={errorMessage(movements.error)} onRetry={() => movements.refetch()} />
      ) : !list ? (
        <TableSkeleton cols={5} rows={3} />
      ) : list.length === 0 ? (
        <EmptyState icon={History} title="No stock movements yet" description="Adjustments you make appear here." className="py-10" />
      ) : (
        <OpsTable>
          <thead>
            <tr>
              <Th>When</Th>
              <Th>Product</Th>
              <Th className="text-right">Change</Th>
              <Th className="text-right">After</Th>
              <Th>Reason</Th>
              <Th>By</Th>
            </tr>
          </thead>
          <tbody>
            {list.map((m) => (
              <tr key={m.id}>
                <Td className="whitespace-nowrap text-ink-soft">{formatDateTime(m.createdAt)}</Td>
                <Td>
                  <span className="font-medium">{m.productName}</span>
                  {m.outletName ? <span className="block text-xs text-muted">{m.outletName}</span> : null}
                </Td>
                <Td className={cn('text-right font-semibold tabular-nums', m.delta < 0 ? 'text-danger' : 'text-success')}>
                  {m.delta > 0 ? `+${m.delta}` : m.delta}
                </Td>
                <Td className="text-right tabular-nums">{m.stockAfter}</Td>
                <Td className="max-w-xs text-ink-soft">
                  <span className="block text-xs font-semibold uppercase tracking-wide text-muted">{KIND_LABEL[m.kind]}</span>
                  {m.reason}
                </Td>
                <Td className="text-ink-soft">{m.actorName ?? '—'}</Td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
    </Card>
  );
}
