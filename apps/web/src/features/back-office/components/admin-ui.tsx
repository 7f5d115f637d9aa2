/**
 * Small building blocks every back-office list screen shares: toolbar with its add button, search
 * box, the error/empty/table states of the list, the table itself, skeleton rows, the add/edit dialog state.
 */
import { type LucideIcon, Plus, Search } from 'lucide-react';
import { isValidElement, type ReactNode, type ThHTMLAttributes, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

export function Toolbar({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">{children}</div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}

/** The add/edit dialog of a list screen: `editing` is null while adding, the row while editing. */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: boolean; editing: T | null }>({ open: false, editing: null });
  return {
    open: state.open,
    editing: state.editing,
    openNew: () => setState({ open: true, editing: null }),
    openEdit: (row: T) => setState({ open: true, editing: row }),
    setOpen: (open: boolean) => setState((s) => ({ ...s, open })),
  };
}

interface ListQuery {
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A list screen's body: the error with a retry, the empty state once loaded, or the table (which shows its own skeleton while pending). */
export function ListStates({
  query,
  isEmpty,
  errorMessage,
  empty,
  children,
}: {
  query: ListQuery;
  isEmpty: boolean;
  errorMessage: string;
  empty: { icon: LucideIcon; title: string; description?: string };
  children: ReactNode;
}) {
  if (query.isError) return <ErrorState message={errorMessage} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  if (!query.isPending && isEmpty) return <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />;
  return children;
}

export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (v: string) => void;
  label: string;
  placeholder: string;
}) {
  return (
    <div className="relative w-full sm:max-w-sm">
      <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-11 pl-10"
      />
    </div>
  );
}

export function TableCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Card className={cn('overflow-hidden', className)}>
      <div className="overflow-x-auto">{children}</div>
    </Card>
  );
}

export function Table({ children, label }: { children: ReactNode; label: string }) {
  return (
    <table className="w-full min-w-[40rem] text-left text-sm" aria-label={label}>
      {children}
    </table>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn('bg-cream-deep/60 px-4 py-3 text-xs font-semibold tracking-wide text-ink-soft uppercase', className)}
      {...props}
    />
  );
}

type Column = ReactNode | { head: ReactNode; className?: string; sort?: 'ascending' | 'descending' | 'none' };

/**
 * The table of a list screen: its column heads (and a right-aligned Actions column), skeleton rows
 * while the list loads, then the rows. Given `cards` (a `RecordCard` per row), phones get those
 * instead, so a row's actions are in view without scrolling the table sideways.
 */
export function ListTable({
  label,
  columns,
  pending,
  actions = true,
  cards,
  cardsUntil = 'md',
  children,
}: {
  label: string;
  columns: Column[];
  pending: boolean;
  actions?: boolean;
  cards?: ReactNode;
  /** Up to which width phones' cards stand in for the table: `xl` for a table too wide for a small laptop. */
  cardsUntil?: CardsUntil;
  children: ReactNode;
}) {
  const heads = columns.map((c) =>
    c && typeof c === 'object' && !isValidElement(c) && 'head' in c ? c : { head: c as ReactNode, className: undefined, sort: undefined },
  );
  return (
    <>
      {cards ? (
        <RecordCards label={label} pending={pending} until={cardsUntil}>
          {cards}
        </RecordCards>
      ) : null}
      <TableCard className={cards ? CARDS[cardsUntil].table : undefined}>
        <Table label={label}>
          <thead>
            <tr>
              {heads.map((c, i) => (
                // Column heads are fixed for a screen: their position is their identity.
                <Th key={i} className={c.className} aria-sort={c.sort}>
                  {c.head}
                </Th>
              ))}
              {actions ? <Th className="text-right">Actions</Th> : null}
            </tr>
          </thead>
          {pending ? <SkeletonRows cols={heads.length + (actions ? 1 : 0)} /> : <tbody>{children}</tbody>}
        </Table>
      </TableCard>
    </>
  );
}

/** A list's rows as a column of cards below `md` (skeletons while the list loads). */
export type CardsUntil = 'md' | 'xl';
// Written out whole: Tailwind only generates classes it finds spelled in the source.
const CARDS: Record<CardsUntil, { cards: string; table: string }> = {
  md: { cards: 'grid gap-3 md:hidden', table: 'max-md:hidden' },
  xl: { cards: 'grid gap-3 md:grid-cols-2 xl:hidden', table: 'max-xl:hidden' },
};

export function RecordCards({
  label,
  pending,
  until = 'md',
  children,
}: {
  label: string;
  pending: boolean;
  until?: CardsUntil;
  children: ReactNode;
}) {
  if (pending) {
    return (
      <div className={CARDS[until].cards} role="status" aria-busy="true" aria-label="Loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 w-full rounded-[var(--radius-card)]" />
        ))}
      </div>
    );
  }
  return (
    <ul className={CARDS[until].cards} aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * One row of a list as a phone card: an optional leading control (a checkbox) and thumbnail, the
 * title with a line or two under it, labelled facts, and the row's actions at the bottom right.
 */
export function RecordCard({
  leading,
  media,
  title,
  subtitle,
  children,
  actions,
  className,
}: {
  leading?: ReactNode;
  media?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  /** `Fact`s: a label and its value on each line. */
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <li>
      <Card className={cn('space-y-3 p-4', className)}>
        <div className="flex items-start gap-3">
          {leading}
          {media}
          <div className="min-w-0 flex-1">
            <div className="font-semibold break-words text-ink">{title}</div>
            {subtitle ? <div className="text-xs break-words text-muted">{subtitle}</div> : null}
          </div>
        </div>
        {children ? <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1.5 text-sm">{children}</dl> : null}
        {actions ? <div className="flex flex-wrap justify-end gap-1 border-t border-line pt-2">{actions}</div> : null}
      </Card>
    </li>
  );
}

export const rowClass = 'border-t border-line align-middle transition-colors hover:bg-cream/60';
export const cellClass = 'px-4 py-3';

export function SkeletonRows({ rows = 5, cols }: { rows?: number; cols: number }) {
  return (
    <tbody>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} className="border-t border-line">
          {Array.from({ length: cols }, (_, c) => (
            <td key={c} className={cellClass}>
              <Skeleton className="h-4 w-3/4" />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

/** Active / Inactive, as every list of people and places shows it. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'danger'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/** A labelled fact on a `RecordCard`. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** A case-insensitive substring match over some fields. */
export function matches(query: string, ...fields: (string | null | undefined)[]) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return fields.some((f) => f?.toLowerCase().includes(q));
}
