/**
 * The delivery form of the outlet portal and the back office: one line per product received, each
 * with the lot on the factory's label (batch number, production date, use-by), so every unit on the
 * shelf belongs to a batch that orders take first expiring first and a recall can find.
 */
import { addDays, shopDay } from '@meatshop/shared/batches';
import { OutletDeliveryInput } from '@meatshop/shared/inventory';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { DialogForm, FormDialog } from '@/features/back-office/components/form-dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

interface Product {
  id: string;
  name: string;
}

interface Line {
  key: number;
  productId: string;
  quantity: string;
  lotNumber: string;
  productionDate: string;
  useBy: string;
}

type LineErrors = Partial<Record<'productId' | 'quantity' | 'lotNumber' | 'productionDate' | 'useBy', string>>;

let nextKey = 1;
const blank = (): Line => ({ key: nextKey++, productId: '', quantity: '', lotNumber: '', productionDate: shopDay(), useBy: '' });

export function DeliveryBatchDialog({
  open,
  onClose,
  products,
  send,
  outletName,
}: {
  open: boolean;
  onClose: () => void;
  products: Product[];
  send: (input: OutletDeliveryInput) => Promise<unknown>;
  /** Named when the back office records it: the outlet that received the delivery. */
  outletName?: string | undefined;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Record Delivery"
      description={`What the factory delivered${outletName ? ` to ${outletName}` : ''}: each product with the batch number and dates on its label.`}
      className="max-w-2xl"
      focusFirstField={false}
    >
      <DeliveryForm onClose={onClose} products={products} send={send} />
    </FormDialog>
  );
}

function DeliveryForm({
  onClose,
  products,
  send,
}: {
  onClose: () => void;
  products: Product[];
  send: (i: OutletDeliveryInput) => Promise<unknown>;
}) {
  const [lines, setLines] = useState<Line[]>([blank()]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<number, LineErrors>>({});
  const [formError, setFormError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  const set = (key: number, patch: Partial<Line>) => {
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
    // A field's message goes once it is edited: a stale "Enter the batch number" under a filled box misleads.
    setErrors((all) => {
      const line = { ...all[key] };
      for (const f of Object.keys(patch)) delete line[f as keyof LineErrors];
      return { ...all, [key]: line };
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<number, LineErrors> = {};
    for (const l of lines) {
      const err: LineErrors = {};
      if (!l.productId) err.productId = 'Choose the product';
      if (!l.lotNumber.trim()) err.lotNumber = 'Enter the batch number';
      if (!l.useBy) err.useBy = 'Enter the use-by date';
      if (Object.keys(err).length) found[l.key] = err;
    }
    const parsed = OutletDeliveryInput.safeParse({
      items: lines.map((l) => ({
        productId: l.productId,
        quantity: Number(l.quantity),
        batch: { lotNumber: l.lotNumber, productionDate: l.productionDate || undefined, useBy: l.useBy },
      })),
      note: note || undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [top, index, field, sub] = issue.path;
        if (top !== 'items') continue;
        if (typeof index !== 'number') {
          setFormError(issue.message);
          continue;
        }
        const key = lines[index]!.key;
        const name = (field === 'batch' ? sub : field) as keyof LineErrors;
        found[key] = { [name]: issue.message, ...found[key] };
      }
    }
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    setFormError(undefined);
    setServerError(undefined);
    setPending(true);
    try {
      await send(parsed.data);
      toast.success('Delivery recorded');
      onClose();
    } catch (err) {
      setServerError(errorMessage(err, 'Failed to record the delivery'));
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogForm onSubmit={submit} serverError={serverError ?? formError} pending={pending} submitLabel="Save Delivery" onCancel={onClose}>
      <ol className="space-y-3">
        {lines.map((l, i) => {
          const err = errors[l.key] ?? {};
          const id = (f: string) => `delivery-${l.key}-${f}`;
          return (
            <li key={l.key} className="rounded-2xl border border-line bg-cream/40 p-3 sm:p-4" data-testid="delivery-line">
              <div className="mb-2 flex items-center justify-between">
                <p className="text-xs font-semibold uppercase tracking-wide text-muted">Line {i + 1}</p>
                {lines.length > 1 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                    aria-label={`Remove line ${i + 1}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
              <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
                <Field id={id('product')} label="Product" error={err.productId}>
                  <Select
                    id={id('product')}
                    value={l.productId}
                    invalid={!!err.productId}
                    onChange={(e) => set(l.key, { productId: e.target.value })}
                  >
                    <option value="">Choose a product</option>
                    {products.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field id={id('quantity')} label="Units received" error={err.quantity} hint="Grams for products sold by weight">
                  <Input
                    id={id('quantity')}
                    inputMode="numeric"
                    value={l.quantity}
                    invalid={!!err.quantity}
                    onChange={(e) => set(l.key, { quantity: e.target.value.replace(/[^0-9]/g, '') })}
                  />
                </Field>
                <Field id={id('lot')} label="Batch number" error={err.lotNumber} className="sm:col-span-2">
                  <Input
                    id={id('lot')}
                    value={l.lotNumber}
                    invalid={!!err.lotNumber}
                    autoCapitalize="characters"
                    placeholder="As printed on the label, e.g. L2611-04"
                    onChange={(e) => set(l.key, { lotNumber: e.target.value })}
                  />
                </Field>
                <Field id={id('produced')} label="Production date" error={err.productionDate}>
                  <Input
                    id={id('produced')}
                    type="date"
                    value={l.productionDate}
                    max={shopDay()}
                    invalid={!!err.productionDate}
                    onChange={(e) => set(l.key, { productionDate: e.target.value })}
                  />
                </Field>
                <Field id={id('useby')} label="Use-by date" error={err.useBy}>
                  <Input
                    id={id('useby')}
                    type="date"
                    value={l.useBy}
                    min={addDays(shopDay(), 1)}
                    invalid={!!err.useBy}
                    onChange={(e) => set(l.key, { useBy: e.target.value })}
                  />
                </Field>
              </div>
            </li>
          );
        })}
      </ol>
      <Button type="button" variant="outline" size="sm" onClick={() => setLines((ls) => [...ls, blank()])}>
        <Plus className="size-4" aria-hidden="true" />
        Add another product
      </Button>
      <Field id="delivery-note" label="Note (optional)" hint="For example: Van 2, morning run">
        <Input id="delivery-note" value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
    </DialogForm>
  );
}
