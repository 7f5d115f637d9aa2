/** Outlets: list on the left, the selected outlet's details and products on the right. */
import type { AdminOutlet, AdminOutletProduct } from '@meatshop/shared/admin-outlets';
import { formatUGX } from '@meatshop/shared/money';
import { outletStockLevel } from '@meatshop/shared/status';
import { ArrowDownRight, ArrowUpRight, Clock, MapPin, Package, Pencil, Phone, Plus, Trash2, TriangleAlert, User } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { AddButton, useEditDialog } from '@/features/back-office/components/admin-ui';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteOutlet, useOutletProducts, useOutlets, useRemoveOutletProduct } from '@/features/back-office/api/outlets';
import { ConfirmDialog } from '@/features/back-office/components/confirm-dialog';
import { OutletFormDialog } from '@/features/back-office/components/outlet-form-dialog';
import { OutletProductDialog } from '@/features/back-office/components/outlet-product-dialog';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatPhone } from '@/lib/format';

export function OutletsScreen() {
  const outlets = useOutlets();
  const del = useDeleteOutlet();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const dialog = useEditDialog<AdminOutlet>();
  const [deleting, setDeleting] = useState<{ outlet: AdminOutlet; step: 1 | 2 } | null>(null);

  const list = outlets.data ?? [];
  // The first outlet is selected until the admin picks another.
  const selected = list.find((o) => o.id === selectedId) ?? list[0] ?? null;

  const confirmDelete = () => {
    if (!deleting) return;
    if (deleting.step === 1 && deleting.outlet.productCount > 0) return setDeleting({ ...deleting, step: 2 });
    del.mutate(deleting.outlet.id, {
      onSuccess: () => {
        toast.success('Outlet deleted successfully');
        setDeleting(null);
        setSelectedId(null);
      },
      onError: (err) => {
        toast.error(errorMessage(err, 'Failed to delete outlet'));
        setDeleting(null);
      },
    });
  };

  if (outlets.isError)
    return <ErrorState message="Failed to load outlets" onRetry={() => outlets.refetch()} retrying={outlets.isFetching} />;

  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <Card className="h-fit overflow-hidden">
        <div className="flex items-center justify-between border-b border-line p-4">
          <h2 className="font-semibold text-ink">Outlets</h2>
          <Button size="sm" onClick={dialog.openNew}>
            <Plus className="size-4" aria-hidden="true" />
            Add Outlet
          </Button>
        </div>
        {outlets.isPending ? (
          <div className="space-y-2 p-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <p className="p-4 text-sm text-muted">No outlets yet.</p>
        ) : (
          <ul className="divide-y divide-line">
            {list.map((o) => (
              <li key={o.id} className={cn('group relative', selected?.id === o.id && 'bg-brand-50')}>
                <button
                  type="button"
                  onClick={() => setSelectedId(o.id)}
                  className="w-full p-4 pr-20 text-left"
                  aria-current={selected?.id === o.id || undefined}
                >
                  <span className="block font-semibold text-ink">{o.name}</span>
                  <span className="block truncate text-xs text-muted">{o.address || o.city}</span>
                </button>
                <div className="absolute top-1/2 right-2 flex -translate-y-1/2 gap-0.5 opacity-100 transition-opacity lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100">
                  <Button variant="ghost" size="icon-sm" aria-label={`Edit ${o.name}`} onClick={() => dialog.openEdit(o)}>
                    <Pencil className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    className="text-danger"
                    aria-label={`Delete ${o.name}`}
                    onClick={() => setDeleting({ outlet: o, step: 1 })}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {selected ? <OutletPanel outlet={selected} /> : outlets.isPending ? <Skeleton className="h-96 w-full" /> : null}

      <OutletFormDialog open={dialog.open} onOpenChange={dialog.setOpen} outlet={dialog.editing} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete outlet"
        message={
          deleting?.step === 2
            ? `This outlet has ${deleting.outlet.productCount} products. Deleting it will also remove all associated products. Continue?`
            : 'Are you sure you want to delete this outlet? This action cannot be undone'
        }
        confirmLabel={deleting?.step === 2 ? 'Continue' : 'Delete'}
        pending={del.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function OutletPanel({ outlet }: { outlet: AdminOutlet }) {
  const products = useOutletProducts(outlet.id);
  const remove = useRemoveOutletProduct(outlet.id);
  const dialog = useEditDialog<AdminOutletProduct>();
  const [removing, setRemoving] = useState<AdminOutletProduct | null>(null);

  return (
    <section aria-label={outlet.name} className="space-y-5">
      <Card className="p-5">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="space-y-2">
            <h2 className="font-display text-2xl font-semibold text-ink">{outlet.name}</h2>
            <dl className="grid gap-x-6 gap-y-1.5 text-sm text-ink-soft sm:grid-cols-2">
              <Info icon={MapPin} label="Address" value={[outlet.address, outlet.city, outlet.country].filter(Boolean).join(', ')} />
              <Info icon={Phone} label="Contact phone" value={formatPhone(outlet.phone)} />
              <Info icon={Clock} label="Hours" value={outlet.openingHours} />
              <Info icon={User} label="Manager" value={outlet.managerName} />
            </dl>
          </div>
          <AddButton label="Add Product" onClick={dialog.openNew} />
        </div>
      </Card>

      {products.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 2xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48 w-full sm:h-64" />
          ))}
        </div>
      ) : products.isError ? (
        <ErrorState message="Failed to load outlet products" onRetry={() => products.refetch()} retrying={products.isFetching} />
      ) : products.data.length === 0 ? (
        <Card>
          <EmptyState icon={Package} title="No products found" description="Get started by adding products to this outlet." />
        </Card>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 2xl:grid-cols-3">
          {products.data.map((row) => (
            <li key={row.id}>
              <OutletProductCard row={row} onEdit={() => dialog.openEdit(row)} onRemove={() => setRemoving(row)} />
            </li>
          ))}
        </ul>
      )}

      <OutletProductDialog
        outletId={outlet.id}
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        row={dialog.editing}
        taken={(products.data ?? []).map((p) => p.productId)}
      />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Remove product"
        message="Are you sure you want to remove this product from the outlet?"
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success('Product removed successfully');
              setRemoving(null);
            },
            onError: (err) => toast.error(errorMessage(err, 'Failed to remove product')),
          })
        }
      />
    </section>
  );
}

