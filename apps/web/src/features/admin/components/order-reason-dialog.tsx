/** Asks why before an admin takes an order off its rider or cancels it; the reason is kept with the order. */
import { AdminOrderReasonInput } from '@meatshop/shared/admin-orders';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';

interface OrderReasonDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: (reason: string) => void;
  onOpenChange: (open: boolean) => void;
}

export function OrderReasonDialog({ open, title, message, confirmLabel, pending, onConfirm, onOpenChange }: OrderReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = () => {
    const parsed = AdminOrderReasonInput.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    onConfirm(parsed.data.reason);
  };
  const close = (next: boolean) => {
    if (!next) {
      setReason('');
      setError(undefined);
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle className="text-xl">{title}</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field id="order-reason" label="Reason" error={error}>
            <Textarea
              id="order-reason"
              value={reason}
              maxLength={300}
              invalid={!!error}
              aria-describedby={fieldDescribedBy('order-reason', error)}
              className="min-h-20"
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={pending}>
              Back
            </Button>
            <Button type="submit" variant="danger" pending={pending}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
