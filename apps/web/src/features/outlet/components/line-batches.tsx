/**
 * The batches an order line was packed from (first expiring first), and, before the rider takes the
 * order, the packer's way to pack from another batch with the reason (a torn label, a pack at the back).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { BatchOverrideInput, type StockBatch } from '@meatshop/shared/batches';
import type { OutletOrderDetail } from '@meatshop/shared/outlet';
import { formatGrams } from '@meatshop/shared/weighing-rules';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { DialogForm, FormDialog } from '@/features/back-office/components/form-dialog';
import { useOutletBatches } from '@/features/outlet/api/get-outlet-stock';
import { useOverrideBatch } from '@/features/outlet/api/override-batch';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format';
import { toast } from '@/lib/toast';

type Line = OutletOrderDetail['items'][number];

export function LineBatches({ order, line }: { order: OutletOrderDetail; line: Line }) {
  const { t } = useLingui();
  const unknown = t`unknown`;
  const [open, setOpen] = useState(false);
  const canChange = order.status === 'pending' || order.status === 'assigned';
  if (line.batches.length === 0) return null;
  const amount = (n: number) => (line.weight ? formatGrams(n) : String(n));
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted" data-testid="line-batches">
      {line.batches.map((b) => (
        <span key={b.batchId}>
          {t`Batch ${b.lotNumber ?? unknown}`}
          {b.useBy ? ` · ${t`use by ${formatDay(b.useBy)}`}` : ''} · {amount(b.quantity)}
        </span>
      ))}
      {canChange ? (
        <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => setOpen(true)}>
          <Trans>Change batch</Trans>
        </Button>
      ) : null}
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={t`Pack From Another Batch`}
        description={t`${line.productName}: the order gives units back to one batch and takes them from another.`}
      >
        <OverrideForm order={order} line={line} onClose={() => setOpen(false)} />
      </FormDialog>
    </div>
  );
}

function OverrideForm({ order, line, onClose }: { order: OutletOrderDetail; line: Line; onClose: () => void }) {
  const { t } = useLingui();
  const unknown = t`unknown`;
  const live = useOutletBatches('live');
  const override = useOverrideBatch(order.id);
  const [from, setFrom] = useState(line.batches[0]!.batchId);
  const [to, setTo] = useState('');
  const [quantity, setQuantity] = useState(String(line.batches[0]!.quantity));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();
  const options: StockBatch[] = (live.data?.batches ?? []).filter((b) => b.productId === line.productId && b.id !== from);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = BatchOverrideInput.safeParse({
      productId: line.productId,
      fromBatchId: from,
      toBatchId: to,
      quantity: Number(quantity),
      reason,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await override.mutateAsync(parsed.data);
      toast.success(t`Batch changed`);
      onClose();
    } catch (err) {
      setServerError(errorMessage(err, t`Failed to change the batch`));
    }
  };
  return (
    <DialogForm onSubmit={submit} serverError={serverError} pending={override.isPending} submitLabel={t`Change Batch`} onCancel={onClose}>
      <Field id="override-from" label={t`Instead of`} error={errors.fromBatchId}>
        <Select id="override-from" value={from} onChange={(e) => setFrom(e.target.value)}>
          {line.batches.map((b) => (
            <option key={b.batchId} value={b.batchId}>
              {t`Batch ${b.lotNumber ?? unknown} (${b.quantity})`}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="override-to" label={t`Pack from`} error={errors.toBatchId}>
        <Select id="override-to" value={to} invalid={!!errors.toBatchId} onChange={(e) => setTo(e.target.value)}>
          <option value="">{live.isLoading ? t`Loading batches…` : t`Choose a batch`}</option>
          {options.map((b) => (
            <option key={b.id} value={b.id}>
              {t`Batch ${b.lotNumber ?? unknown}`}
              {b.useBy ? `, ${t`use by ${formatDay(b.useBy)}`}` : ''} {t`(${b.quantity} on shelf)`}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="override-quantity" label={t`How many`} error={errors.quantity}>
        <Input
          id="override-quantity"
          inputMode="numeric"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value.replace(/[^0-9]/g, ''))}
        />
      </Field>
      <Field id="override-reason" label={t`Reason`} error={errors.reason}>
        <Input
          id="override-reason"
          value={reason}
          invalid={!!errors.reason}
          placeholder={t`e.g. Label torn on the first pack`}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
    </DialogForm>
  );
}
