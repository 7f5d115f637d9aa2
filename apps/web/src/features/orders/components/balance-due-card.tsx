/**
 * A paid order made dearer: what is left to pay, on the customer's order page. Pay opens the same
 * pay page as the SMS link; once the order is out, the rider takes the balance in cash instead.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '@meatshop/shared/orders';
import { formatUGX } from '@meatshop/shared/money';
import { Lock, Wallet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/router';

export function BalanceDueCard({ order }: { order: Pick<Order, 'balanceDue' | 'balancePayPath' | 'status'> }) {
  const { t } = useLingui();
  if (order.balanceDue <= 0 || order.status === 'cancelled') return null;
  return (
    <section
      className="flex flex-col gap-4 rounded-3xl border border-gold/40 bg-gold-soft/60 p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="balance-due"
      aria-label={t`Balance to pay`}
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-brand-700">
          <Wallet className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="text-sm font-medium text-ink-soft">
            <Trans>Your order was changed after you paid</Trans>
          </p>
          <p className="font-display text-xl font-semibold tabular-nums text-ink sm:text-2xl">
            <Trans>Balance to pay: {formatUGX(order.balanceDue)}</Trans>
          </p>
          {order.balancePayPath ? null : (
            <p className="mt-1 text-sm text-ink-soft">
              <Trans>Please pay it to the rider in cash on delivery.</Trans>
            </p>
          )}
        </div>
      </div>
      {order.balancePayPath ? (
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link to={order.balancePayPath}>
            <Lock className="size-4" aria-hidden="true" />
            <Trans>Pay {formatUGX(order.balanceDue)}</Trans>
          </Link>
        </Button>
      ) : null}
    </section>
  );
}
