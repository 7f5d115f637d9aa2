/** Steps waiting to be sent, and the ones the server refused with the reason (until dismissed). */
import { shortOrderId } from '@meatshop/shared/status';
import { CloudOff, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatTime } from '@/lib/format';
import { dismissAction, useOfflineQueue } from '../offline/offline-queue';

const LABEL = { pickup: 'Confirm Pickup', deliver: 'Complete Delivery' } as const;

export function SyncPanel() {
  // Queued positions are sent quietly; the panel lists the rider's own steps.
  const items = useOfflineQueue().filter((i): i is typeof i & { action: 'pickup' | 'deliver' } => i.action !== 'position');
  if (!items.length) return null;
  const pending = items.filter((i) => i.state === 'pending');
  const refused = items.filter((i) => i.state === 'refused');
  return (
    <div className="space-y-3">
      {pending.length ? (
        <Card className="flex items-start gap-3 p-4" data-testid="pending-sync">
          <CloudOff className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
          <div>
            <p className="font-semibold text-ink">Pending sync ({pending.length})</p>
            <ul className="mt-1 text-sm text-muted">
              {pending.map((i) => (
                <li key={i.seq}>
                  {LABEL[i.action]} · Order #{shortOrderId(i.orderId)} · {formatTime(i.createdAt)}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-xs text-muted">Saved on this phone. It will be sent when you are back online.</p>
          </div>
        </Card>
      ) : null}
      {refused.map((i) => (
        <Card key={i.seq} role="alert" className="flex items-start gap-3 border-danger/30 bg-danger-soft p-4">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-ink">
              {LABEL[i.action]} for Order #{shortOrderId(i.orderId)} was not accepted
            </p>
            <p className="text-sm text-ink-soft">{i.error}</p>
          </div>
          <Button size="sm" variant="outline" onClick={() => i.seq !== undefined && void dismissAction(i.seq)}>
            OK
          </Button>
        </Card>
      ))}
    </div>
  );
}
