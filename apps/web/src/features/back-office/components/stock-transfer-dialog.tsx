/**
 * Sends units from one outlet to another (each product a pair of ledger rows): the back office picks
 * the sending outlet, the outlet portal sends from its own. The server's refusal (more than the
 * outlet holds, a closed outlet) shows above the fields.
 */
import { OutletStockTransferInput } from '@meatshop/shared/inventory';
import { type FormEvent, useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { DialogForm, FormDialog } from './form-dialog';
import { filledQuantities, type Quantities, type StockQuantityProduct, StockQuantityList } from './stock-quantity-list';

interface Props {
  open: boolean;
  onClose: () => void;
  onDone?: () => void;
  products: StockQuantityProduct[];
  fromName: string;
  /** Where the units may go: active outlets other than the sender. */
  outlets: { id: string; name: string }[];
  send: (input: OutletStockTransferInput) => Promise<unknown>;
}

export function StockTransferDialog({ open, onClose, ...rest }: Props) {
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Transfer Stock"
      description={`From ${rest.fromName}. An outlet never sends more than it holds.`}
    >
      <TransferForm onClose={onClose} {...rest} />
    </FormDialog>
  );
}

function TransferForm({ onClose, onDone, products, outlets, send }: Omit<Props, 'open' | 'fromName'>) {
  const [to, setTo] = useState('');
  const [quantities, setQuantities] = useState<Quantities>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ to?: string; items?: string; reason?: string }>({});
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = OutletStockTransferInput.safeParse({
      toOutletId: to,
      items: filledQuantities(quantities).map((q) => ({ productId: q.productId, quantity: q.value })),
      reason: reason.trim() || undefined,
    });
    if (!parsed.success) {
      const issue = (key: string) => parsed.error.issues.find((i) => i.path[0] === key)?.message;
      setErrors({ to: to ? issue('toOutletId') : 'Choose the receiving outlet', items: issue('items'), reason: issue('reason') });
      return;
    }
    setErrors({});
    setServerError(undefined);
    setPending(true);
    try {
      await send(parsed.data);
      toast.success('Stock transferred');
      onDone?.();
      onClose();
    } catch (err) {
      setServerError(errorMessage(err, 'Failed to transfer stock'));
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogForm onSubmit={submit} serverError={serverError} pending={pending} submitLabel="Send Stock" onCancel={onClose}>
      <Field id="transfer-to" label="To outlet" error={errors.to}>
        <Select id="transfer-to" value={to} invalid={!!errors.to} onChange={(e) => setTo(e.target.value)} className="[&_select]:h-11">
          <option value="">Choose an outlet</option>
          {outlets.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </Select>
      </Field>
      <fieldset className="space-y-1.5">
        <legend className="mb-1.5 text-sm font-semibold text-ink">Units to send</legend>
        <StockQuantityList
          products={products}
          values={quantities}
          onChange={setQuantities}
          inputLabel={(name) => `Units of ${name} to send`}
          after={(stock, n) => stock - n}
          min={1}
          error={errors.items}
        />
      </fieldset>
      <Field id="transfer-reason" label="Reason (optional)" error={errors.reason} hint="For example: Ntinda ran out of goat meat">
        <Input id="transfer-reason" value={reason} invalid={!!errors.reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
    </DialogForm>
  );
}
