/**
 * An order's changes in the back office: each kept edit (who, when, the lines and total before and
 * after, a refund it opened), and, until the order is packed, a form to change quantities, remove a
 * line or add a product. The server re-prices, moves the stock and refuses what it may not do.
 */
import type { AdminOrder } from '@meatshop/shared/admin-orders';
import { formatUGX } from '@meatshop/shared/money';
import type { OrderEditView } from '@meatshop/shared/order-edits';
import { REFUND_METHOD_LABEL, type RefundMethod } from '@meatshop/shared/refunds';
import { History, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAdminProducts } from '../api/catalog';
import { useEditOrder, useOrderEdits } from '../api/order-edits';
import { useCan } from '../hooks/use-can';
import { type EditableLine, EditableLines } from '@/features/orders/components/editable-lines';

// Lines cut or noted for the butcher are not edited (the server refuses it with the reason).
const editable = (o: AdminOrder) =>
  (o.status === 'pending' || o.status === 'assigned') &&
  !o.pickedUpAt &&
  !o.items.some((i) => i.options.length > 0 || i.note || i.weight || i.markdown);

export function OrderEdits({ order, onChanged }: { order: AdminOrder; onChanged: (o: AdminOrder) => void }) {
  const edits = useOrderEdits(order.id);
  const [editing, setEditing] = useState(false);
  const mayEdit = useCan('orders.edit');
  return (
    <section className="mt-6 border-t border-line pt-4" aria-labelledby="order-edits-title">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 id="order-edits-title" className="flex items-center gap-2 text-sm font-semibold text-ink">
          <History className="size-4 text-brand-700" aria-hidden="true" />
          Changes
        </h3>
        {mayEdit && editable(order) && !editing ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit items
          </Button>
        ) : null}
      </div>
      {editing ? (
        <EditForm
          order={order}
          onDone={(o) => {
            setEditing(false);
            if (o) onChanged(o);
          }}
        />
      ) : null}
      {edits.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : edits.isError ? (
        <p className="text-sm text-danger" role="alert">
          {errorMessage(edits.error, 'Failed to load the changes')}
        </p>
      ) : edits.data.edits.length ? (
        <ol className="space-y-2" aria-label="Order changes">
          {edits.data.edits.map((e) => (
            <EditEntry key={e.id} edit={e} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted">Not changed since it was placed.</p>
      )}
    </section>
  );
}

const linesText = (lines: OrderEditView['before']['lines']) => lines.map((l) => `${l.productName} × ${l.quantity}`).join(', ');

function EditEntry({ edit: e }: { edit: OrderEditView }) {
  const d = e.amountDifference;
  return (
    <li className="rounded-xl border border-line p-3 text-sm" data-testid="order-edit">
      <p className="font-medium text-ink">
        {e.editorRole === 'customer' ? `${e.editorName} (customer)` : e.editorName} · {formatDateTime(e.createdAt)}
      </p>
      <p className="mt-1 text-ink-soft">
        <span className="text-muted">Was:</span> {linesText(e.before.lines)} — {formatUGX(e.before.total)}
      </p>
      <p className="text-ink-soft">
        <span className="text-muted">Now:</span> {linesText(e.after.lines)} — {formatUGX(e.after.total)}{' '}
        <span className={d < 0 ? 'text-success' : d > 0 ? 'text-brand-700' : 'text-muted'}>
          ({d > 0 ? '+' : d < 0 ? '−' : '±'}
          {formatUGX(Math.abs(d))})
        </span>
      </p>
      {e.balanceCancelled > 0 ? (
        <p className="mt-1 text-xs text-muted">Unpaid balance of {formatUGX(e.balanceCancelled)} cancelled</p>
      ) : null}
      {e.balance ? (
        <p className="mt-1 text-xs text-muted" data-testid="order-edit-balance">
          Balance of {formatUGX(e.balance.amount)} asked by SMS link · {BALANCE_STATE_LABEL[e.balance.state]}
          {e.balance.state === 'due' && e.balance.cancelledAmount > 0
            ? ` (${formatUGX(e.balance.amount - e.balance.cancelledAmount)} left)`
            : ''}
        </p>
      ) : null}
      {e.refund ? (
        <p className="mt-1 text-xs text-muted">
          Refund of {formatUGX(e.refund.amount)} opened ({REFUND_METHOD_LABEL[e.refund.method as RefundMethod] ?? e.refund.method})
        </p>
      ) : null}
    </li>
  );
}

const BALANCE_STATE_LABEL: Record<NonNullable<OrderEditView['balance']>['state'], string> = {
  due: 'not paid yet',
  paid: 'paid online',
  collected: 'paid to the rider in cash',
  cancelled: 'cancelled by a later change',
};

function EditForm({ order, onDone }: { order: AdminOrder; onDone: (o: AdminOrder | null) => void }) {
  const save = useEditOrder(order.id);
  const products = useAdminProducts();
  const [lines, setLines] = useState<EditableLine[]>(
    order.items.map((i) => ({ productId: i.productId, name: i.productName, quantity: i.quantity })),
  );
  const [adding, setAdding] = useState('');
  const addable = (products.data ?? []).filter((p) => p.stock > 0 && !lines.some((l) => l.productId === p.id));
  const submit = () =>
    save.mutate(
      { items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })) },
      {
        onSuccess: (o) => {
          toast.success(
            o.balanceDue > order.balanceDue
              ? `Order changed. The customer was sent an SMS with a link to pay the balance of ${formatUGX(o.balanceDue)}.`
              : 'Order changed',
          );
          onDone(o);
        },
      },
    );
  return (
    <section className="mb-4 space-y-3 rounded-2xl border border-line bg-cream p-4" aria-label="Edit items">
      <EditableLines lines={lines} setLines={setLines} rowClassName="py-2 text-sm" />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Select aria-label="Add a product" value={adding} onChange={(e) => setAdding(e.target.value)} className="h-10 flex-1">
          <option value="">Add a product…</option>
          {addable.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({formatUGX(p.discountPrice ?? p.price)})
            </option>
          ))}
        </Select>
        <Button
          variant="secondary"
          size="sm"
          disabled={!adding}
          onClick={() => {
            const p = addable.find((x) => x.id === adding);
            if (p) setLines((ls) => [...ls, { productId: p.id, name: p.name, quantity: 1 }]);
            setAdding('');
          }}
        >
          Add
        </Button>
      </div>
      {save.isError ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={submit} pending={save.isPending} pendingText="Saving...">
          Save changes
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
      <p className="text-xs text-muted">
        Prices of lines already ordered stay; new products are priced now. A paid order made cheaper is refunded the difference (after
        cancelling any unpaid balance); made dearer, the customer is sent a link to pay the balance.
      </p>
    </section>
  );
}
