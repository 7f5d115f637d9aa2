/** The data table's controls: a sortable column head, the Columns menu and the pager. */
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Columns3 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';

export function SortHead({ label, sorted, onSort }: { label: string; sorted: false | 'asc' | 'desc'; onSort?: (e: unknown) => void }) {
  if (!onSort) return label;
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onSort}
      className="inline-flex w-full items-center gap-1.5 px-4 py-3 text-left uppercase hover:text-ink focus-visible:outline-2 focus-visible:outline-brand"
    >
      {label}
      <Icon className={cn('size-3.5', sorted ? 'text-ink' : 'text-muted/70')} aria-hidden="true" />
      <span className="sr-only">{sorted === 'asc' ? '(sorted ascending)' : sorted === 'desc' ? '(sorted descending)' : '(sort)'}</span>
    </button>
  );
}

export function ColumnsMenu({ columns }: { columns: { id: string; header: string; visible: boolean; toggle: () => void }[] }) {
  if (columns.length < 2) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Columns3 className="size-4" aria-hidden="true" />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" aria-label="Show columns">
        {columns.map((c) => (
          <DropdownMenuItem
            key={c.id}
            role="menuitemcheckbox"
            aria-checked={c.visible}
            // Keep the menu open: a person usually changes several columns at once.
            onSelect={(e) => {
              e.preventDefault();
              c.toggle();
            }}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-4 items-center justify-center rounded border text-[0.65rem] leading-none',
                c.visible ? 'border-brand bg-brand text-white' : 'border-line',
              )}
            >
              {c.visible ? '✓' : ''}
            </span>
            {c.header}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function Pager({
  page,
  pageCount,
  total,
  more = false,
  pageSize,
  onPage,
}: {
  page: number;
  pageCount: number;
  total: number;
  /** More than `total` match (a count the server stopped at): shown as "total+". */
  more?: boolean;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const from = page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
      <p>
        {from.toLocaleString('en')}–{to.toLocaleString('en')} of {total.toLocaleString('en')}
        {more ? '+' : ''}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page === 0}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Button>
        <span aria-current="page" className="tabular-nums max-sm:sr-only">
          Page {page + 1} of {pageCount.toLocaleString('en')}
          {more ? '+' : ''}
        </span>
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pageCount - 1}>
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
