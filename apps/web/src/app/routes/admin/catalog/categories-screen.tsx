/** Admin categories: sortable table with search, checkboxes, bulk delete, add/edit dialog with image. */
import { MARKDOWN_DAYS_MAX, MARKDOWN_DAYS_MIN, MARKDOWN_PERCENT_MAX, MARKDOWN_PERCENT_MIN } from '@meatshop/shared/markdowns';
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCategory, AdminCategoryInput, categorySlug } from '@meatshop/shared/admin-catalog';
import { FolderTree, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useAdminCategories, useDeleteCategories, useSaveCategory } from '@/features/back-office/api/catalog';
import { AddButton, useEditDialog } from '@/features/back-office/components/admin-ui';
import { type DataColumn, DataTable } from '@/features/back-office/components/data-table';
import { FormDialog } from '@/features/back-office/components/form-dialog';
import { ConfirmDialog } from '@/features/back-office/components/confirm-dialog';
import { ImagePicker } from '@/features/back-office/components/image-picker';
import { applyServerFieldErrors } from '@/features/auth/components/apply-server-errors';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

const columns: DataColumn<AdminCategory>[] = [
  {
    id: 'category',
    header: 'Category',
    sortBy: (c) => c.name,
    hideable: false,
    onCard: false,
    cell: (c) => (
      <div className="flex items-center gap-3">
        <img src={c.imageUrl ?? '/logo.svg'} alt="" className="size-10 rounded-lg bg-cream-deep object-cover" />
        <div>
          <p className="font-semibold text-ink">{c.name}</p>
          {c.description ? <p className="line-clamp-1 max-w-xs text-xs text-muted">{c.description}</p> : null}
        </div>
      </div>
    ),
  },
  { id: 'slug', header: 'Slug', sortBy: (c) => c.slug, className: 'font-mono text-xs', cell: (c) => c.slug },
  { id: 'products', header: 'Products', sortBy: (c) => c.productCount, cell: (c) => c.productCount },
  {
    id: 'chill',
    header: 'Out of chiller',
    sortBy: (c) => c.chillLimitMinutes ?? 0,
    cell: (c) => (c.chillLimitMinutes ? `${c.chillLimitMinutes} min` : <span className="text-muted">Shop default</span>),
  },
  {
    id: 'markdown',
    header: 'Near-date markdown',
    sortBy: (c) => c.markdownPercent ?? 0,
    cell: (c) =>
      c.markdownPercent ? (
        `${c.markdownPercent}% off, last ${c.markdownDays} ${c.markdownDays === 1 ? 'day' : 'days'}`
      ) : (
        <span className="text-muted">None</span>
      ),
  },
  { id: 'updated', header: 'Updated', sortBy: (c) => c.updatedAt, cell: (c) => formatDate(c.updatedAt) },
];

export function CategoriesScreen() {
  const categories = useAdminCategories();
  const del = useDeleteCategories();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const dialog = useEditDialog<AdminCategory>();
  const [toDelete, setToDelete] = useState<string[] | null>(null);

  const confirmDelete = () =>
    toDelete &&
    del.mutate(toDelete, {
      onSuccess: () => {
        toast.success(toDelete.length > 1 ? 'Categories deleted successfully' : 'Category deleted successfully');
        setSelected((s) => new Set([...s].filter((id) => !toDelete.includes(id))));
        setToDelete(null);
      },
      onError: (err) => toast.error(errorMessage(err, 'Failed to delete category')),
    });

  return (
    <div>
      <DataTable
        label="Categories"
        query={categories}
        rowKey={(c) => c.id}
        columns={columns}
        card={{
          media: (c) => <img src={c.imageUrl ?? '/logo.svg'} alt="" className="size-12 shrink-0 rounded-lg bg-cream-deep object-cover" />,
          title: (c) => c.name,
          subtitle: (c) => (c.description ? <span className="line-clamp-2">{c.description}</span> : null),
        }}
        actions={(c) => <CategoryActions name={c.name} onEdit={() => dialog.openEdit(c)} onDelete={() => setToDelete([c.id])} />}
        search={{ label: 'Search categories', placeholder: 'Search categories', fields: (c) => [c.name, c.slug, c.description] }}
        selection={{ selected, onChange: setSelected, rowLabel: (c) => `Select ${c.name}`, allLabel: 'Select all categories' }}
        toolbar={
          <>
            {selected.size > 0 ? (
              <Button variant="danger" onClick={() => setToDelete([...selected])}>
                <Trash2 className="size-4" aria-hidden="true" />
                Delete Selected ({selected.size})
              </Button>
            ) : null}
            <AddButton label="Add Category" onClick={dialog.openNew} />
          </>
        }
        errorMessage="Failed to load categories"
        empty={{ icon: FolderTree, title: 'No categories found', description: 'Try adjusting your search or add a category.' }}
      />

      <CategoryFormDialog open={dialog.open} onOpenChange={dialog.setOpen} category={dialog.editing} />
      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(o) => !o && setToDelete(null)}
        title={toDelete && toDelete.length > 1 ? 'Delete categories' : 'Delete category'}
        message={
          toDelete && toDelete.length > 1
            ? `Are you sure you want to delete ${toDelete.length} categories?`
            : 'Are you sure you want to delete this category?'
        }
        pending={del.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

/** Edit and delete: the same buttons in the table row and the phone card. */
function CategoryActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button variant="ghost" size="icon-sm" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil className="size-4" aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon-sm" className="text-danger" aria-label={`Delete ${name}`} onClick={onDelete}>
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </>
  );
}

