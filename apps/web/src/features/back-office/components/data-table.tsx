/**
 * The back office's one list: a screen gives its columns, its phone card and its row actions, and
 * gets search, filters, sorting, paging and a Columns menu, with the loading, error and empty states.
 * Sorting, paging and column visibility are TanStack Table's; what the person chose (search, filters,
 * sort, page, hidden columns) is kept in the address, so Back, a reload or a shared link shows the
 * same list.
 */
import {
  type ColumnDef,
  columnVisibilityFeature,
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  type ColumnVisibilityState,
  type PaginationState,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  sortFn_basic,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { useListParams } from './use-list-params';
import { cn } from '@/lib/cn';
import { ColumnsMenu, Pager, SortHead } from './data-table-parts';
import { type CardsUntil, cellClass, Fact, ListStates, ListTable, matches, RecordCard, rowClass, SearchBox, Toolbar } from './admin-ui';

type SortValue = string | number | boolean | null | undefined;

export interface DataColumn<T extends RowData> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The value the column sorts by; without it the column does not sort. */
  sortBy?: (row: T) => SortValue;
  className?: string;
  /** Listed in the Columns menu so a person can hide it (default true). */
  hideable?: boolean;
  /** Shown as a labelled fact on the phone card (default true; the card's title usually covers the first column). */
  onCard?: boolean;
}

export interface DataFilter<T extends RowData> {
  id: string;
  label: string;
  /** The unfiltered one has the value ''. */
  options: { value: string; label: string }[];
  /** In the browser; a list the server filters (`server`) sends the value instead. */
  test?: (row: T, value: string) => boolean;
}

interface ListQuery<T extends RowData> {
  data?: T[];
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface DataTableProps<T extends RowData> {
  /** The list's accessible name (table and card list). */
  label: string;
  query: ListQuery<T>;
  rowKey: (row: T) => string;
  columns: DataColumn<T>[];
  card: { title: (row: T) => ReactNode; subtitle?: (row: T) => ReactNode; media?: (row: T) => ReactNode };
  actions?: (row: T) => ReactNode;
  search?: { label: string; placeholder: string; fields: (row: T) => (string | null | undefined)[] };
  filters?: DataFilter<T>[];
  /** Buttons at the right of the toolbar (Add …), given the rows the search and filters let through. */
  toolbar?: ReactNode | ((rows: T[]) => ReactNode);
  errorMessage: string;
  /** `filtered` is said instead of `description` when a search or filter hides every row. */
  empty: { icon: LucideIcon; title: string; description?: string; filtered?: string };
  pageSize?: number;
  /** Prefix of this list's address parameters, for a screen with two lists. */
  param?: string;
  /** Up to which width the list is shown as cards (see `ListTable`). */
  cardsUntil?: CardsUntil;
  /** Less padding in the cells, for a table with many columns. */
  dense?: boolean;
  /** A background for a row (and its card) that must stand out, such as an order waiting too long. */
  rowTone?: (row: T) => string | undefined;
  /** Checkboxes for acting on several rows at once (bulk delete); the screen owns the chosen ids. */
  selection?: { selected: Set<string>; onChange: (next: Set<string>) => void; rowLabel: (row: T) => string; allLabel: string };
  /**
   * The server searches, filters, sorts and pages: `query.data` is the page shown and `total` how many
   * match, where more than `cap` is shown as "cap+". The choices stay in the address for the screen
   * to send.
   */
  server?: { total: number; cap?: number };
  /** More controls after the filters (a date range), and how many of them are set. */
  moreFilters?: ReactNode;
  moreFiltersActive?: number;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  columnVisibilityFeature,
});

const EMPTY: never[] = [];
const ARIA_SORT = { asc: 'ascending', desc: 'descending', none: 'none' } as const;

/** Sorts text by the shop's locale and puts missing values last either way. */
function compare(a: SortValue, b: SortValue) {
  if (a == null || a === '') return b == null || b === '' ? 0 : 1;
  if (b == null || b === '') return -1;
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
  return Number(a) - Number(b);
}

