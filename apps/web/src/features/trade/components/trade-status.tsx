/** The business as its members see it: name, status (and why, if declined or suspended), tier and address. */
import { TRADE_ROLE_LABEL, TRADE_STATUS_LABEL, type MyTrade, type TradeStatus } from '@meatshop/shared/trade';
import type { Tone } from '@meatshop/shared/status';
import { formatUGX } from '@meatshop/shared/money';
import { Building2, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { formatDate, formatPhone } from '@/lib/format';

export const TRADE_STATUS_TONE: Record<TradeStatus, Tone> = {
  applied: 'info',
  approved: 'success',
  declined: 'danger',
  suspended: 'warning',
};

export function TradeStatusCard({ mine }: { mine: MyTrade & { account: NonNullable<MyTrade['account']> } }) {
  const a = mine.account;
  return (
    <Card>
      <CardContent className="sm:p-8">
        <div className="flex items-start gap-4">
          <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Building2 className="size-6" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 className="font-display text-2xl font-semibold text-ink">{a.businessName}</h2>
            <div className="mt-1.5 flex flex-wrap gap-2">
              <Badge tone={TRADE_STATUS_TONE[a.status]} data-testid="trade-status">
                {TRADE_STATUS_LABEL[a.status]}
              </Badge>
              {mine.role ? <Badge>{TRADE_ROLE_LABEL[mine.role]}</Badge> : null}
              {a.tierName ? <Badge tone="brand">{a.tierName}</Badge> : null}
            </div>
          </div>
        </div>
        {a.status === 'applied' ? (
          <p className="mt-6 flex items-start gap-2 rounded-2xl bg-info-soft p-4 text-sm text-ink">
            <Clock className="mt-0.5 size-4 shrink-0 text-info" aria-hidden="true" />
            We received your application on {formatDate(a.createdAt)}. We check the details and email you, usually within two working days.
          </p>
        ) : null}
        {(a.status === 'declined' || a.status === 'suspended') && a.declineReason ? (
          <div className="mt-6 rounded-2xl bg-danger-soft p-4 text-sm text-ink">
            <p className="font-semibold">{a.status === 'declined' ? 'Why we could not approve it' : 'Why it is suspended'}</p>
            <p className="mt-1">{a.declineReason}</p>
            <p className="mt-2 text-muted">Orders you place now are household orders.</p>
          </div>
        ) : null}
        <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
          <Detail label="TIN" value={a.tin} />
          <Detail label="Contact" value={`${a.contactName}, ${formatPhone(a.contactPhone)}`} />
          <Detail label="Address" value={a.address} wide />
          {mine.role === 'buyer' && mine.approvalLimit ? <Detail label="Your buying limit" value={formatUGX(mine.approvalLimit)} /> : null}
        </dl>
      </CardContent>
    </Card>
  );
}

function Detail({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-muted">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-ink">{value}</dd>
    </div>
  );
}
