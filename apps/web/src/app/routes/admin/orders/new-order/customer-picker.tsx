/**
 * The first step of taking an order by phone: type the caller's number, pick them from the customers
 * it matches, or create them with a name (the email is optional). A blocked customer is shown as
 * such; the server refuses their order in any case.
 */
import { isPhoneOnlyEmail } from '@meatshop/shared/staff-orders';
import { CircleAlert, Phone, UserPlus, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useCustomers } from '@/features/back-office/api/customers';
import { useCreateCustomer } from '@/features/back-office/api/staff-orders';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';

export interface ChosenCustomer {
  id: string;
  fullName: string;
  phone: string | null;
  email: string | null;
  blocked: boolean;
}

const shownEmail = (email: string | null) => (email && !isPhoneOnlyEmail(email) ? email : null);

export function CustomerPicker({ value, onChange }: { value: ChosenCustomer | null; onChange: (c: ChosenCustomer | null) => void }) {
  const [phone, setPhone] = useState('');
  const [creating, setCreating] = useState(false);
  const digits = useDebounced(phone.replace(/\D/g, ''), 300);
  const searching = digits.length >= 3;
  const found = useCustomers({ q: searching ? digits : undefined });

  if (value) {
    return (
      <div
        className="flex flex-col gap-3 rounded-2xl border border-line bg-cream-deep/40 p-4 sm:flex-row sm:items-center"
        data-testid="chosen-customer"
      >
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800">
          <UserRound className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            {value.fullName}
            {value.blocked ? <Badge tone="danger">Blocked</Badge> : null}
          </p>
          <p className="text-sm text-ink-soft">{value.phone ?? 'No phone number'}</p>
          {shownEmail(value.email) ? <p className="truncate text-xs text-muted">{shownEmail(value.email)}</p> : null}
          {value.blocked ? (
            <p className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-danger" role="alert">
              <CircleAlert className="size-4" aria-hidden="true" />
              This customer is blocked and cannot order.
            </p>
          ) : null}
        </div>
        <Button variant="secondary" size="sm" className="self-start sm:self-center" onClick={() => onChange(null)}>
          Change customer
        </Button>
      </div>
    );
  }

  const matches = searching && !found.isPlaceholderData ? (found.data?.customers ?? []) : [];
  return (
    <div className="space-y-4">
      <TextField
        id="staff-order-phone"
        label="Customer’s phone number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="e.g. 0772 123456"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        hint="Type at least three digits to find them."
        autoFocus
      />
      {searching ? (
        found.isPending || found.isPlaceholderData ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-14 w-full rounded-xl" />
            <Skeleton className="h-14 w-full rounded-xl" />
          </div>
        ) : found.isError ? (
          <p className="text-sm font-medium text-danger" role="alert">
            {errorMessage(found.error, 'Failed to search customers')}{' '}
            <button type="button" className="underline" onClick={() => void found.refetch()}>
              Try again
            </button>
          </p>
        ) : matches.length ? (
          <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line" aria-label="Matching customers">
            {matches.slice(0, 6).map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-cream-deep/60"
                  onClick={() => onChange({ id: c.id, fullName: c.fullName, phone: c.phone, email: c.email, blocked: c.blocked })}
                >
                  <Phone className="size-4 shrink-0 text-muted" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-ink">{c.fullName}</span>
                    <span className="block text-xs text-muted">
                      {c.phone ?? 'No phone'} · {c.orders} {c.orders === 1 ? 'order' : 'orders'}
                    </span>
                  </span>
                  {c.blocked ? <Badge tone="danger">Blocked</Badge> : null}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No customer has this number yet.</p>
        )
      ) : null}
      {creating ? (
        <NewCustomerForm phone={phone} onCreated={onChange} onCancel={() => setCreating(false)} />
      ) : (
        <Button variant="outline" onClick={() => setCreating(true)}>
          <UserPlus className="size-4" aria-hidden="true" />
          New customer
        </Button>
      )}
    </div>
  );
}

function NewCustomerForm({
  phone: typed,
  onCreated,
  onCancel,
}: {
  phone: string;
  onCreated: (c: ChosenCustomer) => void;
  onCancel: () => void;
}) {
  const create = useCreateCustomer();
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState(typed);
  const [email, setEmail] = useState('');
  const fields = create.error instanceof ApiError ? (create.error.fields ?? {}) : {};
  const submit = () =>
    create.mutate(
      { fullName, phone: phone || typed, email: email || undefined },
      { onSuccess: (c) => onCreated({ ...c, blocked: false }) },
    );
  return (
    <form
      className="space-y-4 rounded-2xl border border-line p-4"
      aria-label="New customer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="font-semibold text-ink">New customer</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="new-customer-name"
          label="Full name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          error={fields.fullName}
          required
        />
        <TextField
          id="new-customer-phone"
          label="Phone number"
          type="tel"
          value={phone || typed}
          onChange={(e) => setPhone(e.target.value)}
          error={fields.phone}
          required
        />
        <TextField
          id="new-customer-email"
          label="Email (optional)"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fields.email}
          fieldClassName="sm:col-span-2"
        />
      </div>
      {create.isError && !Object.keys(fields).length ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {errorMessage(create.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={create.isPending} pendingText="Creating...">
          Create customer
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
