/**
 * /outlet/stock: what this outlet holds, product by product, lowest first, and its ledger. Orders
 * packed here take from these figures, so the list refreshes with every new order (and every half
 * minute). The manager records deliveries, counts and transfers here; other staff only read (the
 * server refuses them too).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatStock } from '@meatshop/shared/weighing-rules';
import { ArrowLeftRight, Boxes, ClipboardCheck, Truck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { OpsTable, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { StockLevelBadge } from '@/features/back-office/components/stock-level-badge';
import { StockMovementsCard } from '@/features/back-office/components/stock-movements-card';
import { StockTransferDialog } from '@/features/back-office/components/stock-transfer-dialog';
import { DeliveryBatchDialog } from '@/features/back-office/components/delivery-batch-dialog';
import { BatchesCard, DisposalCard } from '@/features/back-office/components/stock-batches-card';
import { useOutletBatches, useOutletOwnStock, useOutletStockMovements, useTransferTargets } from '@/features/outlet/api/get-outlet-stock';
import { useRecordCount, useRecordDelivery, useSendStock, useWriteOffBatch } from '@/features/outlet/api/record-outlet-stock';
import { StockRecordDialog } from '@/features/outlet/components/stock-record-dialog';
import { errorMessage } from '@/lib/api-client';
import type { OutletCountInput, OutletDeliveryInput } from '@meatshop/shared/inventory';

type Form = 'delivery' | 'count' | 'transfer' | null;

/** The three stock buttons share a phone row: icon over label, so the longest label still fits. */
const STACKED_ON_PHONE =
  'max-lg:h-auto max-lg:flex-col max-lg:gap-1 max-lg:whitespace-normal max-lg:px-2 max-lg:py-2.5 max-lg:text-center max-lg:leading-tight';

export function OutletStockScreen() {
  const { t } = useLingui();
  const stock = useOutletOwnStock();
  const movements = useOutletStockMovements();
  const items = stock.data?.items;
  const canChange = stock.data?.canChange ?? false;
  const [form, setForm] = useState<Form>(null);
  const targets = useTransferTargets(form === 'transfer');
  const delivery = useRecordDelivery();
  const count = useRecordCount();
  const sendStock = useSendStock();
  const onSale = useOutletBatches('live');
  const forDisposal = useOutletBatches('disposal');
  const writeOff = useWriteOffBatch();
  const products = (items ?? []).map((i) => ({ id: i.productId, name: i.name, stock: i.stock }));
  const outletName = items?.[0]?.outletName ?? t`this outlet`;
  const close = () => setForm(null);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <p className="max-w-2xl text-sm text-muted">
          {canChange
            ? t`The units on your shelves. Orders packed here take from them; record what the factory delivers, what a count finds and what you send to another outlet.`
            : t`The units on this outlet's shelves. Orders packed here take from them; deliveries, counts and transfers are recorded by the manager or the back office.`}
        </p>
        {canChange && products.length > 0 ? (
          <div className="grid grid-cols-3 gap-2 lg:flex lg:shrink-0">
            <Button size="sm" onClick={() => setForm('delivery')} className={STACKED_ON_PHONE}>
              <Truck className="size-4" aria-hidden="true" />
              <Trans>Record delivery</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={() => setForm('count')} className={STACKED_ON_PHONE}>
              <ClipboardCheck className="size-4" aria-hidden="true" />
              <Trans>Stock count</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={() => setForm('transfer')} className={STACKED_ON_PHONE}>
              <ArrowLeftRight className="size-4" aria-hidden="true" />
              <Trans>Transfer</Trans>
            </Button>
          </div>
        ) : null}
      </div>
      <Card className="overflow-hidden">
        {stock.isError ? (
          <ErrorState title={t`Failed to load stock`} message={errorMessage(stock.error)} onRetry={() => stock.refetch()} />
        ) : !items ? (
          <TableSkeleton cols={3} rows={6} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={Boxes}
            title={t`No products at this outlet`}
            description={t`Products the back office lists here appear with their stock.`}
          />
        ) : (
          <OpsTable className="min-w-0 sm:min-w-[36rem]">
            <thead>
              <tr>
                <Th>
                  <Trans>Product</Trans>
                </Th>
                <Th className="hidden text-right sm:table-cell">
                  <Trans>Stock</Trans>
                </Th>
                <Th className="hidden sm:table-cell">
                  <Trans>Level</Trans>
                </Th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.productId} data-testid="stock-row">
                  <Td>
                    {/* On a phone the figure sits beside the name: the other columns would scroll away. */}
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <span className="font-medium">{i.name}</span>
                        <span className="block text-xs text-muted">
                          {i.category}
                          {i.isAvailable ? '' : ` · ${t`Not offered`}`}
                        </span>
                      </div>
                      <div className="flex shrink-0 flex-col items-end gap-1 sm:hidden">
                        <span className="text-base font-semibold tabular-nums">{formatStock(i.stock, i.soldByWeight)}</span>
                        <StockLevelBadge level={i.level} />
                      </div>
                    </div>
                  </Td>
                  <Td className="hidden text-right text-base font-semibold tabular-nums sm:table-cell" data-testid="stock-figure">
                    {formatStock(i.stock, i.soldByWeight)}
                  </Td>
                  <Td className="hidden sm:table-cell">
                    <StockLevelBadge level={i.level} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </OpsTable>
        )}
      </Card>

      <BatchesCard source={onSale} />
      <DisposalCard
        source={forDisposal}
        writeOff={canChange ? (batch, reason) => writeOff.mutateAsync({ id: batch.id, reason }) : undefined}
      />

      <StockMovementsCard
        movements={movements.data?.movements}
        isError={movements.isError}
        error={movements.error}
        onRetry={() => movements.refetch()}
        showOutlet={false}
        pageSize={15}
        phoneLayout
        emptyText={t`Orders, deliveries, counts and transfers at this outlet appear here.`}
      />

      {canChange ? (
        <>
          <DeliveryBatchDialog
            open={form === 'delivery'}
            onClose={close}
            products={products}
            send={(input) => delivery.mutateAsync(input as OutletDeliveryInput)}
          />
          <StockRecordDialog
            kind="count"
            open={form === 'count'}
            onClose={close}
            products={products}
            send={(input) => count.mutateAsync(input as OutletCountInput)}
          />
          <StockTransferDialog
            open={form === 'transfer'}
            onClose={close}
            products={products.filter((p) => p.stock > 0)}
            fromName={outletName}
            outlets={targets.data?.outlets ?? []}
            send={(input) => sendStock.mutateAsync(input)}
          />
        </>
      ) : null}
    </div>
  );
}
