/** Add/edit product modal: name, description, price, discount price, stock, category, options, images. */
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCategory, type AdminProduct, AdminProductInput } from '@meatshop/shared/admin-catalog';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/features/auth/components/apply-server-errors';
import { errorMessage } from '@/lib/api-client';
import { useSaveProduct } from '../api/catalog';
import { ImagePicker } from './image-picker';
import { ProductOptionsEditor } from './product-options-editor';
import { WeighingEditor } from './weighing-editor';

const numberOrUndefined = (v: unknown) => (v === '' || v === null || v === undefined || Number.isNaN(Number(v)) ? undefined : Number(v));
const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined || Number.isNaN(Number(v)) ? null : Number(v));

/** The first message anywhere in a nested field's errors (an option's value, its name, the list). */
function firstError(e: unknown, depth = 0): string | undefined {
  if (!e || typeof e !== 'object' || depth > 4) return undefined;
  if ('message' in e && typeof e.message === 'string' && e.message) return e.message;
  // `ref` holds the input element: never walked.
  for (const [k, v] of Object.entries(e)) {
    const m = k === 'ref' ? undefined : firstError(v, depth + 1);
    if (m) return m;
  }
  return undefined;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product: AdminProduct | null;
  categories: AdminCategory[];
}

export function ProductFormDialog({ open, onOpenChange, product, categories }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{product ? 'Edit Product' : 'Add Product'}</DialogTitle>
          <DialogDescription>Prices are in whole Uganda shillings.</DialogDescription>
        </DialogHeader>
        {open ? <ProductForm product={product} categories={categories} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ProductForm({ product, categories, onDone }: { product: AdminProduct | null; categories: AdminCategory[]; onDone: () => void }) {
  const save = useSaveProduct();
  const {
    register,
    handleSubmit,
    control,
    setError,
    watch,
    formState: { errors },
  } = useForm<AdminProductInput>({
    resolver: zodResolver(AdminProductInput) as never,
    defaultValues: product
      ? {
          name: product.name,
          description: product.description,
          price: product.price,
          discountPrice: product.discountPrice,
          stock: product.stock,
          categoryId: product.category?.id ?? '',
          imageUrls: product.imageUrls,
          options: product.options,
          weighing: product.weighing,
        }
      : {
          name: '',
          description: '',
          price: undefined as unknown as number,
          discountPrice: null,
          stock: 0,
          categoryId: '',
          imageUrls: [],
          options: [],
          weighing: null,
        },
  });
  const byWeight = !!watch('weighing');

  const onSubmit = handleSubmit((input) =>
    save.mutate(
      { id: product?.id, input },
      {
        onSuccess: () => {
          toast.success(product ? 'Product updated successfully' : 'Product created successfully');
          onDone();
        },
        onError: (err) => {
          applyServerFieldErrors(
            err,
            ['name', 'description', 'price', 'discountPrice', 'stock', 'categoryId', 'imageUrls', 'options', 'weighing'],
            setError,
          );
          toast.error(errorMessage(err, product ? 'Failed to update product' : 'Failed to create product'));
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="product-name" label="Name" error={errors.name?.message}>
        <Input id="product-name" invalid={!!errors.name} {...register('name')} />
      </Field>
      <Field id="product-description" label="Description" error={errors.description?.message}>
        <Textarea id="product-description" rows={3} invalid={!!errors.description} {...register('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="product-price" label={byWeight ? 'Price per kg (UGX)' : 'Price (UGX)'} error={errors.price?.message}>
          <Input
            id="product-price"
            type="number"
            min={0}
            step="1"
            inputMode="numeric"
            invalid={!!errors.price}
            {...register('price', { setValueAs: numberOrUndefined })}
          />
        </Field>
        <Field id="product-discount" label="Discount price" error={errors.discountPrice?.message} hint="Optional, below the price">
          <Input
            id="product-discount"
            type="number"
            min={0}
            step="1"
            inputMode="numeric"
            invalid={!!errors.discountPrice}
            {...register('discountPrice', { setValueAs: numberOrNull })}
          />
        </Field>
        <Field id="product-stock" label={byWeight ? 'Stock (grams)' : 'Stock'} error={errors.stock?.message}>
          <Input
            id="product-stock"
            type="number"
            min={0}
            step="1"
            inputMode="numeric"
            invalid={!!errors.stock}
            {...register('stock', { setValueAs: numberOrUndefined })}
          />
        </Field>
      </div>
      <Field id="product-category" label="Category" error={errors.categoryId?.message}>
        <Select id="product-category" invalid={!!errors.categoryId} {...register('categoryId')}>
          <option value="">Select a category</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <Controller
        control={control}
        name="weighing"
        render={({ field }) => <WeighingEditor value={field.value} onChange={field.onChange} error={firstError(errors.weighing)} />}
      />
      <Controller
        control={control}
        name="options"
        render={({ field }) => (
          <ProductOptionsEditor value={field.value ?? []} onChange={field.onChange} error={firstError(errors.options)} />
        )}
      />
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-semibold text-ink">Images</legend>
        <Controller
          control={control}
          name="imageUrls"
          render={({ field }) => <ImagePicker kind="product" value={field.value ?? []} onChange={field.onChange} />}
        />
      </fieldset>
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={save.isPending} pendingText="Saving...">
          {product ? 'Update Product' : 'Create Product'}
        </Button>
      </div>
    </form>
  );
}
