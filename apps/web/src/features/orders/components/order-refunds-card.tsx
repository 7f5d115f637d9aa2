/** The customer's refunds on an order: how much, when, where the money goes, and how far it is. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { shopText } from '../shop-texts';
import { formatUGX } from '@meatshop/shared/money';
import { type OrderRefund, type RefundMethod, customerRefundState } from '@meatshop/shared/refunds';
import { RotateCcw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

const REFUND_METHOD_TEXT: Record<RefundMethod, MessageDescriptor> = {
  mobile_money: msg`Mobile money`,
  card: msg`Card`,
  cash: msg`Cash`,
};

export function OrderRefundsCard({ refunds }: { refunds: OrderRefund[] }) {
  const { i18n } = useLingui();
  if (!refunds.length) return null;
  return (
    <Card data-testid="customer-refunds">
      <CardContent className="space-y-3">
        <h2 className="flex items-center gap-2 font-semibold text-ink">
          <RotateCcw className="size-4.5 text-brand-700" aria-hidden="true" />
          <Trans>Refunds</Trans>
        </h2>
        <ul className="divide-y divide-line">
          {refunds.map((r) => {
            const state = customerRefundState(r);
            return (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <p className="font-semibold tabular-nums text-ink">{formatUGX(r.amount)}</p>
                  <p className="text-sm text-muted">
                    {i18n._(REFUND_METHOD_TEXT[r.method])} · {formatDate(r.completedAt ?? r.createdAt)}
                  </p>
                </div>
                <div className="text-right">
                  <Badge tone={state.tone}>{shopText(i18n, state.label)}</Badge>
                  <p className="mt-1 text-xs text-muted">{shopText(i18n, state.detail)}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
