/** Reports > Inventory: stock valuation by category and product, and the low-stock list. */
import { LOW_STOCK_THRESHOLD } from '@meatshop/shared/constants';
import { formatUGX } from '@meatshop/shared/money';
import { CircleCheck, Download } from 'lucide-react';
import { Link } from '@/lib/router';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { INVENTORY_CSV_URL, useInventoryReport } from '@/features/back-office/api/reports';
import { OpsTable, StatCard, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';

export function InventoryReportScreen() {
  const report = useInventoryReport();
  if (report.isError) {
    return (
      <Card>
        <ErrorState
          title="Failed to load inventory report"
          message={errorMessage(report.error)}
          onRetry={() => report.refetch()}
          retrying={report.isFetching}
        />
      </Card>
    );
  }
  const r = report.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">Valued at list price; archived products are left out.</p>
        <a href={INVENTORY_CSV_URL} download className={buttonClasses('outline', 'sm')}>
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
        {r ? (
          <>
            <StatCard label="Stock value" value={formatUGX(r.totalValue)} />
            <StatCard label="Units in stock" value={r.totalUnits.toLocaleString('en-US')} hint={`${r.products.length} products`} />
            <StatCard label="Low stock" value={r.lowStock.length} hint={`At or below ${LOW_STOCK_THRESHOLD} units`} />
          </>
        ) : (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-[6.5rem] rounded-[var(--radius-card)]" />)
        )}
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        <Card className="overflow-hidden">
          <div className="space-y-1 p-5 sm:p-6">
            <CardTitle>Low stock</CardTitle>
            <CardDescription>
              Restock these soon, or{' '}
              <Link to={paths.admin.inventory} className="font-semibold text-brand-700 hover:underline">
                adjust stock
              </Link>
              .
            </CardDescription>
          </div>
          {!r ? (
            <TableSkeleton cols={3} rows={5} />
          ) : r.lowStock.length === 0 ? (
            <EmptyState icon={CircleCheck} title="No low stock" description="Every product has more than 10 units." className="py-10" />
          ) : (
            <OpsTable className="min-w-0">
              <thead>
                <tr>
                  <Th>Product</Th>
                  <Th className="text-right">Stock</Th>
                  <Th className="text-right">Value</Th>
                </tr>
              </thead>
              <tbody>
                {r.lowStock.map((p) => (
                  <tr key={p.productId}>
                    <Td>
                      <span className="font-medium">{p.name}</span>
                      <span className="block text-xs text-muted">{p.category}</span>
                    </Td>
                    <Td className="text-right">
                      <Badge tone={p.stock === 0 ? 'danger' : 'warning'}>{p.stock === 0 ? 'Out of Stock' : `${p.stock} left`}</Badge>
                    </Td>
                    <Td className="text-right tabular-nums">{formatUGX(p.value)}</Td>
                  </tr>
                ))}
              </tbody>
            </OpsTable>
          )}
        </Card>

        <Card className="overflow-hidden">
          <div className="space-y-1 p-5 sm:p-6">
            <CardTitle>Value by category</CardTitle>
            <CardDescription>Stock times price, summed per category.</CardDescription>
          </div>
          {!r ? (
            <TableSkeleton cols={4} rows={5} />
          ) : (
            <OpsTable className="min-w-0">
              <thead>
                <tr>
                  <Th>Category</Th>
                  <Th className="text-right max-sm:hidden">Products</Th>
                  <Th className="text-right">Units</Th>
                  <Th className="text-right">Value</Th>
                </tr>
              </thead>
              <tbody>
                {r.byCategory.map((c) => (
                  <tr key={c.category}>
                    <Td className="font-medium">{c.category}</Td>
                    <Td className="text-right tabular-nums max-sm:hidden">{c.products}</Td>
                    <Td className="text-right tabular-nums">{c.units}</Td>
                    <Td className="text-right font-semibold tabular-nums">{formatUGX(c.value)}</Td>
                  </tr>
                ))}
              </tbody>
            </OpsTable>
          )}
        </Card>
      </div>

      <Card className="overflow-hidden">
        <div className="space-y-1 p-5 sm:p-6">
          <CardTitle>Valuation by product</CardTitle>
        </div>
        {!r ? (
          <TableSkeleton cols={5} />
        ) : (
          // On a phone: product (with its category under it), stock and value, without sideways scrolling.
          <OpsTable className="min-w-0 sm:min-w-[36rem]">
            <thead>
              <tr>
                <Th>Product</Th>
                <Th className="max-sm:hidden">Category</Th>
                <Th className="text-right">Stock</Th>
                <Th className="text-right max-sm:hidden">Price</Th>
                <Th className="text-right">Value</Th>
              </tr>
            </thead>
            <tbody>
              {r.products.map((p) => (
                <tr key={p.productId}>
                  <Td className="font-medium">
                    {p.name}
                    <span className="block text-xs font-normal text-muted sm:hidden">{p.category}</span>
                  </Td>
                  <Td className="text-ink-soft max-sm:hidden">{p.category}</Td>
                  <Td className="text-right tabular-nums">{p.stock}</Td>
                  <Td className="text-right tabular-nums max-sm:hidden">{formatUGX(p.price)}</Td>
                  <Td className="text-right font-semibold tabular-nums">{formatUGX(p.value)}</Td>
                </tr>
              ))}
            </tbody>
          </OpsTable>
        )}
      </Card>
    </div>
  );
}
