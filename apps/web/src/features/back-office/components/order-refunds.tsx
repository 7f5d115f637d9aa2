/**
 * The refunds of one order in the back office: what was paid and already given back, a form to
 * refund some or all of the rest (never more; the server checks again under the order's lock), and
 * each refund with its state and the one next step a person can take on it (shared refund table).
 * Shown in place inside the order dialog, like the cancel form: a dialog on a dialog fights for focus.
 */
import type { AdminOrder } from '@meatshop/shared/admin-orders';
import { formatUGX } from '@meatshop/shared/money';
import {
  ADMIN_REFUND_REASONS,
  type AdminOrderRefunds,
  type AdminRefund,
  AdminRefundInput,
  mayRefund,
  REFUND_METHOD_LABEL,
  REFUND_REASON_LABEL,
  REFUND_STATE_LABEL,
  REFUND_STATE_TONE,
  type RefundStep,
  refundNextStep,
} from '@meatshop/shared/refunds';
import { RotateCcw } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useOutlets } from '../api/outlets';
import { useOrderRefunds, useRefundStep, useRequestRefund } from '../api/refunds';
import { useCan } from '../hooks/use-can';

const STEP_LABEL: Record<RefundStep, string> = { send: 'Send again', check: 'Check status', cash_paid: 'Record cash paid back' };

