/**
 * The cold-chain warnings above the dispatch and outlet order lists: one line per open order near or
 * past its time out of the chiller, the worst first, in the words "Cold chain: 72 of 90 min out of
 * the chiller". Nothing at all when every order is within its limit.
 */
import { type ColdChainAlert, coldChainWarning } from '@meatshop/shared/cold-chain';
import { shortOrderId } from '@meatshop/shared/status';
import { Snowflake, ThermometerSun } from 'lucide-react';
import { Link } from '@/lib/router';
import { type ColdChainScope, useColdChainAlerts } from '../api/cold-chain';

export function ColdChainWarnings({ scope, orderHref }: { scope: ColdChainScope; orderHref?: (orderId: string) => string }) {
  const alerts = useColdChainAlerts(scope);
  const list = alerts.data?.alerts ?? [];
  if (alerts.isError)
    return (
      <p role="status" className="rounded-xl border border-line bg-cream-deep px-4 py-3 text-sm text-ink-soft">
        Cold-chain warnings could not be loaded.{' '}
        <button type="button" className="font-semibold text-brand-700 underline" onClick={() => alerts.refetch()}>
          Try again
        </button>
      </p>
    );
  if (!list.length) return null;
  return (
    <section aria-label="Cold-chain warnings" className="space-y-2" data-testid="cold-chain-warnings">
      {list.map((a) => (
        <Warning key={a.orderId} a={a} scope={scope} href={orderHref?.(a.orderId)} />
      ))}
    </section>
  );
}

function Warning({ a, scope, href }: { a: ColdChainAlert; scope: ColdChainScope; href?: string }) {
  const over = a.level === 'over';
  // Each wing's own order number: the outlet portal lists orders by their short id.
  const number = scope === 'outlet' ? shortOrderId(a.orderId) : a.orderNumber;
  const Icon = over ? ThermometerSun : Snowflake;
  const who =
    scope === 'admin' ? [a.outletName, a.riderName ?? 'No rider yet'].filter(Boolean).join(' · ') : (a.riderName ?? 'No rider yet');
  return (
    <div
      role="alert"
      data-testid="cold-chain-warning"
      data-level={a.level}
      className={`flex items-start gap-3 rounded-2xl border px-4 py-3 ${
        over ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-950'
      }`}
    >
      <span
        className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${over ? 'bg-red-600' : 'bg-amber-500'} text-white`}
      >
        <Icon className="size-4.5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{coldChainWarning(a.minutesOut, a.limitMinutes)}</p>
        <p className="text-sm opacity-90">
          {href ? (
            <Link to={href} className="font-mono font-semibold underline underline-offset-2">
              #{number}
            </Link>
          ) : (
            <span className="font-mono font-semibold">#{number}</span>
          )}
          {' · '}
          {over ? 'Past its limit' : 'Near its limit'}
          {who ? ` · ${who}` : ''}
        </p>
      </div>
    </div>
  );
}

/** The order ids with a warning, to highlight their rows in a list. */
export function useColdChainOrderIds(scope: ColdChainScope): Map<string, ColdChainAlert> {
  const alerts = useColdChainAlerts(scope);
  return new Map((alerts.data?.alerts ?? []).map((a) => [a.orderId, a]));
}
