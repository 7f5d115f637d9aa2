/** Record a hand-over: which rider, how much cash, for which shift (today by default), and a note. */
import { CASH_HANDOVER_MAX_DAYS_BACK, CashHandoverInput, type CashOverview, type RiderCash } from '@meatshop/shared/cash';
import { formatUGX } from '@meatshop/shared/money';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api-client';

type Errors = Partial<Record<'riderId' | 'amount' | 'shiftDate' | 'note', string>>;

interface Props {
  overview: CashOverview;
  /** The rider to preselect, or null for the dialog closed. */
  riderId: string | null;
  onClose: () => void;
  mutation: UseMutationResult<RiderCash, Error, CashHandoverInput>;
}

export function HandoverDialog({ overview, riderId, onClose, mutation }: Props) {
  return (
    <Dialog open={riderId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {riderId !== null ? (
          <HandoverForm key={riderId} overview={overview} riderId={riderId} onClose={onClose} mutation={mutation} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function HandoverForm({ overview, riderId, onClose, mutation }: Props & { riderId: string }) {
  const byId = (id: string) => overview.riders.find((r) => r.riderId === id);
  const [rider, setRider] = useState(riderId);
  const [amount, setAmount] = useState(() => String(Math.max(0, byId(riderId)?.balance ?? 0) || ''));
  const [shiftDate, setShiftDate] = useState(overview.today);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const chosen = byId(rider);
  const shift = chosen?.shifts.find((s) => s.date === shiftDate);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CashHandoverInput.safeParse({ riderId: rider, amount: amount === '' ? Number.NaN : Number(amount), shiftDate, note });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: (cash) => {
        const flagged = cash.shifts.find((s) => s.date === shiftDate)?.flagged;
        if (flagged) toast.warning(`Hand-over recorded. It does not match the cash collected on that shift.`);
        else toast.success('Hand-over recorded');
        onClose();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields as Errors);
        toast.error(errorMessage(err, 'Failed to record hand-over'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <DialogHeader>
        <DialogTitle>Record cash hand-over</DialogTitle>
        <DialogDescription>
          Cash the rider gives you from cash-on-delivery orders. You are recorded as the person who received it.
        </DialogDescription>
      </DialogHeader>
      <Field id="handover-rider" label="Rider" error={errors.riderId}>
        <Select id="handover-rider" value={rider} onChange={(e) => setRider(e.target.value)} invalid={!!errors.riderId}>
          {overview.riders.map((r) => (
            <option key={r.riderId} value={r.riderId}>
              {r.riderName} — holds {formatUGX(r.balance)}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="handover-amount" label="Amount received (UGX)" error={errors.amount}>
          <Input
            id="handover-amount"
            type="number"
            inputMode="numeric"
            min={1}
            step={500}
            value={amount}
            invalid={!!errors.amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <Field id="handover-shift" label="Shift (day collected)" error={errors.shiftDate}>
          <Input
            id="handover-shift"
            type="date"
            min={daysBefore(overview.today, CASH_HANDOVER_MAX_DAYS_BACK)}
            max={overview.today}
            value={shiftDate}
            invalid={!!errors.shiftDate}
            onChange={(e) => setShiftDate(e.target.value)}
          />
        </Field>
      </div>
      {chosen ? (
        <p className="rounded-xl bg-cream-deep px-3 py-2 text-sm text-ink-soft">
          On this shift: collected <strong className="text-ink">{formatUGX(shift?.collected ?? 0)}</strong>, already handed over{' '}
          <strong className="text-ink">{formatUGX(shift?.handedOver ?? 0)}</strong>.
        </p>
      ) : null}
      <Field id="handover-note" label="Note (optional)" error={errors.note}>
        <Input
          id="handover-note"
          maxLength={300}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder="e.g. Counted at the till"
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" pending={mutation.isPending} pendingText="Saving...">
          Record Hand-over
        </Button>
      </div>
    </form>
  );
}

/** The calendar day `days` before a YYYY-MM-DD day. */
function daysBefore(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
