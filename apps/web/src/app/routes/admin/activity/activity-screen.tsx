/**
 * Admin > Activity: the audit trail of every change staff made, newest first. Filtered by person,
 * kind of record, action, days and record id on the server, paged by the server; read only.
 */
import {
  ADMIN_ACTIVITY_PAGE_SIZE,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  type AdminActivityEntry,
  type AuditAction,
  type AuditEntityType,
} from '@meatshop/shared/admin-activity';
import { customerOrderNumber } from '@meatshop/shared/status';
import { Eye, History } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useActivity, useActivityPeople } from '@/features/back-office/api/activity';
import { ChangeList, fieldChanges } from '@/features/back-office/components/activity-changes';
import { type DataColumn, type DataFilter, DataTable } from '@/features/back-office/components/data-table';
import { useLastPageClamp, useListParams } from '@/features/back-office/components/use-list-params';
import { DayRangeFilter, dayRangeActive } from '@/features/back-office/components/day-range-filter';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { Link } from '@/lib/router';
import { useDebounced } from '@/lib/use-debounced';

type Entry = AdminActivityEntry;

const entityLabel = (e: Entry) => AUDIT_ENTITY_LABELS[e.entityType as AuditEntityType] ?? e.entityType;
const actionLabel = (e: Entry) => AUDIT_ACTION_LABELS[e.action as AuditAction] ?? e.action;

/** Removals read as danger, refusals and reversals as warnings, the rest plainly. */
function actionTone(action: string) {
  if (['delete', 'cancel', 'block', 'deactivate', 'decline'].includes(action)) return 'danger' as const;
  if (['create', 'approve', 'activate', 'unblock'].includes(action)) return 'success' as const;
  if (action.startsWith('refund') || action === 'price_change') return 'warning' as const;
  return 'neutral' as const;
}

/** The record, named as staff know it: an order by its number, a customer linked to their page. */
function RecordName({ entry }: { entry: Entry }) {
  const id = entry.entityId;
  if (entry.entityType === 'order')
    return (
      <Link to={paths.admin.order(id)} className="font-mono font-semibold text-ink underline-offset-4 hover:underline">
        #{customerOrderNumber(id)}
      </Link>
    );
  if (entry.entityType === 'customer')
    return (
      <Link to={paths.admin.customer(id)} className="font-mono text-ink underline-offset-4 hover:underline" title={id}>
        {id.slice(0, 8)}
      </Link>
    );
  if (entry.entityType === 'settings') return <span className="text-ink">Shop settings</span>;
  const short = /^[0-9a-f-]{36}$/i.test(id) ? id.slice(0, 8) : id;
  return (
    <span className="font-mono text-ink" title={id}>
      {short}
    </span>
  );
}

const columns: DataColumn<Entry>[] = [
  {
    id: 'when',
    header: 'When',
    hideable: false,
    onCard: false,
    cell: (e) => <span className="whitespace-nowrap text-ink">{formatDateTime(e.at)}</span>,
  },
  {
    id: 'who',
    header: 'Who',
    cell: (e) => (
      <>
        <p className="font-medium text-ink">{e.actor.name}</p>
        <p className="max-w-[13rem] truncate text-xs text-muted" title={e.actor.email}>
          {e.actor.role === 'outlet' ? 'Outlet staff · ' : ''}
          {e.actor.email}
        </p>
      </>
    ),
  },
  {
    id: 'record',
    header: 'Record',
    // The phone card's title already names the record and the action.
    onCard: false,
    cell: (e) => (
      <>
        <p className="text-xs tracking-wide text-muted uppercase">{entityLabel(e)}</p>
        <RecordName entry={e} />
      </>
    ),
  },
  { id: 'action', header: 'Action', onCard: false, cell: (e) => <Badge tone={actionTone(e.action)}>{actionLabel(e)}</Badge> },
  {
    id: 'changes',
    header: 'Changes',
    className: 'min-w-[16rem] max-w-[28rem]',
    cell: (e) => <ChangeList changes={fieldChanges(e)} limit={3} />,
  },
];

