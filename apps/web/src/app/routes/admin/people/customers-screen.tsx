/** Admin customers: searched by name, email or phone on the server, paged, each opening its page. */
import { isPhoneOnlyEmail } from '@meatshop/shared/staff-orders';
import { ADMIN_CUSTOMER_PAGE_SIZE, type AdminCustomerRow } from '@meatshop/shared/admin-customers';
import { formatUGX } from '@meatshop/shared/money';
import { Contact } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useCustomers } from '@/features/back-office/api/customers';
import { type DataColumn, DataTable } from '@/features/back-office/components/data-table';
import { useListParams } from '@/features/back-office/components/use-list-params';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { Link } from '@/lib/router';
import { useDebounced } from '@/lib/use-debounced';

const columns: DataColumn<AdminCustomerRow>[] = [
  {
    id: 'customer',
    header: 'Customer',
    hideable: false,
    onCard: false,
    cell: (c) => (
      <>
        <Link to={paths.admin.customer(c.id)} className="font-medium text-ink underline-offset-4 hover:underline">
          {c.fullName}
        </Link>
        <p className="max-w-[14rem] truncate text-xs text-muted">{isPhoneOnlyEmail(c.email) ? 'No email' : c.email}</p>
      </>
    ),
  },
  { id: 'phone', header: 'Phone', cell: (c) => c.phone ?? <span className="text-muted">—</span> },
  { id: 'orders', header: 'Orders', className: 'tabular-nums', cell: (c) => c.orders },
  { id: 'spent', header: 'Spent', className: 'font-semibold whitespace-nowrap tabular-nums', cell: (c) => formatUGX(c.spent) },
  {
    id: 'last',
    header: 'Last Order',
    cell: (c) => (c.lastOrderAt ? formatDate(c.lastOrderAt) : <span className="text-muted">None yet</span>),
  },
  { id: 'joined', header: 'Joined', cell: (c) => formatDate(c.createdAt) },
  {
    id: 'status',
    header: 'Status',
    cell: (c) => (c.blocked ? <Badge tone="danger">Blocked</Badge> : <Badge tone="success">Active</Badge>),
  },
];

export function CustomersScreen() {
  const url = useListParams('');
  const q = useDebounced(url.get('q').trim(), 300);
  const page = Math.max(1, Math.floor(Number(url.get('page')) || 1));
  const customers = useCustomers({ q, page });
  return (
    <DataTable
      label="Customers"
      query={{ ...customers, data: customers.data?.customers }}
      server={{ total: customers.data?.total ?? 0 }}
      pageSize={ADMIN_CUSTOMER_PAGE_SIZE}
      rowKey={(c) => c.id}
      columns={columns}
      cardsUntil="xl"
      card={{
        title: (c) => (
          <Link to={paths.admin.customer(c.id)} className="underline-offset-4 hover:underline">
            {c.fullName}
          </Link>
        ),
        subtitle: (c) => (isPhoneOnlyEmail(c.email) ? (c.phone ?? '') : c.email),
      }}
      search={{ label: 'Search customers', placeholder: 'Search by name, phone or email', fields: () => [] }}
      errorMessage="Failed to load customers"
      empty={{
        icon: Contact,
        title: 'No customers found',
        description: 'Customers appear here when they sign up.',
        filtered: 'Try another name, phone number or email',
      }}
    />
  );
}
