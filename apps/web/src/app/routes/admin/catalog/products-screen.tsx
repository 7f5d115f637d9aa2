/** Admin products: search, category filter, cards with inline stock edit, modal, delete. */
import type { AdminProduct } from '@meatshop/shared/admin-catalog';
import { formatUGX } from '@meatshop/shared/money';
import { stockLabel } from '@meatshop/shared/status';
import { Package, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminCategories, useAdminProducts, useDeleteProduct, useUpdateStock } from '@/features/back-office/api/catalog';
import { AddButton, matches, SearchBox, Toolbar, useEditDialog } from '@/features/back-office/components/admin-ui';
import { ConfirmDialog } from '@/features/back-office/components/confirm-dialog';
import { ProductFormDialog } from '@/features/back-office/components/product-form-dialog';
import { errorMessage } from '@/lib/api-client';

export function ProductsScreen() {
  const products = useAdminProducts();
  const categories = useAdminCategories();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const dialog = useEditDialog<AdminProduct>();
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const del = useDeleteProduct();

  const list = (products.data ?? []).filter(
    (p) => (!category || p.category?.id === category) && matches(query, p.name, p.description, p.category?.name),
  );

  return (
    <div>
      <Toolbar actions={<AddButton label="Add Product" onClick={dialog.openNew} />}>
        <SearchBox value={query} onChange={setQuery} label="Search products" placeholder="Search products" />
        <Select aria-label="Filter by category" value={category} onChange={(e) => setCategory(e.target.value)} className="sm:w-56">
          <option value="">All Categories</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Toolbar>

      {products.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Card key={i} className="space-y-3 p-4">
              <Skeleton className="aspect-[4/3] w-full max-sm:hidden" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
            </Card>
          ))}
        </div>
      ) : products.isError ? (
        <ErrorState message="Failed to load products" onRetry={() => products.refetch()} retrying={products.isFetching} />
      ) : list.length === 0 ? (
        <EmptyState icon={Package} title="No products found" description="Try adjusting your search or filters" />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
          {list.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} onEdit={() => dialog.openEdit(p)} onDelete={() => setDeleting(p)} />
            </li>
          ))}
        </ul>
      )}

      <ProductFormDialog open={dialog.open} onOpenChange={dialog.setOpen} product={dialog.editing} categories={categories.data ?? []} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete product"
        message="Are you sure you want to delete this product?"
        pending={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Product deleted successfully');
              setDeleting(null);
            },
            onError: (err) => toast.error(errorMessage(err, 'Failed to delete product')),
          })
        }
      />
    </div>
  );
}

function ProductCard({ product: p, onEdit, onDelete }: { product: AdminProduct; onEdit: () => void; onDelete: () => void }) {
  const [stock, setStock] = useState(String(p.stock));
  const update = useUpdateStock();
  const label = stockLabel(p.stock);
  const value = Number(stock);
  const invalid = stock === '' || !Number.isInteger(value) || value < 0;

  const saveStock = () => {
    if (invalid) return void toast.error('Stock cannot be negative');
    if (value === p.stock) return;
    update.mutate(
      { id: p.id, stock: value },
      {
        onSuccess: () => toast.success('Stock updated successfully'),
        onError: (err) => {
          setStock(String(p.stock));
          toast.error(errorMessage(err, 'Failed to update stock'));
        },
      },
    );
  };

  return (
    // Phones get a row (thumbnail beside the details) so forty products do not make a 15,000 px page;
    // from `sm` up, the image heads the card.
    <Card className="flex h-full overflow-hidden sm:flex-col">
      <div className="relative m-3 size-20 shrink-0 overflow-hidden rounded-xl bg-cream-deep sm:m-0 sm:aspect-[4/3] sm:size-auto sm:overflow-visible sm:rounded-none">
        {p.imageUrls[0] ? <img src={p.imageUrls[0]} alt="" className="size-full object-cover" loading="lazy" /> : null}
        <StockBadge label={label} className="absolute top-3 left-3 max-sm:hidden" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 py-3 pr-3 sm:gap-2 sm:p-4">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{p.category?.name ?? 'Uncategorised'}</p>
          <StockBadge label={label} className="sm:hidden" />
        </div>
        <h2 className="font-semibold text-ink">{p.name}</h2>
        <p className="text-sm">
          {p.discountPrice != null ? (
            <>
              <span className="font-semibold text-brand-700">{formatUGX(p.discountPrice)}</span>{' '}
              <span className="text-muted line-through">{formatUGX(p.price)}</span>
            </>
          ) : (
            <span className="font-semibold text-ink">{formatUGX(p.price)}</span>
          )}
        </p>
        <form
          className="mt-auto flex items-end gap-1 pt-1 sm:gap-2 sm:pt-2"
          onSubmit={(e) => {
            e.preventDefault();
            saveStock();
          }}
        >
          <div className="flex-1">
            <label htmlFor={`stock-${p.id}`} className="text-xs font-semibold text-ink-soft">
              Stock
            </label>
            <Input
              id={`stock-${p.id}`}
              type="number"
              min={0}
              step={1}
              value={stock}
              onChange={(e) => setStock(e.target.value)}
              onBlur={saveStock}
              invalid={invalid}
              className="mt-1 h-9"
            />
          </div>
          <Button type="button" variant="ghost" size="icon-sm" onClick={onEdit} aria-label={`Edit ${p.name}`}>
            <Pencil className="size-4" aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon-sm" onClick={onDelete} aria-label={`Delete ${p.name}`} className="text-danger">
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </form>
        {update.isPending ? <p className="text-xs text-muted">Saving stock...</p> : null}
      </div>
    </Card>
  );
}

function StockBadge({ label, className }: { label: ReturnType<typeof stockLabel>; className?: string }) {
  return (
    <Badge tone={label === 'In Stock' ? 'success' : label === 'Low Stock' ? 'warning' : 'danger'} className={className}>
      {label}
    </Badge>
  );
}
