/**
 * Admin > Trade accounts: applications waiting for review first, then every account by status. A
 * row opens the account: its details, members and invitations, and the decision its status allows
 * (approve with a tier or decline with a reason; suspend, reinstate, change tier).
 */
import {
  TRADE_STATUS_LABEL,
  TRADE_STATUSES,
  type AdminTradeAccountRow,
  type TradeStatus,
  WEEKLY_VOLUME_LABEL,
} from '@meatshop/shared/trade';
import { Building2, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { useTradeAccounts } from '@/features/back-office/api/trade';
import { type DataColumn, DataTable } from '@/features/back-office/components/data-table';
import { TRADE_STATUS_TONE } from '@/features/trade/components/trade-status';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/lib/router';
import { paths } from '@/lib/paths';
import { formatDate } from '@/lib/format';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PriceLists } from './price-lists';
import { TradeAccountDialog } from './trade-account-dialog';

const columns: DataColumn<AdminTradeAccountRow>[] = [
  {
    id: 'business',
    header: 'Business',
    hideable: false,
    onCard: false,
    sortBy: (a) => a.businessName,
    className: 'font-medium text-ink',
    cell: (a) => a.businessName,
  },
  {
    id: 'status',
    header: 'Status',
    sortBy: (a) => a.status,
    cell: (a) => <Badge tone={TRADE_STATUS_TONE[a.status]}>{TRADE_STATUS_LABEL[a.status]}</Badge>,
  },
  { id: 'tier', header: 'Tier', sortBy: (a) => a.tierName ?? '', cell: (a) => a.tierName ?? '—' },
  { id: 'owner', header: 'Owner', sortBy: (a) => a.ownerEmail, cell: (a) => a.ownerEmail },
  { id: 'volume', header: 'Weekly volume', cell: (a) => WEEKLY_VOLUME_LABEL[a.weeklyVolume] },
  { id: 'members', header: 'Members', sortBy: (a) => a.members, cell: (a) => a.members },
  { id: 'applied', header: 'Applied', sortBy: (a) => a.createdAt, cell: (a) => formatDate(a.createdAt) },
];

export function TradeAccountsScreen() {
  const [tab, setTab] = useState('accounts');
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="Trade accounts sections" className="max-w-full overflow-x-auto">
        <TabsTrigger value="accounts">Accounts</TabsTrigger>
        <TabsTrigger value="prices">Price lists</TabsTrigger>
      </TabsList>
      <TabsContent value="accounts">
        <AccountsList />
      </TabsContent>
      <TabsContent value="prices">
        <PriceLists />
      </TabsContent>
    </Tabs>
  );
}

function AccountsList() {
  const [status, setStatus] = useState<TradeStatus | ''>('applied');
  const accounts = useTradeAccounts(status);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Link to={paths.admin.tradeReceivables} className={buttonClasses('outline', 'sm')}>
          <Wallet className="size-4" aria-hidden="true" />
          Receivables
        </Link>
      </div>
      <DataTable
        label="Trade accounts"
        query={accounts}
        rowKey={(a) => a.id}
        columns={columns}
        card={{
          title: (a) => a.businessName,
          subtitle: (a) => (
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={TRADE_STATUS_TONE[a.status]}>{TRADE_STATUS_LABEL[a.status]}</Badge>
              {a.ownerEmail}
            </span>
          ),
        }}
        search={{
          label: 'Search trade accounts',
          placeholder: 'Search by business, TIN or email',
          fields: (a) => [a.businessName, a.tin, a.ownerEmail],
        }}
        toolbar={
          <Select
            aria-label="Show"
            value={status}
            onChange={(e) => setStatus(e.target.value as TradeStatus | '')}
            className="w-full sm:w-56"
          >
            <option value="applied">Applications waiting</option>
            {TRADE_STATUSES.filter((s) => s !== 'applied').map((s) => (
              <option key={s} value={s}>
                {TRADE_STATUS_LABEL[s]}
              </option>
            ))}
            <option value="">All</option>
          </Select>
        }
        actions={(a) => (
          <Button size="sm" variant="outline" onClick={() => setOpen(a.id)}>
            {a.status === 'applied' ? 'Review' : 'Open'}
          </Button>
        )}
        errorMessage="Failed to load trade accounts"
        empty={{
          icon: Building2,
          title: status === 'applied' ? 'No applications waiting' : 'No trade accounts',
          description: status === 'applied' ? 'New applications from the storefront appear here.' : 'Nothing with this status yet.',
          filtered: 'Try adjusting your search',
        }}
      />
      <TradeAccountDialog id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