function CategoryFormDialog({
  open,
  onOpenChange,
  category,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  category: AdminCategory | null;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={category ? 'Edit Category' : 'Add Category'}
      description="The slug is the name in lowercase with hyphens."
    >
      <CategoryForm category={category} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CategoryForm({ category, onDone }: { category: AdminCategory | null; onDone: () => void }) {
  const save = useSaveCategory();
  const {
    register,
    handleSubmit,
    control,
    watch,
    setError,
    formState: { errors },
  } = useForm<AdminCategoryInput>({
    resolver: zodResolver(AdminCategoryInput),
    defaultValues: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      imageUrl: category?.imageUrl ?? null,
      chillLimitMinutes: category?.chillLimitMinutes ?? null,
      markdownPercent: category?.markdownPercent ?? null,
      markdownDays: category?.markdownDays ?? null,
    },
  });
  const name = watch('name');

  const onSubmit = handleSubmit((input) =>
    save.mutate(
      { id: category?.id, input },
      {
        onSuccess: () => {
          toast.success(category ? 'Category updated successfully' : 'Category created successfully');
          onDone();
        },
        onError: (err) => {
          applyServerFieldErrors(
            err,
            ['name', 'description', 'imageUrl', 'chillLimitMinutes', 'markdownPercent', 'markdownDays'],
            setError,
          );
          toast.error(errorMessage(err, 'Failed to save category'));
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="category-name" label="Name" error={errors.name?.message} hint={name ? `Slug: ${categorySlug(name)}` : undefined}>
        <Input id="category-name" invalid={!!errors.name} {...register('name')} />
      </Field>
      <Field id="category-description" label="Description" error={errors.description?.message}>
        <Textarea id="category-description" rows={3} {...register('description')} />
      </Field>
      <Field
        id="category-chill"
        label="Time out of the chiller (minutes)"
        error={errors.chillLimitMinutes?.message}
        hint="How long its goods may be out of the chiller from packing to delivery. Leave empty for the shop default."
      >
        <Input
          id="category-chill"
          type="number"
          inputMode="numeric"
          min={5}
          max={1440}
          placeholder="Shop default"
          invalid={!!errors.chillLimitMinutes}
          {...register('chillLimitMinutes', { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
        />
      </Field>
      <fieldset className="space-y-2 rounded-2xl border border-line p-4" data-testid="markdown-rule">
        <legend className="px-1 text-sm font-semibold text-ink">Near-date markdown</legend>
        <p className="text-sm text-muted">
          Puts batches close to their sell-by date on sale automatically, as “Best before” lines on the product page. Products sold by the
          unit only: weighed products are never marked down. Leave both empty for no markdown.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="category-markdown-percent" label="Percent off" error={errors.markdownPercent?.message} hint="Whole number, 5 to 90">
            <Input
              id="category-markdown-percent"
              type="number"
              inputMode="numeric"
              min={MARKDOWN_PERCENT_MIN}
              max={MARKDOWN_PERCENT_MAX}
              placeholder="e.g. 20"
              invalid={!!errors.markdownPercent}
              {...register('markdownPercent', { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
            />
          </Field>
          <Field
            id="category-markdown-days"
            label="Days before the sell-by date"
            error={errors.markdownDays?.message}
            hint="1 to 7, counting the sell-by day itself"
          >
            <Input
              id="category-markdown-days"
              type="number"
              inputMode="numeric"
              min={MARKDOWN_DAYS_MIN}
              max={MARKDOWN_DAYS_MAX}
              placeholder="e.g. 2"
              invalid={!!errors.markdownDays}
              {...register('markdownDays', { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
            />
          </Field>
        </div>
      </fieldset>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-semibold text-ink">Image</legend>
        <Controller
          control={control}
          name="imageUrl"
          render={({ field }) => (
            <ImagePicker
              kind="category"
              max={1}
              value={field.value ? [field.value] : []}
              onChange={(urls) => field.onChange(urls[0] ?? null)}
            />
          )}
        />
      </fieldset>
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={save.isPending} pendingText="Saving...">
          {category ? 'Update Category' : 'Create Category'}
        </Button>
      </div>
    </form>
  );
}