function Info({ icon: Icon, label, value }: { icon: typeof MapPin; label: string; value: string }) {
  return (
    <div className="flex items-center gap-2">
      <Icon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <dt className="sr-only">{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}

const DOT = { low: 'bg-danger', full: 'bg-success', between: 'bg-warning' } as const;

function OutletProductCard({ row, onEdit, onRemove }: { row: AdminOutletProduct; onEdit: () => void; onRemove: () => void }) {
  const level = outletStockLevel(row.stock, row.minStock, row.maxStock);
  const growth = row.performance.growthRate;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {/* From `sm` up the image heads the card; a phone shows a thumbnail beside the name instead, so the list stays short. */}
      <div className="aspect-[16/9] bg-cream-deep max-sm:hidden">
        <ProductImage src={row.product.imageUrls[0]} className="size-full" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start gap-3">
          <ProductImage src={row.product.imageUrls[0]} className="size-14 shrink-0 rounded-lg bg-cream-deep sm:hidden" />
          <div className="min-w-0 flex-1 space-y-1 sm:space-y-2">
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold text-ink">{row.product.name}</h3>
              <Badge tone={row.isAvailable ? 'success' : 'neutral'}>{row.isAvailable ? 'Available' : 'Unavailable'}</Badge>
            </div>
            <p className="font-semibold text-brand-700">{formatUGX(row.outletPrice)}</p>
          </div>
        </div>
        <p className="flex items-center gap-2 text-sm text-ink-soft">
          <span className={cn('inline-block size-2.5 rounded-full', DOT[level])} aria-hidden="true" />
          Stock: {row.stock} units{' '}
          <span className="text-xs text-muted">
            (min {row.minStock}, max {row.maxStock})
          </span>
        </p>
        <div className="grid grid-cols-3 gap-2 rounded-xl bg-cream p-3 text-center text-xs">
          <div>
            <p className="text-muted">Sales</p>
            <p className="font-semibold text-ink">{row.performance.salesCount}</p>
          </div>
          <div>
            <p className="text-muted">Revenue</p>
            <p className="font-semibold text-ink">{formatUGX(row.performance.revenue)}</p>
          </div>
          <div>
            <p className="text-muted">Growth</p>
            <p
              className={cn(
                'inline-flex items-center gap-0.5 font-semibold',
                growth == null ? 'text-muted' : growth >= 0 ? 'text-success' : 'text-danger',
              )}
            >
              {growth == null ? (
                '—'
              ) : growth >= 0 ? (
                <ArrowUpRight className="size-3.5" aria-hidden="true" />
              ) : (
                <ArrowDownRight className="size-3.5" aria-hidden="true" />
              )}
              {growth == null ? null : `${Math.abs(growth)}%`}
            </p>
          </div>
        </div>
        {row.stock <= row.minStock ? (
          <p className="flex items-center gap-2 rounded-lg bg-danger-soft p-2 text-xs font-medium text-danger">
            <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
            Stock level is below minimum threshold ({row.minStock} units)
          </p>
        ) : null}
        <div className="mt-auto flex justify-end gap-1 pt-1">
          <Button variant="ghost" size="sm" onClick={onEdit}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
          <Button variant="ghost" size="sm" className="text-danger" onClick={onRemove}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove
          </Button>
        </div>
      </div>
    </Card>
  );
}

function ProductImage({ src, className }: { src: string | undefined; className: string }) {
  return (
    <img src={src ?? '/logo.svg'} alt="" className={cn(className, src ? 'object-cover' : 'object-contain p-2 sm:p-8')} loading="lazy" />
  );
}
