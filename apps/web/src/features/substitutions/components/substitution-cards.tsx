/**
 * On the customer's order page: one clear card per substituted line ("Substituted: Y instead of X")
 * with Refuse substitute while the window is open and the rider has not picked the order up. The
 * server decides for good; the button hides itself when the time runs out.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { shopText } from '@/features/orders/shop-texts';
import type { Order } from '@meatshop/shared/orders';
import { formatUGX } from '@meatshop/shared/money';
import { Repeat, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRefuseSubstitute } from '../api/substitutions';

export function SubstitutionCards({ order }: { order: Order }) {
  const lines = order.items.filter((i) => i.substitution.substitute);
  if (lines.length === 0) return null;
  return (
    <div className="space-y-3">
      {lines.map((line) => (
        <SubstitutionCard key={line.id} order={order} line={line} />
      ))}
    </div>
  );
}

function useNow(ms: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

function SubstitutionCard({ order, line }: { order: Order; line: Order['items'][number] }) {
  const { t, i18n } = useLingui();
  const s = line.substitution;
  const sub = s.substitute!;
  const refuse = useRefuseSubstitute(order.id);
  const now = useNow(15_000);
  const until = s.refusableUntil ? Date.parse(s.refusableUntil) : 0;
  const open = until > now;
  const minutesLeft = Math.max(1, Math.ceil((until - now) / 60_000));
  const onRefuse = () => {
    if (!window.confirm(t`Refuse ${sub.name}? We take it out of your order and refund it.`)) return;
    refuse.mutate(line.id, {
      onSuccess: () => toast.success(t`Substitute refused: it will be refunded`),
      onError: (err) => toast.error(shopText(i18n, errorMessage(err, t`Could not refuse the substitute`))),
    });
  };
  return (
    <section
      className="flex flex-col gap-4 rounded-3xl border border-brand-700/25 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="substitution-card"
      aria-label={t`Substitution for ${line.productName}`}
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-brand-700">
          <Repeat className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          {s.refusedAt ? (
            <>
              <p className="text-sm font-medium text-ink-soft">
                <Trans>Substitute refused</Trans>
              </p>
              <p className="font-display text-lg font-semibold text-ink sm:text-xl">
                <Trans>
                  {sub.name} was taken out: {line.productName} is refunded
                </Trans>
              </p>
            </>
          ) : (
            <>
              <p className="text-sm font-medium text-ink-soft">
                <Trans>{line.productName} was short when we packed your order</Trans>
              </p>
              <p className="font-display text-lg font-semibold text-ink sm:text-xl">
                <Trans>
                  Substituted: {sub.quantity} × {sub.name} instead of {line.productName}
                </Trans>
              </p>
              <p className="mt-1 text-sm text-ink-soft">
                {s.finalPrice != null ? (
                  <Trans>
                    {formatUGX(sub.price)} each. You never pay more than you ordered: this line is now{' '}
                    <span className="font-semibold tabular-nums">{formatUGX(s.finalPrice)}</span>.
                  </Trans>
                ) : (
                  <Trans>{formatUGX(sub.price)} each. You never pay more than you ordered.</Trans>
                )}
              </p>
              {open ? (
                <p className="mt-1 text-sm font-medium text-brand-800">
                  {t`${plural(minutesLeft, {
                    one: 'You can refuse it for # more minute, until the rider picks it up.',
                    other: 'You can refuse it for # more minutes, until the rider picks it up.',
                  })}`}
                </p>
              ) : null}
            </>
          )}
        </div>
      </div>
      {!s.refusedAt && open ? (
        <Button
          variant="outline"
          size="lg"
          className="w-full shrink-0 sm:w-auto"
          onClick={onRefuse}
          pending={refuse.isPending}
          pendingText={t`Refusing...`}
        >
          <Undo2 className="size-4" aria-hidden="true" />
          <Trans>Refuse substitute</Trans>
        </Button>
      ) : null}
    </section>
  );
}
