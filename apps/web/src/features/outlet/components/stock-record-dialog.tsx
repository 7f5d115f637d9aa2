/**
 * The outlet manager's delivery and count forms. A delivery adds the units received from the factory
 * to each product filled in; a count replaces each filled-in figure with what is on the shelf, and the
 * ledger keeps the difference. Rows left empty are not touched.
 */
import { useLingui } from '@lingui/react/macro';
import { OutletCountInput, OutletDeliveryInput } from '@meatshop/shared/inventory';
import { type FormEvent, useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { DialogForm, FormDialog } from '@/features/back-office/components/form-dialog';
import {
  filledQuantities,
  type Quantities,
  type StockQuantityProduct,
  StockQuantityList,
} from '@/features/back-office/components/stock-quantity-list';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

type Kind = 'delivery' | 'count';

/** The two forms' words, in the page's language. */
function useCopy(kind: Kind) {
  const { t } = useLingui();
  return kind === 'delivery'
    ? {
        title: t`Record Delivery`,
        description: t`Units received from the factory. Fill in the products that came; leave the rest empty.`,
        legend: t`Units received`,
        inputLabel: (name: string) => t`Units of ${name} received`,
        after: (stock: number, n: number) => stock + n,
        min: 1,
        noteHint: t`For example: Van 2, morning run`,
        submit: t`Save Delivery`,
        done: t`Delivery recorded`,
        failed: t`Failed to record the delivery`,
      }
    : {
        title: t`Stock Count`,
        description: t`Enter what is on the shelves for the products you counted. Each difference is kept in the ledger as a count.`,
        legend: t`Counted units`,
        inputLabel: (name: string) => t`Counted units of ${name}`,
        after: (_stock: number, n: number) => n,
        min: 0,
        noteHint: t`For example: Evening count`,
        submit: t`Save Count`,
        done: t`Stock count saved`,
        failed: t`Failed to save the count`,
      };
}

interface Props {
  kind: Kind;
  open: boolean;
  onClose: () => void;
  products: StockQuantityProduct[];
  send: (input: OutletDeliveryInput | OutletCountInput) => Promise<unknown>;
}

export function StockRecordDialog({ kind, open, onClose, products, send }: Props) {
  const copy = useCopy(kind);
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={copy.title}
      description={copy.description}
      focusFirstField={products.length <= 8}
    >
      <RecordForm kind={kind} onClose={onClose} products={products} send={send} />
    </FormDialog>
  );
}

function RecordForm({ kind, onClose, products, send }: Omit<Props, 'open'>) {
  const { t } = useLingui();
  const copy = useCopy(kind);
  const [values, setValues] = useState<Quantities>({});
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ items?: string; note?: string }>({});
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const filled = filledQuantities(values);
    const parsed =
      kind === 'delivery'
        ? OutletDeliveryInput.safeParse({
            items: filled.map((f) => ({ productId: f.productId, quantity: f.value })),
            note: note || undefined,
          })
        : OutletCountInput.safeParse({ items: filled.map((f) => ({ productId: f.productId, counted: f.value })), note: note || undefined });
    if (!parsed.success) {
      const issue = (key: string) => parsed.error.issues.find((i) => i.path[0] === key);
      const item = issue('items');
      const name =
        typeof item?.path[1] === 'number' ? products.find((p) => p.id === filled[item.path[1] as number]?.productId)?.name : null;
      setErrors({ items: item ? (name ? `${name}: ${item.message}` : item.message) : undefined, note: issue('note')?.message });
      return;
    }
    setErrors({});
    setServerError(undefined);
    setPending(true);
    try {
      await send(parsed.data);
      toast.success(copy.done);
      onClose();
    } catch (err) {
      setServerError(errorMessage(err, copy.failed));
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogForm onSubmit={submit} serverError={serverError} pending={pending} submitLabel={copy.submit} onCancel={onClose}>
      <fieldset className="space-y-1.5">
        <legend className="mb-1.5 text-sm font-semibold text-ink">{copy.legend}</legend>
        <StockQuantityList
          products={products}
          values={values}
          onChange={setValues}
          inputLabel={copy.inputLabel}
          after={copy.after}
          min={copy.min}
          error={errors.items}
        />
      </fieldset>
      <Field id={`${kind}-note`} label={t`Note (optional)`} error={errors.note} hint={copy.noteHint}>
        <Input id={`${kind}-note`} value={note} invalid={!!errors.note} onChange={(e) => setNote(e.target.value)} />
      </Field>
    </DialogForm>
  );
}