export function DataTable<T extends RowData>({
  label,
  query,
  rowKey,
  columns,
  card,
  actions,
  search,
  filters = [],
  toolbar,
  errorMessage,
  empty,
  pageSize = 25,
  param = '',
  selection,
  cardsUntil,
  dense,
  rowTone,
  server,
  moreFilters,
  moreFiltersActive = 0,
}: DataTableProps<T>) {
  const url = useListParams(param);
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const text = url.get('q');
  const chosen = Object.fromEntries(filters.map((f) => [f.id, url.get(f.id)]));
  const sortParam = url.get('sort');
  const sorting: SortingState = sortParam ? [{ id: sortParam.replace(/^-/, ''), desc: sortParam.startsWith('-') }] : [];
  const asked = Math.max(0, Math.floor(Number(url.get('page')) || 1) - 1);
  const hidden = url.get('hide');
  const columnVisibility: ColumnVisibilityState = Object.fromEntries(hidden ? hidden.split(',').map((id) => [id, false]) : []);

  const all = query.data ?? EMPTY;
  const narrowed = text.trim() !== '' || Object.values(chosen).some(Boolean) || moreFiltersActive > 0;
  const activeFilters = Object.values(chosen).filter(Boolean).length + moreFiltersActive;
  const folds = filters.length + (moreFilters ? 1 : 0) > 2;
  const filterKey = JSON.stringify([text, chosen]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the search text and filter values.
  const rows = useMemo(
    () =>
      server
        ? all
        : all.filter(
            (row) =>
              (!search || matches(text, ...search.fields(row))) &&
              filters.every((f) => !chosen[f.id] || !f.test || f.test(row, chosen[f.id] ?? '')),
          ),
    [all, filterKey, !!server],
  );
  const cap = server?.cap ?? Number.POSITIVE_INFINITY;
  const rowCount = server ? Math.min(server.total, cap) : rows.length;
  // A page past the end (the list shrank, or an old link) shows the last page instead of nothing.
  const pagination: PaginationState = {
    pageIndex: server ? asked : Math.min(asked, Math.max(0, Math.ceil(rowCount / pageSize) - 1)),
    pageSize,
  };

  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return helper.columns(
      columns.map((c) =>
        helper.accessor((row) => (c.sortBy ? c.sortBy(row) : null), {
          id: c.id,
          header: c.header,
          enableSorting: !!c.sortBy,
          enableHiding: c.hideable !== false,
          sortFn: (a, b, id) => compare(a.getValue(id) as SortValue, b.getValue(id) as SortValue),
        }),
      ),
    ) as ColumnDef<typeof features, T>[];
  }, [columns]);

  const table = useTable({
    features,
    columns: tableColumns,
    data: rows,
    getRowId: (row) => rowKey(row),
    state: { sorting, pagination, columnVisibility },
    manualSorting: !!server,
    manualPagination: !!server,
    rowCount: server ? rowCount : undefined,
    onSortingChange: (u: Updater<SortingState>) => {
      const next = typeof u === 'function' ? u(sorting) : u;
      const first = next[0];
      url.set({ sort: first ? `${first.desc ? '-' : ''}${first.id}` : null, page: null });
    },
    onPaginationChange: (u: Updater<PaginationState>) => {
      const next = typeof u === 'function' ? u(pagination) : u;
      url.set({ page: next.pageIndex > 0 ? String(next.pageIndex + 1) : null });
    },
    onColumnVisibilityChange: (u: Updater<ColumnVisibilityState>) => {
      const next = typeof u === 'function' ? u(columnVisibility) : u;
      const off = Object.entries(next)
        .filter(([, visible]) => !visible)
        .map(([id]) => id);
      url.set({ hide: off.length ? off.join(',') : null });
    },
    autoResetPageIndex: false,
  });

  const byId = new Map(columns.map((c) => [c.id, c]));
  const visible = table.getVisibleLeafColumns().map((col) => byId.get(col.id)!);
  const pageRows = table.getRowModel().rows.map((r) => r.original);
  const pageCount = table.getPageCount();
  const page = pagination.pageIndex;
  const check = (row: T, className: string) =>
    selection ? (
      <input
        type="checkbox"
        aria-label={selection.rowLabel(row)}
        checked={selection.selected.has(rowKey(row))}
        onChange={() => {
          const next = new Set(selection.selected);
          const id = rowKey(row);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          selection.onChange(next);
        }}
        className={cn('size-4 shrink-0 accent-brand-700', className)}
      />
    ) : null;
  // "Select all" means every row the search and filters let through, on every page.
  const allChosen = !!selection && rows.length > 0 && rows.every((r) => selection.selected.has(rowKey(r)));
  const selectHead = selection
    ? [
        {
          className: 'w-10',
          head: (
            <input
              type="checkbox"
              aria-label={selection.allLabel}
              checked={allChosen}
              onChange={() => selection.onChange(allChosen ? new Set() : new Set(rows.map(rowKey)))}
              className="size-4 accent-brand-700"
            />
          ),
        },
      ]
    : [];

  return (
    <div>
      <Toolbar
        actions={
          <>
            <ColumnsMenu
              columns={table
                .getAllLeafColumns()
                .filter((c) => c.getCanHide())
                .map((c) => ({
                  id: c.id,
                  header: byId.get(c.id)?.header ?? c.id,
                  visible: c.getIsVisible(),
                  toggle: () => c.toggleVisibility(),
                }))}
            />
            {typeof toolbar === 'function' ? toolbar(rows) : toolbar}
          </>
        }
      >
        {search ? (
          <SearchBox
            value={text}
            onChange={(v) => url.set({ q: v || null, page: null })}
            label={search.label}
            placeholder={search.placeholder}
          />
        ) : null}
        {folds ? (
          <Button
            variant="outline"
            className="h-11 sm:hidden"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            {activeFilters ? `Filters (${activeFilters})` : 'Filters'}
          </Button>
        ) : null}
        {/* On a phone many filters fold under one button, so the list is not pushed below the fold. */}
        <div id={filtersId} className={cn('flex-col gap-3 sm:contents', folds && !filtersOpen ? 'hidden' : 'flex')}>
          {filters.map((f) => (
            <Select
              key={f.id}
              aria-label={f.label}
              value={chosen[f.id] ?? ''}
              onChange={(e) => url.set({ [f.id]: e.target.value || null, page: null })}
              className="h-11 sm:w-48"
            >
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          ))}
          {moreFilters}
        </div>
      </Toolbar>
      <ListStates
        query={query}
        isEmpty={rows.length === 0}
        errorMessage={errorMessage}
        empty={{ ...empty, description: narrowed && empty.filtered ? empty.filtered : empty.description }}
      >
        <ListTable
          label={label}
          cardsUntil={cardsUntil}
          actions={!!actions}
          pending={query.isPending}
          columns={[
            ...selectHead,
            ...table.getVisibleLeafColumns().map((col) => ({
              head: (
                <SortHead
                  label={byId.get(col.id)?.header ?? col.id}
                  sorted={col.getIsSorted()}
                  onSort={col.getCanSort() ? col.getToggleSortingHandler() : undefined}
                />
              ),
              className: cn(byId.get(col.id)?.className, col.getCanSort() && 'p-0'),
              sort: col.getCanSort() ? ARIA_SORT[col.getIsSorted() || 'none'] : undefined,
            })),
          ]}
          cards={pageRows.map((row) => (
            <RecordCard
              key={rowKey(row)}
              className={rowTone?.(row)}
              leading={check(row, 'mt-3')}
              media={card.media?.(row)}
              title={card.title(row)}
              subtitle={card.subtitle?.(row)}
              actions={actions?.(row)}
            >
              {visible
                .filter((c) => c.onCard !== false)
                .map((c) => (
                  <Fact key={c.id} label={c.header}>
                    {c.cell(row)}
                  </Fact>
                ))}
            </RecordCard>
          ))}
        >
          {pageRows.map((row) => (
            <tr key={rowKey(row)} className={cn(rowClass, rowTone?.(row))}>
              {selection ? <td className={cellClass}>{check(row, '')}</td> : null}
              {visible.map((c) => (
                <td key={c.id} className={cn(cellClass, dense && 'px-3', c.className)}>
                  {c.cell(row)}
                </td>
              ))}
              {actions ? <td className={cn(cellClass, dense && 'px-3', 'text-right whitespace-nowrap')}>{actions(row)}</td> : null}
            </tr>
          ))}
        </ListTable>
        {pageCount > 1 ? (
          <Pager
            page={page}
            pageCount={pageCount}
            total={rowCount}
            more={!!server && server.total > cap}
            pageSize={pageSize}
            onPage={(p) => table.setPageIndex(p)}
          />
        ) : null}
      </ListStates>
    </div>
  );
}
