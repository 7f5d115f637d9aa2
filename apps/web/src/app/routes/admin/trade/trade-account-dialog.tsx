/**
 * One trade account in the back office: what the business told us, its members and invitations,
 * and the decisions its status allows. A decline or a suspension needs a reason: the owner is emailed it.
 */
import { formatUGX } from '@meatshop/shared/money';
import { type AdminTradeAccountDetail, TRADE_ROLE_LABEL, TRADE_STATUS_LABEL, WEEKLY_VOLUME_LABEL } from '@meatshop/shared/trade';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { TradeStandingOrders } from '@/features/back-office/components/trade-standing-orders';
import { type TradeDecision, useDecideTradeAccount, useTradeAccount, useTradeTiers } from '@/features/back-office/api/trade';
import { TRADE_STATUS_TONE } from '@/features/trade/components/trade-status';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate, formatPhone } from '@/lib/format';
import { toast } from '@/lib/toast';
import { TradeCreditForm } from './trade-credit-form';
import { TradeLedger } from './trade-ledger';

export function TradeAccountDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useTradeAccount(id);
  return (
    <Dialog open={!!id} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        {detail.isPending ? (
          <div className="space-y-4" aria-busy="true">
            <DialogTitle className="sr-only">Trade account</DialogTitle>
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : detail.isError ? (
          <>
            <DialogTitle className="sr-only">Trade account</DialogTitle>
            <ErrorState message="Failed to load the trade account" onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
          </>
        ) : (
          <AccountDetail d={detail.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AccountDetail({ d }: { d: AdminTradeAccountDetail }) {
  const a = d.account;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{a.businessName}</DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-2">
          <Badge tone={TRADE_STATUS_TONE[a.status]}>{TRADE_STATUS_LABEL[a.status]}</Badge>
          {a.tierName ? <Badge tone="brand">{a.tierName}</Badge> : null}
          <span>Applied {formatDate(a.createdAt)}</span>
        </DialogDescription>
      </DialogHeader>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Item label="TIN" value={a.tin} />
        <Item label="Expected weekly volume" value={WEEKLY_VOLUME_LABEL[a.weeklyVolume]} />
        <Item label="Contact" value={`${a.contactName}, ${formatPhone(a.contactPhone)}`} />
        <Item label="Owner's account" value={a.ownerEmail} />
        <Item label="Address" value={`${a.address} (${a.lat.toFixed(5)}, ${a.lng.toFixed(5)})`} wide />
        {a.declineReason ? <Item label={a.status === 'declined' ? 'Declined because' : 'Reason'} value={a.declineReason} wide /> : null}
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-ink">Members</h3>
      <ul className="mt-2 divide-y divide-line text-sm">
        {d.members.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium text-ink">{m.fullName}</span> <span className="text-muted">{m.email}</span>
            </span>
            <span className="flex gap-2">
              <Badge>{TRADE_ROLE_LABEL[m.role]}</Badge>
              {m.approvalLimit ? <Badge tone="info">Up to {formatUGX(m.approvalLimit)}</Badge> : null}
            </span>
          </li>
        ))}
        {d.invitations.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-muted">
            <span>{i.email}</span>
            <Badge tone="warning">Invited as {TRADE_ROLE_LABEL[i.role].toLowerCase()}</Badge>
          </li>
        ))}
      </ul>
      {a.status === 'approved' || a.termsDays ? (
        <div className="mt-6 border-t border-line pt-6">
          <TradeCreditForm account={a} />
        </div>
      ) : null}
      {a.termsDays ? (
        <div className="mt-6 border-t border-line pt-6">
          <TradeLedger accountId={a.id} />
        </div>
      ) : null}
      <h3 className="mt-6 mb-2 text-sm font-semibold text-ink">Standing orders</h3>
      <TradeStandingOrders accountId={a.id} />
      <div className="mt-6 border-t border-line pt-6">
        <Decisions d={d} />
      </div>
    </>
  );
}

function Item({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-muted">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-ink">{value}</dd>
    </div>
  );
}

const DONE: Record<TradeDecision['kind'], string> = {
  approve: 'Trade account approved; the owner is told by email',
  decline: 'Application declined; the owner is told by email',
  suspend: 'Trade account suspended; the owner is told by email',
  reinstate: 'Trade account reinstated',
  tier: 'Tier changed',
};

function Decisions({ d }: { d: AdminTradeAccountDetail }) {
  const a = d.account;
  const tiers = useTradeTiers();
  const decide = useDecideTradeAccount(a.id);
  const [tierId, setTierId] = useState(a.tierId ?? '');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  useEffect(() => setTierId(a.tierId ?? ''), [a.tierId]);

  const run = (decision: TradeDecision) =>
    decide.mutate(decision, {
      onSuccess: () => {
        toast.success(DONE[decision.kind]);
        setReason('');
        setReasonError(undefined);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields?.reason) setReasonError(err.fields.reason);
        toast.error(errorMessage(err, 'Failed to save the decision'));
      },
    });
  const pending = (kind: TradeDecision['kind']) => decide.isPending && decide.variables?.kind === kind;

  const tierSelect = (
    <Field id="trade-tier" label="Tier" hint="Which price list the business buys on">
      <Select id="trade-tier" value={tierId} onChange={(e) => setTierId(e.target.value)} aria-describedby="trade-tier-hint">
        <option value="" disabled>
          {tiers.isPending ? 'Loading tiers…' : 'Choose a tier'}
        </option>
        {(tiers.data ?? []).map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </Select>
    </Field>
  );
  const reasonField = (label: string) => (
    <Field id="trade-reason" label={label} error={reasonError} hint="The owner is emailed this reason.">
      <Textarea
        id="trade-reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        invalid={!!reasonError}
        className="min-h-20"
        aria-describedby={reasonError ? 'trade-reason-error' : 'trade-reason-hint'}
      />
    </Field>
  );

  if (a.status === 'applied') {
    return (
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="space-y-3">
          {tierSelect}
          <Button
            className="w-full"
            disabled={!tierId}
            pending={pending('approve')}
            pendingText="Approving…"
            onClick={() => run({ kind: 'approve', tierId })}
          >
            Approve
          </Button>
        </div>
        <div className="space-y-3">
          {reasonField('Reason to decline')}
          <Button
            variant="danger"
            className="w-full"
            pending={pending('decline')}
            pendingText="Declining…"
            onClick={() => run({ kind: 'decline', reason })}
          >
            Decline
          </Button>
        </div>
      </div>
    );
  }
  if (a.status === 'approved') {
    return (
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="space-y-3">
          {tierSelect}
          <Button
            variant="outline"
            className="w-full"
            disabled={!tierId || tierId === a.tierId}
            pending={pending('tier')}
            onClick={() => run({ kind: 'tier', tierId })}
          >
            Change tier
          </Button>
        </div>
        <div className="space-y-3">
          {reasonField('Reason to suspend')}
          <Button
            variant="danger"
            className="w-full"
            pending={pending('suspend')}
            pendingText="Suspending…"
            onClick={() => run({ kind: 'suspend', reason })}
          >
            Suspend
          </Button>
        </div>
      </div>
    );
  }
  if (a.status === 'suspended') {
    return (
      <Button
        className="w-full sm:w-auto"
        pending={pending('reinstate')}
        pendingText="Reinstating…"
        onClick={() => run({ kind: 'reinstate' })}
      >
        Reinstate
      </Button>
    );
  }
  return <p className="text-sm text-muted">A declined application stays as it is; the business can shop as a household.</p>;
}
