/** Outlet product modal: product (fixed when editing), outlet price, current, minimum and maximum stock. */
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminOutletProduct, AdminOutletProductInput } from '@meatshop/shared/admin-outlets';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { applyServerFieldErrors } from '@/features/auth/components/apply-server-errors';
import { errorMessage } from '@/lib/api-client';
import { useProductOptions, useSaveOutletProduct } from '../api/outlets';

const num = (v: unknown) => (v === '' || v == null || Number.isNaN(Number(v)) ? undefined : Number(v));

interface Props {
  outletId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  row: AdminOutletProduct | null;
  taken: string[];
}

export function OutletProductDialog({ outletId, open, onOpenChange, row, taken }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{row ? 'Edit Outlet Product' : 'Add Product'}</DialogTitle>
          <DialogDescription>Price in whole shillings; stock levels in units.</DialogDescription>
        </DialogHeader>
        {open ? <OutletProductForm outletId={outletId} row={row} taken={taken} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function OutletProductForm({
  outletId,
  row,
  taken,
  onDone,
}: {
  outletId: string;
  row: AdminOutletProduct | null;
  taken: string[];
  onDone: () => void;
}) {
  const options = useProductOptions();
  const save = useSaveOutletProduct(outletId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminOutletProductInput>({
    resolver: zodResolver(AdminOutletProductInput) as never,
    defaultValues: row
      ? {
          productId: row.productId,
          outletPrice: row.outletPrice,
          stock: row.stock,
          minStock: row.minStock,
          maxStock: row.maxStock,
          isAvailable: row.isAvailable,
        }
      : { productId: '', isAvailable: true },
  });

  const onSubmit = handleSubmit((input) =>
    save.mutate(
      { id: row?.id, input },
      {
        onSuccess: () => {
          toast.success(row ? 'Product updated successfully' : 'Product added successfully');
          onDone();
        },
        onError: (err) => {
          applyServerFieldErrors(err, ['productId', 'outletPrice', 'stock', 'minStock', 'maxStock'], setError);
          toast.error(errorMessage(err, 'Failed to save product'));
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="op-product" label="Product" error={errors.productId?.message ?? (options.isError ? 'Failed to load products' : undefined)}>
        <Select id="op-product" disabled={!!row} invalid={!!errors.productId} {...register('productId')}>
          <option value="">Select a product</option>
          {(options.data ?? [])
            .filter((p) => p.id === row?.productId || !taken.includes(p.id))
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
        </Select>
      </Field>
      <Field id="op-price" label="Outlet Price (UGX)" error={errors.outletPrice?.message}>
        <Input
          id="op-price"
          type="number"
          min={0}
          step="1"
          invalid={!!errors.outletPrice}
          {...register('outletPrice', { setValueAs: num })}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="op-stock" label="Current Stock" error={errors.stock?.message}>
          <Input id="op-stock" type="number" min={0} step="1" invalid={!!errors.stock} {...register('stock', { setValueAs: num })} />
        </Field>
        <Field id="op-min" label="Minimum Stock Level" error={errors.minStock?.message}>
          <Input id="op-min" type="number" min={0} step="1" invalid={!!errors.minStock} {...register('minStock', { setValueAs: num })} />
        </Field>
        <Field id="op-max" label="Maximum Stock Level" error={errors.maxStock?.message}>
          <Input id="op-max" type="number" min={0} step="1" invalid={!!errors.maxStock} {...register('maxStock', { setValueAs: num })} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input type="checkbox" className="size-4 accent-brand-700" {...register('isAvailable')} />
        Available at this outlet
      </label>
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={save.isPending} pendingText="Saving...">
          {row ? 'Update Product' : 'Add Product'}
        </Button>
      </div>
    </form>
  );
}
