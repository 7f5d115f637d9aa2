/**
 * Asks why before an admin takes an order off its rider or cancels it; the reason is kept with the
 * order. Shown in place inside the order dialog (a second dialog on top of it would fight it for focus).
 */
import { AdminOrderReasonInput } from '@meatshop/shared/admin-orders';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';

interface OrderReasonFormProps {
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: (reason: string) => void;
  onBack: () => void;
}

export function OrderReasonForm({ title, message, confirmLabel, pending, onConfirm, onBack }: OrderReasonFormProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = () => {
    const parsed = AdminOrderReasonInput.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    onConfirm(parsed.data.reason);
  };
  return (
    <form
      aria-labelledby="order-reason-title"
      className="mt-5 space-y-4 rounded-2xl border border-danger/30 bg-cream p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="space-y-1">
        <h3 id="order-reason-title" className="font-semibold text-ink">
          {title}
        </h3>
        <p className="text-sm text-muted">{message}</p>
      </div>
      <Field id="order-reason" label="Reason" error={error}>
        <Textarea
          id="order-reason"
          value={reason}
          maxLength={300}
          invalid={!!error}
          aria-describedby={fieldDescribedBy('order-reason', error)}
          className="min-h-20"
          // The admin just asked for this form (the button they pressed is gone): the reason is what they type next.
          autoFocus
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="outline" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button type="submit" variant="danger" pending={pending}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
