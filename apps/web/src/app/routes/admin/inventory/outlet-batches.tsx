/**
 * Outlets > Stock, batch by batch: the chosen outlet's batches on sale, the disposal list (of the
 * chosen outlet, or of every outlet), one product's batches at one outlet, and the delivery form
 * that records each lot. The same cards and forms as the outlet portal, on the back office's API.
 */
import type { StockBatch } from '@meatshop/shared/batches';
import { DeliveryBatchDialog } from '@/features/back-office/components/delivery-batch-dialog';
import { ProductBatchesDialog } from '@/features/back-office/components/product-batches-dialog';
import { BatchesCard, DisposalCard } from '@/features/back-office/components/stock-batches-card';
import { useRecordOutletDelivery, useStockBatches, useWriteOffStockBatch } from '@/features/back-office/api/operations';

function useWriteOff() {
  const writeOff = useWriteOffStockBatch();
  return (batch: StockBatch, reason: string) => writeOff.mutateAsync({ id: batch.id, reason });
}

export function OutletBatchCards({ outletId }: { outletId: string | undefined }) {
  const onSale = useStockBatches({ view: 'live', outletId }, !!outletId);
  const forDisposal = useStockBatches({ view: 'disposal', outletId });
  const writeOff = useWriteOff();
  return (
    <>
      {outletId ? <BatchesCard source={onSale} /> : null}
      <DisposalCard source={forDisposal} writeOff={writeOff} showOutlet={!outletId} />
    </>
  );
}

export interface BatchTarget {
  outletId: string;
  outletName: string;
  productId: string;
  productName: string;
}

export function AdminProductBatches({ target, onClose }: { target: BatchTarget | null; onClose: () => void }) {
  const f = { outletId: target?.outletId, productId: target?.productId };
  const open = !!target;
  const sources = [
    useStockBatches({ ...f, view: 'live' }, open),
    useStockBatches({ ...f, view: 'disposal' }, open),
    useStockBatches({ ...f, view: 'written_off' }, open),
  ] as const;
  const writeOff = useWriteOff();
  return <ProductBatchesDialog target={target} onClose={onClose} sources={[...sources]} writeOff={writeOff} />;
}

export function AdminDeliveryDialog({
  outlet,
  open,
  onClose,
  products,
}: {
  outlet: { id: string; name: string } | undefined;
  open: boolean;
  onClose: () => void;
  products: { id: string; name: string }[];
}) {
  const record = useRecordOutletDelivery();
  if (!outlet) return null;
  return (
    <DeliveryBatchDialog
      open={open}
      onClose={onClose}
      products={products}
      outletName={outlet.name}
      send={(input) => record.mutateAsync({ ...input, outletId: outlet.id })}
    />
  );
}
