/** Steps waiting to be sent, and the ones the server refused with the reason (until dismissed). */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { shortOrderId } from '@meatshop/shared/status';
import { CloudOff, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatTime } from '@/lib/format';
import { dismissAction, EARLIER_STEP_REFUSED, useOfflineQueue } from '../offline/offline-queue';

/** Stored on the phone in English (offline-queue.ts); shown in the rider's language. */
const EARLIER_REFUSED_TEXT = msg`Not sent: an earlier step for this order was refused.`;

function PendingStep({ action, orderNumber, time }: { action: string; orderNumber: string; time: string }) {
  return (
    <Trans>
      {action} · Order #{orderNumber} · {time}
    </Trans>
  );
}

function RefusedStep({ action, orderNumber }: { action: string; orderNumber: string }) {
  return (
    <Trans>
      {action} for Order #{orderNumber} was not accepted
    </Trans>
  );
}

const LABEL = { pickup: msg`Confirm Pickup`, deliver: msg`Complete Delivery` } as const;

export function SyncPanel() {
  // Queued positions are sent quietly; the panel lists the rider's own steps.
  const { i18n } = useLingui();
  const items = useOfflineQueue().filter((i): i is typeof i & { action: 'pickup' | 'deliver' } => i.action !== 'position');
  if (!items.length) return null;
  const pending = items.filter((i) => i.state === 'pending');
  const refused = items.filter((i) => i.state === 'refused');
  const pendingCount = pending.length;
  return (
    <div className="space-y-3">
      {pending.length ? (
        <Card className="flex items-start gap-3 p-4" data-testid="pending-sync">
          <CloudOff className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
          <div>
            <p className="font-semibold text-ink">
              <Trans>Pending sync ({pendingCount})</Trans>
            </p>
            <ul className="mt-1 text-sm text-muted">
              {pending.map((i) => (
                <li key={i.seq}>
                  <PendingStep action={i18n._(LABEL[i.action])} orderNumber={shortOrderId(i.orderId)} time={formatTime(i.createdAt)} />
                </li>
              ))}
            </ul>
            <p className="mt-1 text-xs text-muted">
              <Trans>Saved on this phone. It will be sent when you are back online.</Trans>
            </p>
          </div>
        </Card>
      ) : null}
      {refused.map((i) => (
        <Card key={i.seq} role="alert" className="flex items-start gap-3 border-danger/30 bg-danger-soft p-4">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-ink">
              <RefusedStep action={i18n._(LABEL[i.action])} orderNumber={shortOrderId(i.orderId)} />
            </p>
            <p className="text-sm text-ink-soft">{i.error === EARLIER_STEP_REFUSED ? i18n._(EARLIER_REFUSED_TEXT) : i.error}</p>
          </div>
          <Button size="sm" variant="outline" onClick={() => i.seq !== undefined && void dismissAction(i.seq)}>
            <Trans>OK</Trans>
          </Button>
        </Card>
      ))}
    </div>
  );
}