const kindFilter: DataFilter<Entry> = {
  id: 'entityType',
  label: 'Filter by record',
  options: [{ value: '', label: 'All Records' }, ...AUDIT_ENTITY_TYPES.map((t) => ({ value: t, label: AUDIT_ENTITY_LABELS[t] }))],
};
const actionFilter: DataFilter<Entry> = {
  id: 'action',
  label: 'Filter by action',
  options: [{ value: '', label: 'All Actions' }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))],
};

export function ActivityScreen() {
  const url = useListParams('');
  const people = useActivityPeople();
  const q = useDebounced(url.get('q').trim(), 300);
  const page = Math.max(1, Math.floor(Number(url.get('page')) || 1));
  const activity = useActivity({
    actorId: url.get('actorId'),
    entityType: url.get('entityType'),
    action: url.get('action'),
    q,
    from: url.get('from'),
    to: url.get('to'),
    page,
    pageSize: ADMIN_ACTIVITY_PAGE_SIZE,
  });
  const [viewing, setViewing] = useState<Entry | null>(null);

  // A page past the end (an old link) goes to the last one.
  const total = activity.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / ADMIN_ACTIVITY_PAGE_SIZE));
  useLastPageClamp(url, page, lastPage, total, !!activity.data && !activity.isPlaceholderData);

  const personFilter: DataFilter<Entry> = {
    id: 'actorId',
    label: 'Filter by person',
    options: [{ value: '', label: 'Everyone' }, ...(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))],
  };
  return (
    <div>
      <DataTable
        label="Activity"
        query={{ ...activity, data: activity.data?.entries }}
        server={{ total }}
        pageSize={ADMIN_ACTIVITY_PAGE_SIZE}
        rowKey={(e) => e.id}
        columns={columns}
        dense
        cardsUntil="xl"
        card={{
          title: (e) => (
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={actionTone(e.action)}>{actionLabel(e)}</Badge>
              <span className="text-sm font-medium text-muted">{entityLabel(e)}</span>
              <RecordName entry={e} />
            </span>
          ),
          subtitle: (e) => `${formatDateTime(e.at)} · ${e.actor.name}`,
        }}
        actions={(e) => (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`View ${actionLabel(e).toLowerCase()} by ${e.actor.name}`}
            onClick={() => setViewing(e)}
          >
            <Eye className="size-4" aria-hidden="true" />
          </Button>
        )}
        search={{ label: 'Search by record id', placeholder: 'Order number or record id', fields: () => [] }}
        filters={[personFilter, kindFilter, actionFilter]}
        moreFiltersActive={dayRangeActive(url)}
        moreFilters={<DayRangeFilter url={url} idPrefix="activity" />}
        errorMessage="Failed to load activity"
        empty={{
          icon: History,
          title: 'No activity yet',
          description: 'Every change staff make to products, stock, orders, people and settings is listed here.',
          filtered: 'Try another person, record, action or date',
        }}
      />
      <EntryDialog entry={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

function EntryDialog({ entry, onClose }: { entry: Entry | null; onClose: () => void }) {
  return (
    <Dialog open={!!entry} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        {entry ? (
          <>
            <DialogHeader>
              <DialogTitle>
                {actionLabel(entry)}: {entityLabel(entry).toLowerCase()}
              </DialogTitle>
              <DialogDescription>
                {entry.actor.name} ({entry.actor.email}) · {formatDateTime(entry.at)}
              </DialogDescription>
            </DialogHeader>
            <dl className="mb-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-muted">Record</dt>
              <dd className="min-w-0 font-mono break-all text-ink">{entry.entityId}</dd>
              <dt className="text-muted">Request</dt>
              <dd className="font-mono text-ink">{entry.requestId ?? '—'}</dd>
            </dl>
            <h3 className="mb-2 text-sm font-semibold text-ink">Changes</h3>
            <ChangeList changes={fieldChanges(entry)} className="rounded-xl bg-cream-deep/60 p-4" />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
