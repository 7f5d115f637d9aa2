/**
 * The stock ledger as a card: who changed which stock, by how much, and why. The back office and the
 * outlet portal each pass their own list. With `phoneLayout` the kind and reason sit under the product
 * on a phone, so the change stays in view without scrolling sideways.
 */
import type { StockMovement, StockMovementKind } from '@meatshop/shared/inventory';
import { History } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { OpsTable, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime, formatDay } from '@/lib/format';

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
  expiry: 'Past sell-by',
  recall: 'Sale stopped',
};

export function StockMovementsCard({
  movements,
  isError,
  error,
  onRetry,
  showOutlet = true,
  emptyText = 'Adjustments you make appear here.',
  pageSize,
  phoneLayout = false,
}: {
  movements: StockMovement[] | undefined;
  isError: boolean;
  error: unknown;
  onRetry: () => void;
  showOutlet?: boolean;
  emptyText?: ReactNode;
  /** Rows shown before "Show more": a phone would otherwise scroll through the whole ledger. */
  pageSize?: number;
  phoneLayout?: boolean;
}) {
  const wide = phoneLayout ? 'max-sm:hidden' : undefined;
  const [shown, setShown] = useState(pageSize ?? Number.POSITIVE_INFINITY);
  const rows = movements?.slice(0, shown);
  return (
    <Card className="overflow-hidden" data-testid="stock-movements">
      <div className="space-y-1 p-5 sm:p-6">
        <CardTitle>Stock movements</CardTitle>
        <CardDescription>The stock ledger: orders, cancels, deliveries, counts, adjustments and transfers.</CardDescription>
      </div>
      {isError ? (
        <ErrorState title="Failed to load stock movements" message={errorMessage(error)} onRetry={onRetry} />
      ) : !movements ? (
        <TableSkeleton cols={5} rows={3} />
      ) : movements.length === 0 ? (
        <EmptyState icon={History} title="No stock movements yet" description={emptyText} className="py-10" />
      ) : (
        <OpsTable className={phoneLayout ? 'min-w-0 sm:min-w-[40rem]' : undefined}>
          <thead>
            <tr>
              <Th className={wide}>When</Th>
              <Th>Product</Th>
              <Th className="text-right">Change</Th>
              <Th className="text-right">After</Th>
              <Th className={wide}>Reason</Th>
              <Th className={wide}>By</Th>
            </tr>
          </thead>
          <tbody>
            {rows!.map((m) => (
              <tr key={m.id} data-testid="stock-movement">
                <Td className={cn('whitespace-nowrap text-ink-soft', wide)}>{formatDateTime(m.createdAt)}</Td>
                <Td>
                  <span className="font-medium">{m.productName}</span>
                  {showOutlet && m.outletName ? <span className="block text-xs text-muted">{m.outletName}</span> : null}
                  {m.batchId ? (
                    <span className="block text-xs text-muted" data-testid="movement-batch">
                      {m.lotNumber ? `Batch ${m.lotNumber}` : 'Unknown batch'}
                      {m.useBy ? ` · use by ${formatDay(m.useBy)}` : ''}
                    </span>
                  ) : null}
                  {phoneLayout ? (
                    <span className="block text-xs text-muted sm:hidden">
                      <span className="font-semibold uppercase tracking-wide">{KIND_LABEL[m.kind]}</span> · {formatDateTime(m.createdAt)}
                      {m.reason ? <span className="block text-ink-soft">{m.reason}</span> : null}
                    </span>
                  ) : null}
                </Td>
                <Td className={cn('text-right font-semibold tabular-nums', m.delta < 0 ? 'text-danger' : 'text-success')}>
                  {m.delta > 0 ? `+${m.delta}` : m.delta}
                </Td>
                <Td className="text-right tabular-nums">{m.stockAfter}</Td>
                <Td className={cn('max-w-xs text-ink-soft', wide)}>
                  <span className="block text-xs font-semibold uppercase tracking-wide text-muted">{KIND_LABEL[m.kind]}</span>
                  {m.reason}
                </Td>
                <Td className={cn('text-ink-soft', wide)}>{m.actorName ?? '—'}</Td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      {movements && pageSize && movements.length > shown ? (
        <div className="border-t border-line p-3 text-center">
          <Button variant="ghost" size="sm" onClick={() => setShown(shown + pageSize)}>
            Show more ({movements.length - shown} older)
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
