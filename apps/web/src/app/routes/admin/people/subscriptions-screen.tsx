/** Subscriptions: search by email, type filter, sortable table, selection, Delete Selected, Export CSV. */
import type { AdminSubscription } from '@meatshop/shared/admin-orders';
import { Download, Mail, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDeleteSubscriptions, useSubscriptions } from '@/features/back-office/api/misc';
import { ConfirmDialog } from '@/features/back-office/components/confirm-dialog';
import { type DataColumn, DataTable } from '@/features/back-office/components/data-table';
import { downloadSubscriptionsCsv } from '@/features/back-office/components/subscriptions-csv';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

const columns: DataColumn<AdminSubscription>[] = [
  {
    id: 'email',
    header: 'Email',
    sortBy: (s) => s.email,
    hideable: false,
    onCard: false,
    className: 'font-medium text-ink',
    cell: (s) => s.email,
  },
  { id: 'type', header: 'Type', sortBy: (s) => s.type, cell: (s) => <Badge className="capitalize">{s.type}</Badge> },
  { id: 'subscribed', header: 'Subscribed On', sortBy: (s) => s.createdAt, cell: (s) => formatDate(s.createdAt) },
];

export function SubscriptionsScreen() {
  const subs = useSubscriptions();
  const del = useDeleteSubscriptions();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const types = [...new Set((subs.data ?? []).map((s) => s.type))].sort();

  return (
    <div>
      <DataTable
        label="Subscriptions"
        query={subs}
        rowKey={(s) => s.id}
        columns={columns}
        card={{ title: (s) => s.email }}
        search={{ label: 'Search subscriptions', placeholder: 'Search by email', fields: (s) => [s.email] }}
        filters={[
          {
            id: 'type',
            label: 'Filter by type',
            options: [{ value: '', label: 'All Types' }, ...types.map((t) => ({ value: t, label: t }))],
            test: (s, v) => s.type === v,
          },
        ]}
        selection={{ selected, onChange: setSelected, rowLabel: (s) => `Select ${s.email}`, allLabel: 'Select all subscriptions' }}
        toolbar={(rows) => (
          <>
            <Button variant="danger" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              Delete Selected ({selected.size})
            </Button>
            <Button variant="outline" disabled={rows.length === 0} onClick={() => downloadSubscriptionsCsv(rows)}>
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </Button>
          </>
        )}
        errorMessage="Failed to load subscriptions"
        empty={{
          icon: Mail,
          title: 'No subscriptions found',
          description: 'No one has subscribed yet',
          filtered: 'Try adjusting your search or filters',
        }}
      />
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
