/**
 * What an audit entry changed, as staff read it: each field's name in words with its value before
 * and after. The table shows the first few; the entry's dialog shows them all.
 */
import type { AdminActivityEntry } from '@meatshop/shared/admin-activity';
import { cn } from '@/lib/cn';

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** `deliveryFee` → "Delivery fee". */
export const fieldLabel = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const MAX_TEXT = 120;

export function valueText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return v.toLocaleString('en-UG');
  if (typeof v === 'string') return v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT)}…` : v;
  if (Array.isArray(v)) return v.length ? v.map((x) => valueText(x) ?? '—').join(', ') : 'None';
  const entries = Object.entries(v as Record<string, unknown>);
  return entries.length ? entries.map(([k, x]) => `${k}: ${valueText(x) ?? '—'}`).join(', ') : 'None';
}

export function fieldChanges(entry: Pick<AdminActivityEntry, 'before' | 'after'>): FieldChange[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((k) => ({
    field: fieldLabel(k),
    before: entry.before ? valueText(entry.before[k]) : null,
    after: entry.after ? valueText(entry.after[k]) : null,
  }));
}

/** One line per field: before struck through, then after; a create shows only after, a delete only before. */
export function ChangeList({ changes, limit, className }: { changes: FieldChange[]; limit?: number; className?: string }) {
  if (changes.length === 0) return <span className="text-sm text-muted">No fields changed</span>;
  const shown = limit ? changes.slice(0, limit) : changes;
  const more = changes.length - shown.length;
  return (
    <ul className={cn('space-y-1 text-sm', className)}>
      {shown.map((c) => (
        <li key={c.field} className="min-w-0 break-words">
          <span className="text-muted">{c.field}: </span>
          {c.before !== null ? <span className="text-muted line-through decoration-muted/60">{c.before}</span> : null}
          {c.before !== null && c.after !== null ? (
            <>
              <span className="px-1 text-muted" aria-hidden="true">
                →
              </span>
              <span className="sr-only">changed to</span>
            </>
          ) : null}
          {c.after !== null ? <span className="font-medium text-ink">{c.after}</span> : null}
          {c.before === null && c.after === null ? <span className="text-muted">—</span> : null}
        </li>
      ))}
      {more > 0 ? <li className="text-xs text-muted">and {more} more</li> : null}
    </ul>
  );
}
