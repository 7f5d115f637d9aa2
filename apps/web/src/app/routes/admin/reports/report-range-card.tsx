/** The date range of a report: From and To (Kampala days) and the presets; an invalid range is said, not sent. */
import { SalesReportQuery } from '@meatshop/shared/reports';
import { useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PRESETS } from './date-range';

export interface ReportRange {
  from: string;
  to: string;
}

/** The range the report shows (changes only when valid), and the card that edits it. */
export function useReportRange(initial: () => ReportRange) {
  const [range, setRange] = useState(initial);
  const [draft, setDraft] = useState(range);
  const apply = (next: ReportRange) => {
    setDraft(next);
    if (SalesReportQuery.safeParse(next).success) setRange(next);
  };
  return { range, draft, apply };
}

export function ReportRangeCard({ draft, apply }: { draft: ReportRange; apply: (next: ReportRange) => void }) {
  const checked = SalesReportQuery.safeParse(draft);
  const rangeError = checked.success ? undefined : checked.error.issues[0]?.message;
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 lg:flex-row lg:items-end">
        <div className="grid flex-1 grid-cols-2 gap-3 sm:max-w-md">
          <div className="space-y-1.5">
            <Label htmlFor="report-from">From</Label>
            <Input
              id="report-from"
              type="date"
              value={draft.from}
              max={draft.to}
              onChange={(e) => apply({ ...draft, from: e.target.value })}
              invalid={!!rangeError}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="report-to">To</Label>
            <Input
              id="report-to"
              type="date"
              value={draft.to}
              min={draft.from}
              onChange={(e) => apply({ ...draft, to: e.target.value })}
              invalid={!!rangeError}
            />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((p) => (
            <button
              key={p.label}
              type="button"
              onClick={() => apply(p.range())}
              className="h-9 rounded-full border border-line-strong bg-surface px-4 text-sm font-semibold text-ink-soft hover:bg-cream-deep"
            >
              {p.label}
            </button>
          ))}
        </div>
      </CardContent>
      {rangeError ? (
        <p role="alert" className="px-6 pb-5 text-sm font-medium text-danger">
          {rangeError}
        </p>
      ) : null}
    </Card>
  );
}
