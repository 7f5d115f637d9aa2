/**
 * Back-office permissions and the built-in staff roles made of them. The server's gate checks a
 * route's declared permission against these; the web reads the same names to hide what a role
 * cannot use. Not to be confused with outlet employees' job titles (`employee-roles.ts`).
 */
import { z } from 'zod';

export const PERMISSIONS = {
  'orders.read': 'See orders and their history',
  'orders.manage': 'Cancel orders',
  'orders.edit': 'Take orders for customers and change their items',
  'orders.refund': 'Give refunds',
  'dispatch.manage': 'Assign riders, dispatch and delivery zones',
  'riders.manage': 'Add, approve and pay riders',
  'cash.manage': 'Rider cash hand-overs and payment checks',
  'catalog.manage': 'Products, categories and photos',
  'inventory.manage': 'Stock levels, adjustments and transfers',
  'recalls.manage': 'Food-safety recalls: trace a batch, stop its sale, tell its customers',
  'outlets.manage': 'Outlets, their products and employees',
  'customers.read': 'See customers, their messages and subscriptions',
  'customers.manage': 'Note, block and unblock customers',
  'trade.manage': 'Trade accounts: applications, accounts, members and tiers',
  'coupons.manage': 'Create and change coupons',
  'reports.read': 'Dashboard and reports',
  'settings.manage': 'Shop settings',
  'staff.manage': 'Staff roles and who has them',
  'audit.read': 'See the activity trail of staff changes',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];
export const PermissionName = z.enum(PERMISSION_NAMES as [Permission, ...Permission[]]);

/** Ids of the roles every shop has; custom roles get a generated id. */
export const BUILT_IN_ROLE_IDS = ['owner', 'manager', 'dispatcher', 'support', 'catalog', 'accountant'] as const;
export type BuiltInRoleId = (typeof BUILT_IN_ROLE_IDS)[number];
export const OWNER_ROLE_ID: BuiltInRoleId = 'owner';

const all = PERMISSION_NAMES;
const except = (...left: Permission[]) => all.filter((p) => !left.includes(p));

/**
 * The built-in roles. Owner always has every permission, including any added later; the others
 * are fixed here (an owner who wants a different mix makes a custom role). `twoFactor`: the role
 * must use an authenticator app when the STAFF_2FA_REQUIRED setting is on.
 */
export const BUILT_IN_ROLES: Record<
  BuiltInRoleId,
  { name: string; description: string; permissions: readonly Permission[]; twoFactor: boolean }
> = {
  owner: { name: 'Owner', description: 'Everything, including staff and settings', permissions: all, twoFactor: true },
  manager: {
    name: 'Manager',
    description: 'Runs the shop day to day; not staff or settings',
    permissions: except('staff.manage', 'settings.manage'),
    twoFactor: false,
  },
  dispatcher: {
    name: 'Dispatcher',
    description: 'Orders, riders on the road and delivery zones',
    permissions: ['orders.read', 'dispatch.manage', 'customers.read'],
    twoFactor: false,
  },
  support: {
    name: 'Customer support',
    description: 'Customers, their orders, cancellations and refunds',
    permissions: ['orders.read', 'orders.manage', 'orders.edit', 'orders.refund', 'customers.read', 'customers.manage'],
    twoFactor: false,
  },
  catalog: {
    name: 'Catalog editor',
    description: 'Products, categories and stock',
    permissions: ['catalog.manage', 'inventory.manage'],
    twoFactor: false,
  },
  accountant: {
    name: 'Accountant',
    description: 'Reports, payments, rider cash and refunds',
    permissions: ['orders.read', 'orders.refund', 'cash.manage', 'reports.read', 'audit.read'],
    twoFactor: true,
  },
};

export const isBuiltInRole = (id: string): id is BuiltInRoleId => (BUILT_IN_ROLE_IDS as readonly string[]).includes(id);

/** What a staff member with this role may do: a built-in role's set from code, a custom role's from its row. */
export function permissionsOfRole(roleId: string, stored: readonly string[] | null): Permission[] {
  if (isBuiltInRole(roleId)) return [...BUILT_IN_ROLES[roleId].permissions];
  return (stored ?? []).filter((p): p is Permission => p in PERMISSIONS);
}

/** A route or screen's rule: one permission, or any one of several (a list several screens read). */
export type PermissionRule = Permission | readonly Permission[];

export const allows = (held: readonly string[], rule: PermissionRule) =>
  (typeof rule === 'string' ? [rule] : rule).some((p) => held.includes(p));

export const StaffSession = z.object({
  roleId: z.string(),
  roleName: z.string(),
  permissions: z.array(PermissionName),
  /** An authenticator app protects this account's sign-in. */
  twoFactorEnabled: z.boolean(),
  /** This person must set one up before using the back office (their role and the shop's setting). */
  twoFactorRequired: z.boolean(),
});
export type StaffSession = z.infer<typeof StaffSession>;

// Admin screens: staff roles and the people who hold them.
const roleName = z.string().trim().min(2, 'Role name must be at least 2 characters').max(60, 'Role name is too long');

export const AdminStaffRoleInput = z.object({
  name: roleName,
  permissions: z.array(PermissionName).min(1, 'Choose at least one permission').max(PERMISSION_NAMES.length),
  twoFactor: z.boolean().default(false),
});
export type AdminStaffRoleInput = z.input<typeof AdminStaffRoleInput>;

export const AdminStaffRole = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(PermissionName),
  twoFactor: z.boolean(),
  members: z.number().int(),
});
export type AdminStaffRole = z.infer<typeof AdminStaffRole>;
export const AdminStaffRoleList = z.object({ roles: z.array(AdminStaffRole) });
export type AdminStaffRoleList = z.infer<typeof AdminStaffRoleList>;

export const AdminStaffMember = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  twoFactorEnabled: z.boolean(),
});
export type AdminStaffMember = z.infer<typeof AdminStaffMember>;
export const AdminStaffList = z.object({ staff: z.array(AdminStaffMember) });
export type AdminStaffList = z.infer<typeof AdminStaffList>;

/** Makes an existing account staff, or changes the role of someone who is. */
export const AdminAssignStaffInput = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
  roleId: z.string().min(1, 'Choose a role').max(64),
});
export type AdminAssignStaffInput = z.input<typeof AdminAssignStaffInput>;

// Two-step sign-in (an authenticator app).
export const TwoFactorEnableInput = z.object({ password: z.string().min(1, 'Password is required').max(128) });
export const TwoFactorEnableResult = z.object({ totpUri: z.string(), secret: z.string(), backupCodes: z.array(z.string()) });
export type TwoFactorEnableResult = z.infer<typeof TwoFactorEnableResult>;
export const TwoFactorCodeInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
  trustDevice: z.boolean().optional(),
});
export const TwoFactorBackupCodeInput = z.object({ code: z.string().trim().min(4, 'Enter one of your backup codes').max(64) });
