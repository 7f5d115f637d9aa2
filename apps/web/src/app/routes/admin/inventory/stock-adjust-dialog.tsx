/**
 * Bulk stock change at one outlet (or, without one, of the storefront totals at the main outlet):
 * an adjustment or a count, with a required reason kept in the ledger. A delivery from the factory
 * is not an adjustment: it is recorded with its batch label (Outlets > Stock > Record Delivery), so
 * its units join their lot rather than the outlet's unknown batch.
 */
import { StockAdjustInput } from '@meatshop/shared/inventory';
import { type FormEvent, useState } from 'react';
import { toast } from '@/lib/toast';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useAdjustStock } from '@/features/back-office/api/operations';
import { DialogForm, FormDialog } from '@/features/back-office/components/form-dialog';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

interface Props {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  products: { id: string; name: string; stock: number }[];
  outlet?: { id: string; name: string } | undefined;
}

export function StockAdjustDialog({ open, onClose, ...rest }: Props) {
  const { products, outlet } = rest;
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Adjust Stock"
      description={`${products.length} product${products.length === 1 ? '' : 's'}${
        outlet ? ` at ${outlet.name}` : ' across all outlets; the change is made at the main outlet'
      }. Stock never goes below zero.`}
    >
      <AdjustForm onClose={onClose} {...rest} />
    </FormDialog>
  );
}

function AdjustForm({ onClose, onDone, products, outlet }: Omit<Props, 'open'>) {
  const adjust = useAdjustStock();
  const [mode, setMode] = useState<'delta' | 'set'>('delta');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();

  const n = Number(amount);
  const preview = (stock: number) => (mode === 'set' ? n : stock + n);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = StockAdjustInput.safeParse({
      productIds: products.map((p) => p.id),
      outletId: outlet?.id ?? null,
      mode,
      ...(mode === 'delta' ? { kind: 'adjustment' } : {}),
      amount: amount === '' ? Number.NaN : n,
      reason,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [String(i.path[0]), i.path[0] === 'amount' && amount === '' ? 'Enter a number' : i.message]),
        ),
      );
      return;
    }
    setErrors({});
    setServerError(undefined);
    adjust.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Stock updated successfully');
        onDone();
        onClose();
      },
      onError: (err) => setServerError(errorMessage(err, 'Failed to update stock')),
    });
  };

  return (
    <DialogForm onSubmit={submit} serverError={serverError} pending={adjust.isPending} submitLabel="Save Adjustment" onCancel={onClose}>
      <fieldset className="grid grid-cols-2 gap-2 rounded-full bg-cream-deep p-1">
        <legend className="sr-only">Adjustment</legend>
        {(
          [
            ['delta', 'Add or remove'],
            ['set', 'Set to'],
          ] as const
        ).map(([value, label]) => (
          <label
            key={value}
            className={cn(
              'flex h-9 cursor-pointer items-center justify-center rounded-full text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700',
              mode === value ? 'bg-surface text-ink shadow-sm' : 'text-muted',
            )}
          >
            <input
              type="radio"
              name="adjust-mode"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              className="sr-only"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <Field id="adjust-amount" label={mode === 'delta' ? 'Change (use a minus sign to remove)' : 'New stock'} error={errors.amount}>
        <Input
          id="adjust-amount"
          type="number"
          inputMode="numeric"
          step={1}
          value={amount}
          invalid={!!errors.amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </Field>
      <Field id="adjust-reason" label="Reason" error={errors.reason} hint="For example: Spoilage, Stock count, Found in the cold room">
        <Textarea id="adjust-reason" rows={2} value={reason} invalid={!!errors.reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <p className="text-xs text-muted">A delivery from the factory? Record it with its batch label: Outlets › Stock › Record Delivery.</p>
      <ul className="max-h-40 divide-y divide-line overflow-y-auto rounded-xl border border-line text-sm">
        {products.map((p) => {
          const after = amount === '' ? null : preview(p.stock);
          return (
            <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="truncate">{p.name}</span>
              <span className={cn('shrink-0 tabular-nums', after !== null && after < 0 ? 'font-semibold text-danger' : 'text-ink-soft')}>
                {p.stock}
                {after !== null && Number.isFinite(after) ? ` → ${after}` : ''}
              </span>
            </li>
          );
        })}
      </ul>
    </DialogForm>
  );
}
