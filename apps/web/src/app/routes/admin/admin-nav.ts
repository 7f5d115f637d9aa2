/**
 * The back office sidebar: every back-office area, plus Delivery > Dispatch, each with the staff
 * permission its screen needs (the sidebar shows a role only what it may open, and the layout shows
 * "no access" for the rest).
 */
import { type PermissionRule, allows } from '@meatshop/shared/staff-permissions';
import type { LucideIcon } from 'lucide-react';
import {
  Bike,
  Building2,
  ChartColumn,
  ClipboardList,
  Contact,
  History,
  LayoutDashboard,
  Mail,
  Package,
  Settings,
  ShieldCheck,
  Store,
  Users,
} from 'lucide-react';
import { paths } from '@/lib/paths';

export interface AdminNavLink {
  label: string;
  to: string;
  permission: PermissionRule;
}

export interface AdminNavGroup {
  label: string;
  icon: LucideIcon;
  /** A single link, or a group of links under a heading. */
  to?: string;
  permission?: PermissionRule;
  children?: AdminNavLink[];
}

export const ADMIN_NAV: AdminNavGroup[] = [
  { label: 'Dashboard', icon: LayoutDashboard, to: paths.admin.root, permission: 'reports.read' },
  {
    label: 'Products',
    icon: Package,
    children: [
      { label: 'All Products', to: paths.admin.products, permission: 'catalog.manage' },
      { label: 'Categories', to: paths.admin.categories, permission: 'catalog.manage' },
      { label: 'Inventory', to: paths.admin.inventory, permission: 'inventory.manage' },
    ],
  },
  {
    label: 'Orders',
    icon: ClipboardList,
    children: [
      { label: 'All Orders', to: paths.admin.orders, permission: 'orders.read' },
      { label: 'Pending', to: paths.admin.ordersPending, permission: 'orders.read' },
      { label: 'Processing', to: paths.admin.ordersProcessing, permission: 'orders.read' },
    ],
  },
  { label: 'Customers', icon: Contact, to: paths.admin.customers, permission: 'customers.read' },
  { label: 'Trade accounts', icon: Building2, to: paths.admin.trade, permission: 'trade.manage' },
  {
    label: 'Outlets',
    icon: Store,
    children: [
      { label: 'All Outlets', to: paths.admin.outlets, permission: 'outlets.manage' },
      { label: 'Stock', to: paths.admin.outletStock, permission: 'inventory.manage' },
      { label: 'Recalls', to: paths.admin.recalls, permission: 'recalls.manage' },
    ],
  },
  {
    label: 'Employees',
    icon: Users,
    children: [
      { label: 'All Employees', to: paths.admin.employees, permission: 'outlets.manage' },
      { label: 'Roles', to: paths.admin.roles, permission: 'outlets.manage' },
    ],
  },
  {
    label: 'Delivery',
    icon: Bike,
    children: [
      { label: 'Riders', to: paths.admin.riders, permission: 'riders.manage' },
      { label: 'Dispatch', to: paths.admin.dispatch, permission: 'dispatch.manage' },
      { label: 'Zones', to: paths.admin.zones, permission: 'dispatch.manage' },
      { label: 'Cash', to: paths.admin.cash, permission: 'cash.manage' },
    ],
  },
  {
    label: 'Reports',
    icon: ChartColumn,
    children: [
      { label: 'Sales', to: paths.admin.salesReport, permission: 'reports.read' },
      { label: 'Inventory', to: paths.admin.inventoryReport, permission: 'reports.read' },
      { label: 'Payments', to: paths.admin.paymentsReport, permission: 'reports.read' },
      { label: 'Substitutions', to: paths.admin.substitutionsReport, permission: 'reports.read' },
      { label: 'Sold by weight', to: paths.admin.weighedReport, permission: 'reports.read' },
      { label: 'Delivery performance', to: paths.admin.deliveryPerformanceReport, permission: 'reports.read' },
    ],
  },
  { label: 'Subscriptions', icon: Mail, to: paths.admin.subscriptions, permission: 'customers.read' },
  {
    label: 'Staff',
    icon: ShieldCheck,
    children: [
      { label: 'Staff & Roles', to: paths.admin.staff, permission: 'staff.manage' },
      { label: 'Sign-in Security', to: paths.admin.security, permission: [] },
    ],
  },
  { label: 'Settings', icon: Settings, to: paths.admin.settings, permission: 'settings.manage' },
  { label: 'Activity', icon: History, to: paths.admin.activity, permission: 'audit.read' },
];

/** Every link a role may open (an empty rule: any staff member), keeping the groups that still have one. */
export function navFor(held: readonly string[]): AdminNavGroup[] {
  const may = (rule: PermissionRule | undefined) => rule === undefined || (Array.isArray(rule) && rule.length === 0) || allows(held, rule);
  return ADMIN_NAV.flatMap((g) => {
    if (g.to) return may(g.permission) ? [g] : [];
    const children = g.children?.filter((c) => may(c.permission)) ?? [];
    return children.length ? [{ ...g, children }] : [];
  });
}

/** Screens reached from another screen, not from the sidebar, with the permission they need. */
const OTHER_SCREENS: { prefix: string; permission: PermissionRule }[] = [
  { prefix: `${paths.admin.customers}/`, permission: 'customers.read' },
  { prefix: paths.admin.newOrder, permission: 'orders.edit' },
  { prefix: paths.admin.tradeReceivables, permission: 'trade.manage' },
];

/**
 * The permission the back-office screen at `pathname` needs; undefined for a screen every staff
 * member may open (sign-in security) or an unknown address (the router sends it to the dashboard).
 */
export function screenPermission(pathname: string): PermissionRule | undefined {
  const path = pathname.replace(/\/$/, '') || '/';
  for (const g of ADMIN_NAV) {
    for (const link of g.to ? [{ to: g.to, permission: g.permission }] : (g.children ?? [])) {
      if (link.to === path) return Array.isArray(link.permission) && link.permission.length === 0 ? undefined : link.permission;
    }
  }
  return OTHER_SCREENS.find((s) => path.startsWith(s.prefix))?.permission;
}
