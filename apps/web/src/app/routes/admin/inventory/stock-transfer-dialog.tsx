/** Sends units of the selected products from one outlet to another, each a pair of ledger rows. */
import { StockTransferInput } from '@meatshop/shared/inventory';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useTransferStock } from '@/features/back-office/api/operations';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

interface Props {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  products: { id: string; name: string; stock: number }[];
  from: { id: string; name: string } | undefined;
  outlets: { id: string; name: string }[];
}

export function StockTransferDialog({ open, onClose, onDone, products, from, outlets }: Props) {
  const transfer = useTransferStock();
  const [to, setTo] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setTo('');
      setQuantities({});
      setError(null);
    }
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = StockTransferInput.safeParse({
      fromOutletId: from?.id,
      toOutletId: to,
      items: products.map((p) => ({ productId: p.id, quantity: Number(quantities[p.id] || Number.NaN) })),
    });
    if (!parsed.success || to === from?.id) {
      setError(
        to === ''
          ? 'Choose the receiving outlet'
          : to === from?.id
            ? 'Choose another outlet'
            : (parsed.error?.issues[0]?.message ?? 'Check the quantities'),
      );
      return;
    }
    setError(null);
    transfer.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Stock transferred');
        onDone();
        onClose();
      },
      onError: (err) => toast.error(errorMessage(err, 'Failed to transfer stock')),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Transfer Stock</DialogTitle>
          <DialogDescription>From {from?.name ?? 'this outlet'}. The sending outlet never goes below zero.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field id="transfer-to" label="To outlet" error={error ?? undefined}>
            <Select id="transfer-to" value={to} onChange={(e) => setTo(e.target.value)} className="[&_select]:h-11">
              <option value="">Choose an outlet</option>
              {outlets
                .filter((o) => o.id !== from?.id)
                .map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
            </Select>
          </Field>
          <ul className="max-h-56 divide-y divide-line overflow-y-auto rounded-xl border border-line text-sm">
            {products.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 break-words">
                  {p.name} <span className="text-muted">({p.stock} here)</span>
                </span>
                <Input
                  aria-label={`Units of ${p.name} to send`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={p.stock}
                  step={1}
                  className="w-24 shrink-0"
                  value={quantities[p.id] ?? ''}
                  onChange={(e) => setQuantities({ ...quantities, [p.id]: e.target.value })}
                />
              </li>
            ))}
          </ul>
          <div className="flex justify-end gap-2 pt-2">
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" pending={transfer.isPending} pendingText="Sending...">
              Send Stock
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
