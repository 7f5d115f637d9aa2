/**
 * One product's batches at one outlet, as the back office checks them: each lot with its dates,
 * what it holds and its state, on sale first (first to sell at the top), then those held for
 * disposal (each with its write-off), then those already written off.
 */
import { BATCH_STATUS_LABELS, type StockBatch, type StockBatchList } from '@meatshop/shared/batches';
import { Layers } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { OpsTable, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { type BatchesSource, WriteOffDialog, type WriteOffBatch, batchAmount, batchLot, sellByText } from './stock-batches-card';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format';

const TONE = { live: 'success', expired: 'warning', stopped: 'danger', written_off: 'neutral' } as const;

export function ProductBatchesDialog({
  target,
  onClose,
  sources,
  writeOff,
}: {
  /** The outlet and product shown; null: closed. */
  target: { productName: string; outletName: string } | null;
  onClose: () => void;
  /** On sale, held for disposal, written off: one query each. */
  sources: [BatchesSource, BatchesSource, BatchesSource];
  writeOff: WriteOffBatch;
}) {
  const [writing, setWriting] = useState<StockBatch | null>(null);
  const failed = sources.find((s) => s.isError);
  const loaded = sources.every((s) => s.data) ? sources.map((s) => (s.data as StockBatchList).batches) : undefined;
  const batches = loaded?.flat();
  const days = sources[0].data?.sellByDays;
  return (
    <>
      <Dialog open={!!target && !writing} onOpenChange={(o) => !o && onClose()}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>Batches of {target?.productName}</DialogTitle>
            <DialogDescription>
              At {target?.outletName}. Orders take the batch with the earliest use-by first
              {days === undefined ? '' : `; a batch leaves sale ${sellByText(days)}`}.
            </DialogDescription>
          </DialogHeader>
          <div className="-mx-6 overflow-hidden border-y border-line sm:-mx-8" data-testid="product-batches">
            {failed ? (
              <ErrorState title="Failed to load batches" message={errorMessage(failed.error)} onRetry={() => failed.refetch()} />
            ) : !batches ? (
              <TableSkeleton cols={4} rows={3} />
            ) : batches.length === 0 ? (
              <EmptyState
                icon={Layers}
                title="No batches here yet"
                description="Deliveries recorded with their batch label appear here."
                className="py-10"
              />
            ) : (
              <OpsTable className="min-w-0 sm:min-w-[40rem]">
                <thead>
                  <tr>
                    <Th>Batch</Th>
                    <Th className="max-sm:hidden">Use by</Th>
                    <Th className="max-sm:hidden">Sell until</Th>
                    <Th className="text-right">Quantity</Th>
                    <Th className="max-sm:hidden">Status</Th>
                    <Th className="text-right">
                      <span className="sr-only">Action</span>
                    </Th>
                  </tr>
                </thead>
                <tbody>
                  {batches.map((b) => (
                    <tr key={b.id} data-testid="product-batch-row">
                      <Td>
                        <span className="font-medium">{batchLot(b)}</span>
                        <span className="block text-xs text-muted">
                          {b.productionDate ? `Made ${formatDay(b.productionDate)}` : 'No production date'}
                          {` · received ${batchAmount(b, b.received)}`}
                        </span>
                        <span className="block text-xs text-muted sm:hidden">
                          {b.useBy ? `Use by ${formatDay(b.useBy)} · sell until ${formatDay(b.sellBy!)}` : 'No use-by date recorded'}
                        </span>
                        <span className="mt-1 block sm:hidden">
                          <Badge tone={TONE[b.status]}>{BATCH_STATUS_LABELS[b.status]}</Badge>
                        </span>
                      </Td>
                      <Td className="whitespace-nowrap max-sm:hidden">{b.useBy ? formatDay(b.useBy) : '—'}</Td>
                      <Td className="whitespace-nowrap max-sm:hidden">{b.sellBy ? formatDay(b.sellBy) : '—'}</Td>
                      <Td className="text-right font-semibold tabular-nums">
                        {b.status === 'written_off' ? batchAmount(b, b.writtenOff ?? 0) : batchAmount(b, b.quantity)}
                      </Td>
                      <Td className="max-sm:hidden">
                        <Badge tone={TONE[b.status]}>{BATCH_STATUS_LABELS[b.status]}</Badge>
                        {b.writeOffReason ? <span className="mt-1 block text-xs text-muted">{b.writeOffReason}</span> : null}
                      </Td>
                      <Td className="text-right">
                        {b.status === 'expired' || b.status === 'stopped' ? (
                          <Button size="sm" variant="outline" onClick={() => setWriting(b)}>
                            Write off
                          </Button>
                        ) : null}
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </OpsTable>
            )}
          </div>
        </DialogContent>
      </Dialog>
      <WriteOffDialog batch={writing} onClose={() => setWriting(null)} writeOff={writeOff} />
    </>
  );
}
