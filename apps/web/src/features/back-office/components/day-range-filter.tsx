/**
 * A server-paged list's "From" and "To" Kampala days, kept in the address with the list's other
 * choices (either change goes back to page one), and the count of the two that are set, for the
 * Filters button.
 */
import { Input } from '@/components/ui/input';
import type { useListParams } from './use-list-params';

type ListParams = ReturnType<typeof useListParams>;

export const dayRangeActive = (url: ListParams) => (url.get('from') ? 1 : 0) + (url.get('to') ? 1 : 0);

export function DayRangeFilter({ url, idPrefix }: { url: ListParams; idPrefix: string }) {
  const day = (id: 'from' | 'to', label: string) => (
    <div className="flex flex-col gap-1 text-sm text-muted sm:flex-row sm:items-center sm:gap-2">
      <label htmlFor={`${idPrefix}-${id}`} className="shrink-0">
        {label}
      </label>
      <Input
        id={`${idPrefix}-${id}`}
        type="date"
        value={url.get(id)}
        min={id === 'to' ? url.get('from') || undefined : undefined}
        max={id === 'from' ? url.get('to') || undefined : undefined}
        onChange={(e) => url.set({ [id]: e.target.value || null, page: null })}
        className="h-11 w-full sm:w-auto"
      />
    </div>
  );
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
      {day('from', 'From')}
      {day('to', 'To')}
    </div>
  );
}
