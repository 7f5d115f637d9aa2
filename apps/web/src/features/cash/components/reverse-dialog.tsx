/**
 * Reverse a wrong hand-over: nothing is edited or deleted; a reversing entry (the same amount,
 * negative, on the same shift) records who corrected it and why.
 */
import { type CashHandover, CashReverseInput, type RiderCash } from '@meatshop/shared/cash';
import { formatUGX } from '@meatshop/shared/money';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';

export type ReverseMutation = UseMutationResult<RiderCash, Error, { id: string; reason: string }>;

interface Props {
  handover: CashHandover | null;
  onClose: () => void;
  mutation: ReverseMutation;
}

export function ReverseDialog({ handover, onClose, mutation }: Props) {
  return (
    <Dialog open={handover !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {handover ? <ReverseForm key={handover.id} handover={handover} onClose={onClose} mutation={mutation} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReverseForm({ handover: h, onClose, mutation }: Props & { handover: CashHandover }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CashReverseInput.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    mutation.mutate(
      { id: h.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success('Hand-over reversed');
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields?.reason) setError(err.fields.reason);
          toast.error(errorMessage(err, 'Failed to reverse hand-over'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <DialogHeader>
        <DialogTitle>Reverse hand-over</DialogTitle>
        <DialogDescription>
          {formatUGX(h.amount)} received by {h.receivedByName} for the shift of {formatDate(`${h.shiftDate}T12:00:00+03:00`)}. The entry
          stays in the records, with a reversing entry of −{formatUGX(h.amount)} and your reason. Record the right amount afterwards if cash
          was handed over.
        </DialogDescription>
      </DialogHeader>
      <Field id="reverse-reason" label="Reason" error={error}>
        <Textarea
          id="reverse-reason"
          maxLength={300}
          className="min-h-20"
          value={reason}
          invalid={!!error}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. Typed 50,000 instead of 5,000"
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" pending={mutation.isPending} pendingText="Reversing...">
          Reverse Hand-over
        </Button>
      </div>
    </form>
  );
}
