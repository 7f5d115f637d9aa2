/**
 * A rider's shifts (one Kampala day each): cash collected, handed over, the difference, and who
 * received it. A reversed hand-over stays listed, struck through, with its reversing entry and reason.
 */
import { CASH_SHIFT_LABEL, type CashHandover, type CashShift, type CashShiftStatus } from '@meatshop/shared/cash';
import { kampalaDate } from '@meatshop/shared/delivery-slots';
import { formatUGX } from '@meatshop/shared/money';
import type { Tone } from '@meatshop/shared/status';
import { Undo2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate, formatTime } from '@/lib/format';

const TONE: Record<CashShiftStatus, Tone> = {
  open: 'info',
  settled: 'success',
  short: 'danger',
  over: 'warning',
  not_handed_over: 'danger',
};

export function ShiftStatusBadge({ status }: { status: CashShiftStatus }) {
  return <Badge tone={TONE[status]}>{CASH_SHIFT_LABEL[status]}</Badge>;
}

/** "Short by UGX 5,000", "Over by …" or nothing. */
export function differenceText(s: Pick<CashShift, 'difference' | 'status'>) {
  if (s.status === 'not_handed_over') return `${formatUGX(-s.difference)} not handed over`;
  if (s.difference < 0) return `Short by ${formatUGX(-s.difference)}`;
  if (s.difference > 0) return `Over by ${formatUGX(s.difference)}`;
  return null;
}

interface ShiftListProps {
  shifts: CashShift[];
  today: string;
  className?: string;
  /** Offered on each hand-over not yet reversed, to those who may reverse one. */
  onReverse?: (h: CashHandover) => void;
}

export function ShiftList({ shifts, today, className, onReverse }: ShiftListProps) {
  return (
    <ul className={cn('divide-y divide-line', className)} aria-label="Shifts">
      {shifts.map((s) => {
        const diff = differenceText(s);
        return (
          <li
            key={s.date}
            className={cn('space-y-2 py-3', s.flagged && 'bg-danger-soft/40 -mx-3 px-3 sm:-mx-4 sm:px-4')}
            data-testid="cash-shift"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-ink">
                {s.date === today ? 'Today' : formatDate(`${s.date}T12:00:00+03:00`)}
                <span className="ml-2 text-xs font-normal text-muted">
                  {s.orders} cash order{s.orders === 1 ? '' : 's'}
                </span>
              </p>
              <ShiftStatusBadge status={s.status} />
            </div>
            <dl className="grid grid-cols-3 gap-3 text-xs sm:text-sm [&_dd]:whitespace-nowrap">
              <div>
                <dt className="text-xs text-muted">Collected</dt>
                <dd className="font-semibold tabular-nums text-ink">{formatUGX(s.collected)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted">Handed over</dt>
                <dd className="font-semibold tabular-nums text-ink">{formatUGX(s.handedOver)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted">Difference</dt>
                <dd className={cn('font-semibold tabular-nums', s.flagged ? 'text-danger' : 'text-ink')}>
                  {s.difference === 0 ? '—' : `${s.difference > 0 ? '+' : '−'}${formatUGX(Math.abs(s.difference))}`}
                </dd>
              </div>
            </dl>
            {diff && s.flagged ? <p className="text-xs font-semibold text-danger">{diff}</p> : null}
            {s.handovers.length ? (
              <ul className="space-y-1.5 text-xs text-ink-soft">
                {s.handovers.map((h) => (
                  <HandoverLine key={h.id} h={h} onReverse={onReverse} />
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function HandoverLine({ h, onReverse }: { h: CashHandover; onReverse?: (h: CashHandover) => void }) {
  const when = (
    <>
      {formatTime(h.createdAt)}
      {h.shiftDate !== kampalaDate(new Date(h.createdAt)) ? ` on ${formatDate(h.createdAt)}` : ''}
    </>
  );
  if (h.reversesId) {
    return (
      <li className="text-danger" data-testid="cash-reversal">
        −{formatUGX(-h.amount)} reversed by {h.receivedByName}, {when}
        {h.reason ? <span className="text-muted"> · Reason: “{h.reason}”</span> : null}
      </li>
    );
  }
  const reversed = h.reversedById !== null;
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="cash-handover">
      <span className={cn(reversed && 'line-through opacity-60')}>
        {formatUGX(h.amount)} to {h.receivedByName}
        {h.outletName ? ` at ${h.outletName}` : ''}, {when}
        {h.note ? <span className="text-muted"> · “{h.note}”</span> : null}
      </span>
      {reversed ? <Badge tone="neutral">Reversed</Badge> : null}
      {onReverse && !reversed ? (
        <Button
          size="sm"
          variant="ghost"
          className="h-7 px-2.5 text-xs"
          onClick={() => onReverse(h)}
          aria-label={`Reverse hand-over of ${formatUGX(h.amount)} to ${h.receivedByName}`}
        >
          <Undo2 className="size-3.5" aria-hidden="true" /> Reverse
        </Button>
      ) : null}
    </li>
  );
}
