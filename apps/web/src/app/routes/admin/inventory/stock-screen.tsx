/**
 * Products > Inventory and Outlets > Stock: stock with low / between / full levels,
 * filters, bulk adjustment with a required reason, and the stock movements history. Outlets > Stock
 * also records deliveries lot by lot, shows each product's batches at an outlet and the disposal list.
 */
import { formatStock } from '@meatshop/shared/weighing-rules';
import type { OutletStockItem, StockLevel } from '@meatshop/shared/inventory';
import { formatUGX } from '@meatshop/shared/money';
import { ArrowLeftRight, Boxes, Search, SlidersHorizontal, Truck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { outletOptions, useInventory, useOutletStock, useStockMovements, useTransferStock } from '@/features/back-office/api/operations';
import { TableSkeleton } from '@/features/back-office/components/ops-table';
import { StockMovementsCard } from '@/features/back-office/components/stock-movements-card';
import { StockTransferDialog } from '@/features/back-office/components/stock-transfer-dialog';
import { errorMessage } from '@/lib/api-client';
import { AdminDeliveryDialog, AdminProductBatches, type BatchTarget, OutletBatchCards } from './outlet-batches';
import { StockAdjustDialog } from './stock-adjust-dialog';
import { type Row, StockTable } from './stock-table';

export function InventoryScreen() {
  return <StockScreen scope="catalog" />;
}

export function OutletStockScreen() {
  return <StockScreen scope="outlets" />;
}

function StockScreen({ scope }: { scope: 'catalog' | 'outlets' }) {
  const [q, setQ] = useState('');
  const [level, setLevel] = useState<StockLevel | ''>('');
  const [outletId, setOutletId] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adjusting, setAdjusting] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [delivering, setDelivering] = useState(false);
  const [batchesOf, setBatchesOf] = useState<BatchTarget | null>(null);
  const filters = { q: q.trim() || undefined, level: level || undefined, outletId: outletId || undefined };

  const catalog = useInventory(filters, scope === 'catalog');
  const outletStock = useOutletStock(filters, scope === 'outlets');
  const allOutlets = useOutletStock({}, scope === 'outlets');
  const query = scope === 'catalog' ? catalog : outletStock;
  const outlets = useMemo(() => outletOptions(allOutlets.data?.items), [allOutlets.data]);
  const transfer = useTransferStock();
  const outlet = outlets.find((o) => o.id === outletId);
  // Every product the outlet lists may be delivered, whatever the search and level filters show.
  const outletProducts = (allOutlets.data?.items ?? [])
    .filter((i) => i.outletId === outletId)
    .map((i) => ({ id: i.productId, name: i.name }));

  const rows: Row[] | undefined =
    scope === 'catalog'
      ? catalog.data?.items.map((i) => ({
          key: i.productId,
          productId: i.productId,
          name: i.name,
          category: i.category,
          stock: i.stock,
          soldByWeight: i.soldByWeight,
          level: i.level,
          detail: i.soldByWeight ? `${formatUGX(i.price)} / kg` : formatUGX(i.price),
          muted: i.isArchived,
        }))
      : thisOutletOnly(outletStock.data?.items, outletId, outletStock.isPlaceholderData)?.map((i) => ({
          key: `${i.outletId}:${i.productId}`,
          productId: i.productId,
          name: i.name,
          category: i.category,
          stock: i.stock,
          soldByWeight: i.soldByWeight,
          level: i.level,
          detail: `Min ${formatStock(i.minStock, i.soldByWeight)} · Max ${formatStock(i.maxStock, i.soldByWeight)}`,
          outletId: i.outletId,
          outletName: i.outletName,
          muted: !i.isAvailable,
        }));

  const openBatches = (r: Row) =>
    setBatchesOf({ outletId: r.outletId!, outletName: r.outletName!, productId: r.productId, productName: r.name });

  // Outlet stock is adjusted one outlet at a time: the selection is limited to the chosen outlet.
  const selectable = scope === 'catalog' || !!outletId;
  const chosen = (rows ?? []).filter((r) => selected.has(r.key));
  const allChecked = !!rows?.length && rows.every((r) => selected.has(r.key));
  const toggleAll = () => setSelected(allChecked ? new Set() : new Set(rows?.map((r) => r.key)));
  const toggle = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setSelected(next);
  };

  return (
    <div className="space-y-6">
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-line p-4 lg:flex-row lg:flex-wrap lg:items-center">
          <div className="relative flex-1 lg:min-w-64">
            <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
            <Input
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder="Search products"
              aria-label="Search products"
              className="h-11 pl-10"
            />
          </div>
          {scope === 'outlets' ? (
            <Select
              aria-label="Outlet"
              value={outletId}
              onChange={(e) => {
                setOutletId(e.target.value);
                setSelected(new Set());
              }}
              className="lg:w-56 [&_select]:h-11"
            >
              <option value="">All outlets</option>
              {outlets.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </Select>
          ) : null}
          <Select
            aria-label="Stock level"
            value={level}
            onChange={(e) => setLevel(e.target.value as StockLevel | '')}
            className="lg:w-44 [&_select]:h-11"
          >
            <option value="">All levels</option>
            <option value="low">Low stock</option>
            <option value="between">Between</option>
            <option value="full">Full</option>
          </Select>
          {scope === 'outlets' ? (
            <Button onClick={() => setDelivering(true)} disabled={!outlet || outletProducts.length === 0}>
              <Truck className="size-4" aria-hidden="true" />
              Record Delivery
            </Button>
          ) : null}
          <Button
            variant={scope === 'outlets' ? 'outline' : 'primary'}
            onClick={() => setAdjusting(true)}
            disabled={!selectable || chosen.length === 0}
          >
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            Adjust Stock{chosen.length ? ` (${chosen.length})` : ''}
          </Button>
          {scope === 'outlets' ? (
            <Button variant="outline" onClick={() => setTransferring(true)} disabled={!selectable || chosen.length === 0}>
              <ArrowLeftRight className="size-4" aria-hidden="true" />
              Transfer
            </Button>
          ) : null}
        </div>
        {!selectable ? (
          <p className="border-b border-line bg-cream px-4 py-2 text-sm text-muted">
            Choose an outlet to record a delivery, or to select products and adjust its stock.
          </p>
        ) : null}

        {query.isError ? (
          <ErrorState
            title="Failed to load products"
            message={errorMessage(query.error)}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : !rows ? (
          <TableSkeleton cols={5} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={Boxes}
            title="No products found"
            description={q || level ? 'Try adjusting your search or filters' : 'Products appear here once added.'}
          />
        ) : (
          <StockTable
            rows={rows}
            scope={scope}
            selectable={selectable}
            selected={selected}
            allChecked={allChecked}
            toggle={toggle}
            toggleAll={toggleAll}
            openBatches={openBatches}
          />
        )}
      </Card>

      {scope === 'outlets' ? <OutletBatchCards outletId={outletId || undefined} /> : null}

      <MovementsCard scope={scope} outletId={outletId || undefined} />

      <StockAdjustDialog
        open={adjusting}
        onClose={() => setAdjusting(false)}
        onDone={() => setSelected(new Set())}
        products={chosen.map((r) => ({ id: r.productId, name: r.name, stock: r.stock }))}
        outlet={scope === 'outlets' ? outlet : undefined}
      />
      {scope === 'outlets' ? (
        <>
          <AdminDeliveryDialog outlet={outlet} open={delivering} onClose={() => setDelivering(false)} products={outletProducts} />
          <AdminProductBatches target={batchesOf} onClose={() => setBatchesOf(null)} />
        </>
      ) : null}
      {scope === 'outlets' ? (
        <StockTransferDialog
          open={transferring}
          onClose={() => setTransferring(false)}
          onDone={() => setSelected(new Set())}
          products={chosen.map((r) => ({ id: r.productId, name: r.name, stock: r.stock }))}
          fromName={outlet?.name ?? 'this outlet'}
          outlets={outlets.filter((o) => o.id !== outletId)}
          send={(input) => transfer.mutateAsync({ ...input, fromOutletId: outletId })}
        />
      ) : null}
    </div>
  );
}

/**
 * While another outlet's list loads, the previous answer stays on screen (keepPreviousData): only
 * the chosen outlet's rows of it are shown, so a product ticked meanwhile is still the one ticked
 * when the new list arrives; with none of them, the skeleton.
 */
function thisOutletOnly(items: OutletStockItem[] | undefined, outletId: string, stale: boolean) {
  const mine = outletId ? items?.filter((i) => i.outletId === outletId) : items;
  return stale && mine?.length === 0 ? undefined : mine;
}

function MovementsCard({ scope, outletId }: { scope: 'catalog' | 'outlets'; outletId?: string | undefined }) {
  const movements = useStockMovements({ scope, outletId });
  // The history endpoint mixes catalogue and outlet movements; each screen shows its own kind.
  // Every unit sits at an outlet: the products view shows the whole ledger, the outlet view its outlets' rows.
  const list = movements.data?.movements.filter((m) => scope === 'catalog' || m.outletId !== null);
  return <StockMovementsCard movements={list} isError={movements.isError} error={movements.error} onRetry={() => movements.refetch()} />;
}