export function OrderRefunds({ order: o, onChanged }: { order: AdminOrder; onChanged: (o: AdminOrder) => void }) {
  const query = useOrderRefunds(o.id);
  const [open, setOpen] = useState(false);
  const data = query.data;
  const allowed = useCan('orders.refund');
  const canRefund = allowed && mayRefund(o) && (data?.refundable ?? 0) > 0;
  if (data && !data.refunds.length && !canRefund) return null;

  return (
    <section className="mt-6 border-t border-line pt-4" aria-labelledby="refunds-title" data-testid="order-refunds">
      <div className="flex items-center justify-between gap-3">
        <h3 id="refunds-title" className="text-sm font-semibold text-ink">
          Refunds
        </h3>
        {canRefund && !open ? (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Refund
          </Button>
        ) : null}
      </div>
      {query.isPending ? <Skeleton className="mt-3 h-14 w-full rounded-xl" /> : null}
      {query.isError ? (
        <ErrorState message="Could not load the refunds" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : null}
      {data && open ? (
        <RefundForm
          order={o}
          totals={data}
          onDone={(next) => {
            setOpen(false);
            onChanged(next);
          }}
          onBack={() => setOpen(false)}
        />
      ) : null}
      {data?.refunds.length ? (
        <ul className="mt-3 divide-y divide-line rounded-xl border border-line text-sm">
          {data.refunds.map((r) => (
            <RefundRow key={r.id} refund={r} order={o} onChanged={onChanged} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function RefundForm({
  order: o,
  totals,
  onDone,
  onBack,
}: {
  order: AdminOrder;
  totals: AdminOrderRefunds;
  onDone: (o: AdminOrder) => void;
  onBack: () => void;
}) {
  const request = useRequestRefund(o.id);
  const [amount, setAmount] = useState(String(totals.refundable));
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [cashAtOutlet, setCashAtOutlet] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();
  const prepaid = o.paymentMethod !== 'cash_on_delivery';
  /** A field's message goes as soon as it is being corrected. */
  const edit = (field: string, set: (v: string) => void) => (value: string) => {
    set(value);
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = AdminRefundInput.safeParse({
      amount: amount.trim() === '' ? Number.NaN : Number(amount),
      reason: reason || undefined,
      note: note.trim() || undefined,
      cashAtOutlet: prepaid ? cashAtOutlet : undefined,
    });
    const found: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) found[String(i.path[0])] ??= i.message;
    if (!found.amount && Number(amount) > totals.refundable) {
      found.amount = `At most ${formatUGX(totals.refundable)} can still be refunded on this order.`;
    }
    setErrors(found);
    setServerError(undefined);
    if (!parsed.success || Object.keys(found).length) return;
    request.mutate(parsed.data, {
      onSuccess: ({ refund, order }) => {
        toast.success(
          refund.state === 'completed'
            ? `${formatUGX(refund.amount)} refunded`
            : `Refund of ${formatUGX(refund.amount)} ${REFUND_STATE_LABEL[refund.state].toLowerCase()}`,
        );
        onDone(order);
      },
      onError: (err) => setServerError(errorMessage(err, 'Could not refund this order')),
    });
  };

  return (
    <form
      className="mt-3 space-y-4 rounded-2xl border border-line bg-cream p-4"
      aria-labelledby="refund-form-title"
      onSubmit={submit}
      noValidate
    >
      <h4 id="refund-form-title" className="font-semibold text-ink">
        Refund this order
      </h4>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Figure label={prepaid ? 'Paid' : 'Order total'} value={formatUGX(totals.totalAmount)} />
        <Figure label="Refunded" value={formatUGX(totals.refunded)} />
        <Figure label="Left to refund" value={formatUGX(totals.refundable)} strong />
      </dl>
      <Field id="refund-amount" label="Amount (UGX)" error={errors.amount} hint={`Up to ${formatUGX(totals.refundable)}`}>
        <Input
          id="refund-amount"
          type="number"
          inputMode="numeric"
          min={1}
          max={totals.refundable}
          step={1}
          value={amount}
          invalid={!!errors.amount}
          aria-describedby={fieldDescribedBy('refund-amount', errors.amount, true)}
          onChange={(e) => edit('amount', setAmount)(e.target.value)}
        />
      </Field>
      <Field id="refund-reason" label="Reason" error={errors.reason}>
        <Select
          id="refund-reason"
          value={reason}
          invalid={!!errors.reason}
          aria-describedby={fieldDescribedBy('refund-reason', errors.reason)}
          onChange={(e) => edit('reason', setReason)(e.target.value)}
        >
          <option value="">Choose a reason</option>
          {ADMIN_REFUND_REASONS.map((r) => (
            <option key={r} value={r}>
              {REFUND_REASON_LABEL[r]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="refund-note" label={reason === 'other' ? 'Note' : 'Note (optional)'} error={errors.note}>
        <Textarea
          id="refund-note"
          value={note}
          maxLength={500}
          invalid={!!errors.note}
          aria-describedby={fieldDescribedBy('refund-note', errors.note)}
          className="min-h-16"
          onChange={(e) => edit('note', setNote)(e.target.value)}
        />
      </Field>
      {prepaid ? (
        <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-surface p-3" htmlFor="refund-cash">
          <input
            id="refund-cash"
            type="checkbox"
            className="mt-1 size-4 accent-brand-700"
            checked={cashAtOutlet}
            onChange={(e) => setCashAtOutlet(e.target.checked)}
          />
          <span>
            <span className="block font-semibold text-ink">Pay back in cash at an outlet</span>
            <span className="block text-xs text-muted">
              For what the payment provider cannot take: mobile money in part, or a second refund of one payment.
            </span>
          </span>
        </label>
      ) : (
        <p className="text-xs text-muted">
          {o.status === 'delivered' ? 'Paid back in cash at an outlet.' : 'Not delivered yet: the rider collects this much less.'}
        </p>
      )}
      {serverError ? (
        <p className="rounded-xl bg-danger/10 p-3 text-sm font-medium text-danger" role="alert">
          {serverError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onBack} disabled={request.isPending}>
          Back
        </Button>
        <Button type="submit" pending={request.isPending} pendingText="Refunding...">
          Refund {Number(amount) > 0 ? formatUGX(Number(amount)) : ''}
        </Button>
      </div>
    </form>
  );
}

function RefundRow({ refund: r, order: o, onChanged }: { refund: AdminRefund; order: AdminOrder; onChanged: (o: AdminOrder) => void }) {
  // Moving a refund on (send, check, cash paid) is refund work too.
  const step = useCan('orders.refund') ? refundNextStep(r) : null;
  const run = useRefundStep(o.id);
  const [choosingOutlet, setChoosingOutlet] = useState(false);
  const go = (outletId?: string) =>
    run.mutate(
      { refundId: r.id, step: step!, outletId },
      {
        onSuccess: ({ refund, order }) => {
          toast.success(`Refund of ${formatUGX(refund.amount)}: ${REFUND_STATE_LABEL[refund.state].toLowerCase()}`);
          setChoosingOutlet(false);
          onChanged(order);
        },
        onError: (err) => toast.error(errorMessage(err, 'Could not update the refund')),
      },
    );
  const how = r.reducesCollection ? 'Off the cash to collect' : REFUND_METHOD_LABEL[r.method];
  return (
    <li className="space-y-2 p-3" data-testid="refund-row">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink">
            {formatUGX(r.amount)} · {REFUND_REASON_LABEL[r.reason]}
            {r.note ? <span className="font-normal text-ink-soft">: {r.note}</span> : null}
          </p>
          <p className="text-xs text-muted">
            {how} · {formatDateTime(r.createdAt)} · {r.requestedByName ?? 'The shop'}
          </p>
          {r.providerMessage && r.state !== 'completed' ? <p className="text-xs text-muted">Provider: {r.providerMessage}</p> : null}
        </div>
        <Badge tone={REFUND_STATE_TONE[r.state]}>{REFUND_STATE_LABEL[r.state]}</Badge>
        {step && !choosingOutlet ? (
          <Button
            variant="outline"
            size="sm"
            pending={run.isPending}
            onClick={() => (step === 'cash_paid' ? setChoosingOutlet(true) : go())}
          >
            {STEP_LABEL[step]}
          </Button>
        ) : null}
      </div>
      {choosingOutlet ? (
        <CashPaidForm defaultOutletId={o.outlet?.id} pending={run.isPending} onConfirm={go} onBack={() => setChoosingOutlet(false)} />
      ) : null}
    </li>
  );
}

function CashPaidForm({
  defaultOutletId,
  pending,
  onConfirm,
  onBack,
}: {
  defaultOutletId?: string;
  pending: boolean;
  onConfirm: (outletId: string) => void;
  onBack: () => void;
}) {
  const outlets = useOutlets();
  const [outletId, setOutletId] = useState(defaultOutletId ?? '');
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (outletId) onConfirm(outletId);
      }}
    >
      <Field id="refund-outlet" label="Paid back at" className="min-w-48 flex-1">
        <Select id="refund-outlet" value={outletId} onChange={(e) => setOutletId(e.target.value)} disabled={outlets.isPending}>
          <option value="">{outlets.isPending ? 'Loading outlets...' : 'Choose an outlet'}</option>
          {outlets.data?.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="button" variant="outline" onClick={onBack} disabled={pending}>
        Back
      </Button>
      <Button type="submit" pending={pending} disabled={!outletId}>
        Cash paid back
      </Button>
    </form>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="rounded-xl bg-surface p-2.5">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-semibold text-ink' : 'text-ink-soft'}`}>{value}</dd>
    </div>
  );
}
