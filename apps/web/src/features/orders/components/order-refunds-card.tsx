/** The customer's refunds on an order: how much, when, where the money goes, and how far it is. */
import { formatUGX } from '@meatshop/shared/money';
import { type OrderRefund, REFUND_METHOD_LABEL, customerRefundState } from '@meatshop/shared/refunds';
import { RotateCcw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

export function OrderRefundsCard({ refunds }: { refunds: OrderRefund[] }) {
  if (!refunds.length) return null;
  return (
    <Card data-testid="customer-refunds">
      <CardContent className="space-y-3">
        <h2 className="flex items-center gap-2 font-semibold text-ink">
          <RotateCcw className="size-4.5 text-brand-700" aria-hidden="true" />
          Refunds
        </h2>
        <ul className="divide-y divide-line">
          {refunds.map((r) => {
            const state = customerRefundState(r);
            return (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <p className="font-semibold tabular-nums text-ink">{formatUGX(r.amount)}</p>
                  <p className="text-sm text-muted">
                    {REFUND_METHOD_LABEL[r.method]} · {formatDate(r.completedAt ?? r.createdAt)}
                  </p>
                </div>
                <div className="text-right">
                  <Badge tone={state.tone}>{state.label}</Badge>
                  <p className="mt-1 text-xs text-muted">{state.detail}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
