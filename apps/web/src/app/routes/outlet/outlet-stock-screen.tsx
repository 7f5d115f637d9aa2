/**
 * /outlet/stock: what this outlet holds, product by product, lowest first. Orders packed here take
 * from these figures, so the list refreshes with every new order (and every half minute).
 */
import { Boxes } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { OpsTable, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { StockLevelBadge } from '@/features/back-office/components/stock-level-badge';
import { useOutletOwnStock } from '@/features/outlet/api/get-outlet-stock';
import { errorMessage } from '@/lib/api-client';

export function OutletStockScreen() {
  const stock = useOutletOwnStock();
  const items = stock.data?.items;
  return (
    <div className="space-y-4">
      <p className="max-w-2xl text-sm text-muted">
        The units on this outlet&apos;s shelves. Orders packed here take from them; deliveries, counts and transfers are recorded by the
        manager or the back office.
      </p>
      <Card className="overflow-hidden">
        {stock.isError ? (
          <ErrorState title="Failed to load stock" message={errorMessage(stock.error)} onRetry={() => stock.refetch()} />
        ) : !items ? (
          <TableSkeleton cols={3} rows={6} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={Boxes}
            title="No products at this outlet"
            description="Products the back office lists here appear with their stock."
          />
        ) : (
          <OpsTable className="min-w-0 sm:min-w-[36rem]">
            <thead>
              <tr>
                <Th>Product</Th>
                <Th className="hidden text-right sm:table-cell">Stock</Th>
                <Th className="hidden sm:table-cell">Level</Th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.productId}>
                  <Td>
                    {/* On a phone the figure sits beside the name: the other columns would scroll away. */}
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <span className="font-medium">{i.name}</span>
                        <span className="block text-xs text-muted">
                          {i.category}
                          {i.isAvailable ? '' : ' · Not offered'}
                        </span>
                      </div>
                      <div className="flex shrink-0 flex-col items-end gap-1 sm:hidden">
                        <span className="text-base font-semibold tabular-nums">{i.stock}</span>
                        <StockLevelBadge level={i.level} />
                      </div>
                    </div>
                  </Td>
                  <Td className="hidden text-right text-base font-semibold tabular-nums sm:table-cell">{i.stock}</Td>
                  <Td className="hidden sm:table-cell">
                    <StockLevelBadge level={i.level} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </OpsTable>
        )}
      </Card>
    </div>
  );
}
