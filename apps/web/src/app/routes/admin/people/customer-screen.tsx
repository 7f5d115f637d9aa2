/**
 * One customer for staff: contact details and SMS preference, the block (with its reason), notes staff
 * leave for each other, saved addresses, orders, refunds and the messages the shop sent them.
 */
import { isPhoneOnlyEmail } from '@meatshop/shared/staff-orders';
import { BlockCustomerInput, CustomerNoteInput, type AdminCustomerDetail } from '@meatshop/shared/admin-customers';
import {
  ACCOUNT_MESSAGE_LABEL,
  MESSAGE_EVENT_LABEL,
  MESSAGE_STATUS_LABEL,
  PAY_LINK_MESSAGE_LABEL,
  REFUND_MESSAGE_LABEL,
} from '@meatshop/shared/messages';
import { formatUGX } from '@meatshop/shared/money';
import { REFUND_REASON_LABEL, REFUND_STATE_LABEL } from '@meatshop/shared/refunds';
import {
  customerOrderNumber,
  ORDER_STATUS_LABEL,
  ORDER_STATUS_TONE,
  type OrderStatus,
  PAYMENT_METHOD_LABEL,
  type PaymentMethod,
} from '@meatshop/shared/status';
import { ArrowLeft, Ban, Contact } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useAddCustomerNote, useBlockCustomer, useCustomer } from '@/features/back-office/api/customers';
import { useCan } from '@/features/back-office/hooks/use-can';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { Link, useParams } from '@/lib/router';
import { toast } from '@/lib/toast';

const label = (map: Record<string, string>, key: string) => map[key] ?? key;

export function CustomerScreen() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  // Support and managers note and block; a dispatcher looking up a customer only reads.
  const mayManage = useCan('customers.manage');
  const back = (
    <Link to={paths.admin.customers} className="inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-ink">
      <ArrowLeft className="size-4" aria-hidden="true" />
      All customers
    </Link>
  );
  if (customer.isPending)
    return (
      <div className="space-y-4" aria-busy="true">
        {back}
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  if (customer.isError)
    return (
      <div className="space-y-4">
        {back}
        <ErrorState
          title={customer.error && errorMessage(customer.error) === 'Customer not found' ? 'Customer not found' : 'Failed to load customer'}
          message={errorMessage(customer.error)}
          onRetry={() => void customer.refetch()}
          retrying={customer.isFetching}
        />
      </div>
    );
  const d = customer.data;
  return (
    <div className="space-y-5">
      {back}
      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-1">
          <ContactCard d={d} />
          {mayManage ? <BlockCard d={d} /> : null}
          <NotesCard d={d} mayWrite={mayManage} />
        </div>
        <div className="space-y-5 lg:col-span-2">
          <OrdersCard d={d} />
          <RefundsCard d={d} />
          <MessagesCard d={d} />
        </div>
      </div>
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-muted">{term}</dt>
      <dd className="text-right font-medium break-all text-ink">{children}</dd>
    </div>
  );
}

