/**
 * Every rider's cash on delivery for the back office and the outlet: what each holds now, what they
 * collected today, flagged shifts first, and each rider's recent shifts on demand. Recording and
 * reversing hand-overs is offered only to those who may (an admin or the outlet manager).
 */
import type { CashHandover, CashHandoverInput, CashOverview as Overview, RiderCash } from '@meatshop/shared/cash';
import { formatUGX } from '@meatshop/shared/money';
import type { UseMutationResult } from '@tanstack/react-query';
import { ChevronDown, HandCoins, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { formatPhone } from '@/lib/format';
import { HandoverDialog } from './handover-dialog';
import { ReverseDialog, type ReverseMutation } from './reverse-dialog';
import { ShiftList } from './shift-list';

interface Props {
  overview: Overview;
  mutation: UseMutationResult<RiderCash, Error, CashHandoverInput>;
  reverse: ReverseMutation;
}

export function CashOverviewList({ overview, mutation, reverse }: Props) {
  const [open, setOpen] = useState<string | null>(() => overview.riders.find((r) => r.flaggedShifts > 0)?.riderId ?? null);
  const [recording, setRecording] = useState<string | null>(null);
  const [reversing, setReversing] = useState<CashHandover | null>(null);
  const canRecord = overview.canRecord;
  if (overview.riders.length === 0)
    return <EmptyState icon={HandCoins} title="No riders yet" description="Riders appear here once they are added." />;
  return (
    <>
      <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" aria-label="Riders' cash">
        {overview.riders.map((r) => {
          const expanded = open === r.riderId;
          return (
            <li key={r.riderId} data-testid="rider-cash">
              <div className="grid gap-3 px-4 py-3.5 sm:flex sm:items-center">
                <button
                  type="button"
                  className="flex min-w-0 flex-1 items-center gap-3 text-left"
                  aria-expanded={expanded}
                  onClick={() => setOpen(expanded ? null : r.riderId)}
                >
                  <ChevronDown
                    className={cn('size-4 shrink-0 text-muted transition-transform', expanded && 'rotate-180')}
                    aria-hidden="true"
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-semibold text-ink">{r.riderName}</span>
                    <span className="block text-xs text-muted">{formatPhone(r.riderPhone)}</span>
                  </span>
                </button>
                <div className="grid grid-cols-2 gap-4 pl-7 text-sm sm:w-72 sm:pl-0 sm:text-right">
                  <div>
                    <p className="text-xs text-muted">Holds now</p>
                    <p className={cn('font-semibold tabular-nums', r.balance !== 0 ? 'text-ink' : 'text-muted')}>{formatUGX(r.balance)}</p>
                  </div>
                  <div>
                    <p className="text-xs text-muted">Collected today</p>
                    <p className="font-semibold tabular-nums text-ink">{formatUGX(r.collectedToday)}</p>
                  </div>
                </div>
                <div className="flex items-center justify-between gap-2">
                  {r.flaggedShifts > 0 ? (
                    <Badge tone="danger">
                      <TriangleAlert className="size-3" aria-hidden="true" />
                      {r.flaggedShifts} flagged
                    </Badge>
                  ) : (
                    <span />
                  )}
                  {canRecord ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setRecording(r.riderId)}
                      aria-label={`Record Hand-over from ${r.riderName}`}
                    >
                      <HandCoins className="size-4" aria-hidden="true" />
                      <span className="sm:hidden">Hand-over</span>
                      <span className="hidden sm:inline">Record Hand-over</span>
                    </Button>
                  ) : null}
                </div>
              </div>
              {expanded ? (
                <div className="border-t border-line px-4 pb-2">
                  {r.shifts.length ? (
                    <ShiftList shifts={r.shifts} today={overview.today} onReverse={canRecord ? setReversing : undefined} />
                  ) : (
                    <p className="py-4 text-sm text-muted">No cash-on-delivery orders in the last two weeks.</p>
                  )}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <HandoverDialog overview={overview} riderId={recording} onClose={() => setRecording(null)} mutation={mutation} />
      <ReverseDialog handover={reversing} onClose={() => setReversing(null)} mutation={reverse} />
    </>
  );
}
