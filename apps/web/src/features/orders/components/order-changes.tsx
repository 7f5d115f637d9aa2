/**
 * The customer's side of order edits: while the order is pending, change quantities or remove a
 * line (the server re-prices it and moves the stock); and the list of changes made to it, by them or
 * by the shop, with the total before and after.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { shopText } from '../shop-texts';
import { formatUGX } from '@meatshop/shared/money';
import type { Order } from '@meatshop/shared/orders';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useEditOrder, useOrderEdits } from '../api/edit-order';
import { type EditableLine, EditableLines } from './editable-lines';

export function OrderItemsEditor({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useEditOrder(order.id);
  const [lines, setLines] = useState<EditableLine[]>(
    order.items.map((i) => ({ productId: i.productId, name: i.productName, quantity: i.quantity })),
  );
  return (
    <section className="space-y-3" aria-label={t`Change items`}>
      <EditableLines lines={lines} setLines={setLines} rowClassName="py-3" nameClassName="font-medium" />
      {save.isError ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {shopText(i18n, errorMessage(save.error))}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() =>
            save.mutate(
              { items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })) },
              {
                onSuccess: () => {
                  toast.success(t`Your order was updated`);
                  onDone();
                },
              },
            )
          }
          pending={save.isPending}
          pendingText={t`Saving...`}
        >
          <Trans>Save changes</Trans>
        </Button>
        <Button variant="ghost" onClick={onDone}>
          <Trans>Keep as it was</Trans>
        </Button>
      </div>
    </section>
  );
}

export function OrderChangesList({ orderId }: { orderId: string }) {
  const { t, i18n } = useLingui();
  const edits = useOrderEdits(orderId);
  if (!edits.data?.edits.length) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-ink">
        <Trans>Changes</Trans>
      </h3>
      <ol className="space-y-2 text-sm" aria-label={t`Changes to this order`}>
        {edits.data.edits.map((e) => (
          <li key={e.id} className="rounded-xl bg-cream-deep/60 px-3 py-2" data-testid="order-change">
            <p className="text-ink">
              {e.editorRole === 'customer' ? t`Changed by you` : t`Changed by the shop`} · {formatDateTime(e.createdAt)}
            </p>
            <p className="text-ink-soft">
              {t`Total ${formatUGX(e.before.total)} → ${formatUGX(e.after.total)}`}
              {e.balance ? ` · ${t`balance of ${formatUGX(e.balance.amount)} to pay (${i18n._(BALANCE_WORDS[e.balance.state])})`}` : ''}
              {e.balanceCancelled > 0 && !e.balance ? ` · ${t`unpaid balance of ${formatUGX(e.balanceCancelled)} cancelled`}` : ''}
              {e.refund ? ` · ${t`${formatUGX(e.refund.amount)} to be refunded`}` : ''}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}

const BALANCE_WORDS = {
  due: msg`not paid yet`,
  paid: msg`paid`,
  collected: msg`paid in cash`,
  cancelled: msg`cancelled`,
} as const;