function ContactCard({ d }: { d: AdminCustomerDetail }) {
  const c = d.customer;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {c.fullName}
          {c.blockedAt ? <Badge tone="danger">Blocked</Badge> : null}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-line">
          <Row term="Email">{isPhoneOnlyEmail(c.email) ? 'None (ordered by phone)' : c.email}</Row>
          <Row term="Phone">{c.phone ?? '—'}</Row>
          <Row term="Joined">{formatDate(c.createdAt)}</Row>
          <Row term="SMS updates">{c.smsOptOut ? 'Opted out' : 'On'}</Row>
        </dl>
        <h3 className="mt-4 mb-2 text-sm font-semibold text-ink">Saved addresses</h3>
        {d.addresses.length ? (
          <ul className="space-y-1.5 text-sm text-ink-soft">
            {d.addresses.map((a) => (
              <li key={a.id}>
                {a.address}
                {a.isDefault ? <span className="ml-2 text-xs text-muted">(default)</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No saved addresses.</p>
        )}
      </CardContent>
    </Card>
  );
}

function BlockCard({ d }: { d: AdminCustomerDetail }) {
  const block = useBlockCustomer(d.customer.id);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const blocked = !!d.customer.blockedAt;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = BlockCustomerInput.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    block.mutate(parsed.data.reason, {
      onSuccess: () => {
        toast.success('Customer blocked');
        setAsking(false);
        setReason('');
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ordering</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {blocked ? (
          <>
            <p className="text-ink">
              Blocked on {formatDateTime(d.customer.blockedAt!)}: <span className="font-medium">{d.customer.blockedReason}</span>
            </p>
            <p className="text-muted">They cannot place orders and are asked to call the shop.</p>
            <Button
              variant="outline"
              pending={block.isPending}
              onClick={() =>
                block.mutate(null, {
                  onSuccess: () => toast.success('Customer unblocked'),
                  onError: (err) => toast.error(errorMessage(err)),
                })
              }
            >
              Unblock
            </Button>
          </>
        ) : asking ? (
          <form aria-label="Block this customer" className="space-y-3" onSubmit={submit}>
            <Field id="block-reason" label="Reason (staff only)" error={error}>
              <Textarea
                id="block-reason"
                value={reason}
                maxLength={300}
                invalid={!!error}
                aria-describedby={fieldDescribedBy('block-reason', error)}
                className="min-h-20"
                autoFocus
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setAsking(false)} disabled={block.isPending}>
                Back
              </Button>
              <Button type="submit" variant="danger" pending={block.isPending}>
                Block Customer
              </Button>
            </div>
          </form>
        ) : (
          <>
            <p className="text-muted">Can place orders.</p>
            <Button variant="outline" onClick={() => setAsking(true)}>
              <Ban className="size-4" aria-hidden="true" />
              Block
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function NotesCard({ d, mayWrite }: { d: AdminCustomerDetail; mayWrite: boolean }) {
  const add = useAddCustomerNote(d.customer.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CustomerNoteInput.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    add.mutate(parsed.data.text, {
      onSuccess: () => {
        toast.success('Note added');
        setText('');
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notes</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <form aria-label="Add a note" className="space-y-2" onSubmit={submit} hidden={!mayWrite}>
          <Field id="customer-note" label="New note" error={error} hint="Seen by staff only, e.g. a gate code.">
            <Textarea
              id="customer-note"
              value={text}
              maxLength={500}
              invalid={!!error}
              aria-describedby={fieldDescribedBy('customer-note', error)}
              className="min-h-16"
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" size="sm" pending={add.isPending}>
              Add Note
            </Button>
          </div>
        </form>
        {d.notes.length ? (
          <ul className="space-y-3">
            {d.notes.map((n) => (
              <li key={n.id} className="rounded-xl bg-cream p-3 text-sm">
                <p className="whitespace-pre-line text-ink">{n.text}</p>
                <p className="mt-1 text-xs text-muted">
                  {n.authorName} · {formatDateTime(n.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No notes yet.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** One of the customer's histories: a titled card listing rows (main line, detail, value at the end). */
function HistoryCard({
  title,
  rows,
  empty,
}: {
  title: string;
  rows: { key: string; main: ReactNode; detail: ReactNode; end: ReactNode }[];
  empty: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length ? (
          <ul className="divide-y divide-line" aria-label={title}>
            {rows.map((r) => (
              <li key={r.key} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
                <div>
                  {r.main}
                  <p className="text-xs text-muted">{r.detail}</p>
                </div>
                {r.end}
              </li>
            ))}
          </ul>
        ) : (
          empty
        )}
      </CardContent>
    </Card>
  );
}

function OrdersCard({ d }: { d: AdminCustomerDetail }) {
  return (
    <HistoryCard
      title="Orders"
      rows={d.orders.map((o) => ({
        key: o.id,
        main: (
          <Link to={paths.admin.order(o.id)} className="font-mono font-semibold text-ink underline-offset-4 hover:underline">
            #{customerOrderNumber(o.id)}
          </Link>
        ),
        detail: `${formatDateTime(o.createdAt)} · ${PAYMENT_METHOD_LABEL[o.paymentMethod as PaymentMethod] ?? o.paymentMethod}`,
        end: (
          <div className="flex items-center gap-3">
            <span className="font-semibold tabular-nums">{formatUGX(o.totalAmount)}</span>
            <Badge tone={ORDER_STATUS_TONE[o.status as OrderStatus] ?? 'neutral'}>
              {ORDER_STATUS_LABEL[o.status as OrderStatus] ?? o.status}
            </Badge>
          </div>
        ),
      }))}
      empty={<EmptyState icon={Contact} title="No orders yet" description="Orders this customer places appear here." className="py-6" />}
    />
  );
}

function RefundsCard({ d }: { d: AdminCustomerDetail }) {
  return (
    <HistoryCard
      title="Refunds"
      rows={d.refunds.map((r) => ({
        key: r.id,
        main: (
          <p className="font-medium text-ink">
            {formatUGX(r.amount)} · {label(REFUND_REASON_LABEL, r.reason)}
          </p>
        ),
        detail: `#${customerOrderNumber(r.orderId)} · ${formatDateTime(r.createdAt)}`,
        end: <Badge>{label(REFUND_STATE_LABEL, r.status)}</Badge>,
      }))}
      empty={<p className="text-sm text-muted">No refunds.</p>}
    />
  );
}

const MESSAGE_EVENTS = { ...MESSAGE_EVENT_LABEL, ...REFUND_MESSAGE_LABEL, ...PAY_LINK_MESSAGE_LABEL, ...ACCOUNT_MESSAGE_LABEL } as Record<
  string,
  string
>;

function MessagesCard({ d }: { d: AdminCustomerDetail }) {
  return (
    <HistoryCard
      title="Messages sent"
      rows={d.messages.map((m) => ({
        key: m.id,
        main: (
          <p className="font-medium text-ink">
            {m.channel === 'sms' ? 'SMS' : 'Email'} · {label(MESSAGE_EVENTS, m.event)}
          </p>
        ),
        detail: `${m.orderId ? `#${customerOrderNumber(m.orderId)} · ` : ''}${formatDateTime(m.createdAt)}`,
        end: <Badge>{label(MESSAGE_STATUS_LABEL, m.status)}</Badge>,
      }))}
      empty={<p className="text-sm text-muted">No messages sent yet.</p>}
    />
  );
}
