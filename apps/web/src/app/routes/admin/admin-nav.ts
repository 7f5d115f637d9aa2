/** The back office sidebar: every back-office area, plus Delivery > Dispatch. */
import type { LucideIcon } from 'lucide-react';
import { Bike, ChartColumn, ClipboardList, Contact, History, LayoutDashboard, Mail, Package, Settings, Store, Users } from 'lucide-react';
import { paths } from '@/lib/paths';

export interface AdminNavLink {
  label: string;
  to: string;
}

export interface AdminNavGroup {
  label: string;
  icon: LucideIcon;
  /** A single link, or a group of links under a heading. */
  to?: string;
  children?: AdminNavLink[];
}

export const ADMIN_NAV: AdminNavGroup[] = [
  { label: 'Dashboard', icon: LayoutDashboard, to: paths.admin.root },
  {
    label: 'Products',
    icon: Package,
    children: [
      { label: 'All Products', to: paths.admin.products },
      { label: 'Categories', to: paths.admin.categories },
      { label: 'Inventory', to: paths.admin.inventory },
    ],
  },
  {
    label: 'Orders',
    icon: ClipboardList,
    children: [
      { label: 'All Orders', to: paths.admin.orders },
      { label: 'Pending', to: paths.admin.ordersPending },
      { label: 'Processing', to: paths.admin.ordersProcessing },
    ],
  },
  { label: 'Customers', icon: Contact, to: paths.admin.customers },
  {
    label: 'Outlets',
    icon: Store,
    children: [
      { label: 'All Outlets', to: paths.admin.outlets },
      { label: 'Stock', to: paths.admin.outletStock },
    ],
  },
  {
    label: 'Employees',
    icon: Users,
    children: [
      { label: 'All Employees', to: paths.admin.employees },
      { label: 'Roles', to: paths.admin.roles },
    ],
  },
  {
    label: 'Delivery',
    icon: Bike,
    children: [
      { label: 'Riders', to: paths.admin.riders },
      { label: 'Dispatch', to: paths.admin.dispatch },
      { label: 'Zones', to: paths.admin.zones },
      { label: 'Cash', to: paths.admin.cash },
    ],
  },
  {
    label: 'Reports',
    icon: ChartColumn,
    children: [
      { label: 'Sales', to: paths.admin.salesReport },
      { label: 'Inventory', to: paths.admin.inventoryReport },
      { label: 'Payments', to: paths.admin.paymentsReport },
    ],
  },
  { label: 'Subscriptions', icon: Mail, to: paths.admin.subscriptions },
  { label: 'Settings', icon: Settings, to: paths.admin.settings },
  { label: 'Activity', icon: History, to: paths.admin.activity },
];
