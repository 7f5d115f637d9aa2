/**
 * The customer's side of order edits: while the order is pending, change quantities or remove a
 * line (the server re-prices it and moves the stock); and the list of changes made to it, by them or
 * by the shop, with the total before and after.
 */
import { formatUGX } from '@meatshop/shared/money';
import type { Order } from '@meatshop/shared/orders';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useEditOrder, useOrderEdits } from '../api/edit-order';

export function OrderItemsEditor({ order, onDone }: { order: Order; onDone: () => void }) {
  const save = useEditOrder(order.id);
  const [lines, setLines] = useState(order.items.map((i) => ({ productId: i.productId, name: i.productName, quantity: i.quantity })));
  const setQty = (id: string, q: number) => setLines((ls) => ls.map((l) => (l.productId === id ? { ...l, quantity: Math.max(1, q) } : l)));
  return (
    <section className="space-y-3" aria-label="Change items">
      <ul className="divide-y divide-line">
        {lines.map((l) => (
          <li key={l.productId} className="flex items-center gap-2 py-3">
            <span className="min-w-0 flex-1 font-medium text-ink">{l.name}</span>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Fewer ${l.name}`}
              disabled={l.quantity <= 1}
              onClick={() => setQty(l.productId, l.quantity - 1)}
            >
              <Minus className="size-4" aria-hidden="true" />
            </Button>
            <output className="w-8 text-center font-semibold tabular-nums">{l.quantity}</output>
            <Button variant="ghost" size="icon-sm" aria-label={`More ${l.name}`} onClick={() => setQty(l.productId, l.quantity + 1)}>
              <Plus className="size-4" aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove ${l.name}`}
              disabled={lines.length <= 1}
              onClick={() => setLines((ls) => ls.filter((x) => x.productId !== l.productId))}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {save.isError ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() =>
            save.mutate(
              { items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })) },
              {
                onSuccess: () => {
                  toast.success('Your order was updated');
                  onDone();
                },
              },
            )
          }
          pending={save.isPending}
          pendingText="Saving..."
        >
          Save changes
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Keep as it was
        </Button>
      </div>
    </section>
  );
}

export function OrderChangesList({ orderId }: { orderId: string }) {
  const edits = useOrderEdits(orderId);
  if (!edits.data?.edits.length) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-ink">Changes</h3>
      <ol className="space-y-2 text-sm" aria-label="Changes to this order">
        {edits.data.edits.map((e) => (
          <li key={e.id} className="rounded-xl bg-cream-deep/60 px-3 py-2" data-testid="order-change">
            <p className="text-ink">
              {e.editorRole === 'customer' ? 'Changed by you' : 'Changed by the shop'} · {formatDateTime(e.createdAt)}
            </p>
            <p className="text-ink-soft">
              Total {formatUGX(e.before.total)} → {formatUGX(e.after.total)}
              {e.balance ? ` · balance of ${formatUGX(e.balance.amount)} to pay (${BALANCE_WORDS[e.balance.state]})` : ''}
              {e.balanceCancelled > 0 && !e.balance ? ` · unpaid balance of ${formatUGX(e.balanceCancelled)} cancelled` : ''}
              {e.refund ? ` · ${formatUGX(e.refund.amount)} to be refunded` : ''}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}

const BALANCE_WORDS = { due: 'not paid yet', paid: 'paid', collected: 'paid in cash', cancelled: 'cancelled' } as const;
