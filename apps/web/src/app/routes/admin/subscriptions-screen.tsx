/** Subscriptions (spec section 2): search by email, type filter, selection, Delete Selected, Export CSV. */
import { Download, Mail, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Select } from '@/components/ui/select';
import { useDeleteSubscriptions, useSubscriptions } from '@/features/admin/api/misc';
import { cellClass, matches, rowClass, SearchBox, SkeletonRows, Table, TableCard, Th, Toolbar } from '@/features/admin/components/admin-ui';
import { ConfirmDialog } from '@/features/admin/components/confirm-dialog';
import { downloadSubscriptionsCsv } from '@/features/admin/components/subscriptions-csv';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

export function SubscriptionsScreen() {
  const subs = useSubscriptions();
  const del = useDeleteSubscriptions();
  const [query, setQuery] = useState('');
  const [type, setType] = useState('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const all = subs.data ?? [];
  const types = [...new Set(all.map((s) => s.type))].sort();
  const filtering = query.trim() !== '' || type !== 'all';
  const list = all.filter((s) => (type === 'all' || s.type === type) && matches(query, s.email));
  const allSelected = list.length > 0 && list.every((s) => selected.has(s.id));

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div>
      <Toolbar
        actions={
          <>
            <Button variant="danger" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              Delete Selected ({selected.size})
            </Button>
            <Button variant="outline" disabled={list.length === 0} onClick={() => downloadSubscriptionsCsv(list)}>
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </Button>
          </>
        }
      >
        <SearchBox value={query} onChange={setQuery} label="Search subscriptions" placeholder="Search by email" />
        <Select aria-label="Filter by type" value={type} onChange={(e) => setType(e.target.value)} className="sm:w-44">
          <option value="all">All Types</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
      </Toolbar>
      {subs.isError ? (
        <ErrorState message="Failed to load subscriptions" onRetry={() => subs.refetch()} retrying={subs.isFetching} />
      ) : !subs.isPending && list.length === 0 ? (
        <EmptyState
          icon={Mail}
          title="No subscriptions found"
          description={filtering ? 'Try adjusting your search or filters' : 'No one has subscribed yet'}
        />
      ) : (
        <TableCard>
          <Table label="Subscriptions">
            <thead>
              <tr>
                <Th className="w-10">
                  <input
                    type="checkbox"
                    aria-label="Select all subscriptions"
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(list.map((s) => s.id)))}
                    className="size-4 accent-brand-700"
                  />
                </Th>
                <Th>Email</Th>
                <Th>Type</Th>
                <Th>Subscribed On</Th>
              </tr>
            </thead>
            {subs.isPending ? (
              <SkeletonRows cols={4} />
            ) : (
              <tbody>
                {list.map((s) => (
                  <tr key={s.id} className={rowClass}>
                    <td className={cellClass}>
                      <input
                        type="checkbox"
                        aria-label={`Select ${s.email}`}
                        checked={selected.has(s.id)}
                        onChange={() => toggle(s.id)}
                        className="size-4 accent-brand-700"
                      />
                    </td>
                    <td className={`${cellClass} font-medium text-ink`}>{s.email}</td>
                    <td className={cellClass}>
                      <Badge className="capitalize">{s.type}</Badge>
                    </td>
                    <td className={cellClass}>{formatDate(s.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            )}
          </Table>
        </TableCard>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete subscriptions"
        message={`Are you sure you want to delete ${selected.size} subscription${selected.size === 1 ? '' : 's'}?`}
        pending={del.isPending}
        onConfirm={() =>
          del.mutate([...selected], {
            onSuccess: (res) => {
              toast.success(res.deleted === 1 ? 'Subscription deleted successfully' : 'Subscriptions deleted successfully');
              setSelected(new Set());
              setConfirming(false);
            },
            onError: (err) =>
              toast.error(errorMessage(err, selected.size === 1 ? 'Failed to delete subscription' : 'Failed to delete subscriptions')),
          })
        }
      />
    </div>
  );
}
