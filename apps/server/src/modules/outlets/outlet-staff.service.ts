/**
 * An outlet's staff and settings as its own employees see them; only a manager may change them, and
 * only within limits: a manager gives no one the Manager role, leaves other managers (and themself)
 * alone, and cannot switch back on an employee an administrator switched off. Those are for admins.
 */
import { isManagerRole, type OutletSettings, type OutletStaff, type OutletStaffUpdateInput } from '@meatshop/shared/outlet';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors.ts';
import { assertManager, type OutletStaffActor } from './outlet-portal.policy.ts';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit.service.ts';
import {
  findOutletById,
  findRoleById,
  findRolesOrderedByName,
  findStaffByIdAndOutletId,
  findStaffByOutletId,
  updateOutletContact,
  updateStaffByIdAndOutletId,
} from './outlet-staff.repository.ts';

const EMPLOYEE_NOT_FOUND = 'Employee not found';

type StaffRow = NonNullable<Awaited<ReturnType<typeof findStaffByIdAndOutletId>>>;

function toMember(s: StaffRow, a: OutletStaffActor) {
  const { deactivatedBy, ...rest } = s;
  const isSelf = s.id === a.employeeId;
  return {
    ...rest,
    isSelf,
    deactivatedByAdmin: !s.isActive && deactivatedBy === 'admin',
    canChange: a.isManager && !isSelf && !isManagerRole(s.roleName),
    createdAt: s.createdAt.toISOString(),
  };
}

export async function listOutletStaff(db: Db, a: OutletStaffActor): Promise<OutletStaff> {
  const staff = await findStaffByOutletId(db, a.outletId);
  const roles = await findRolesOrderedByName(db);
  return {
    canManage: a.isManager,
    staff: staff.map((s) => toMember(s, a)),
    roles: roles.filter((r) => !isManagerRole(r.name)),
  };
}

export async function updateOutletStaff(db: Db, a: OutletStaffActor, by: AuditActor, id: string, input: OutletStaffUpdateInput) {
  assertManager(a, 'change staff');
  return db.transaction(async (tx) => {
    const member = await findStaffByIdAndOutletId(tx, id, a.outletId);
    // Staff of another outlet answer exactly like an unknown id.
    if (!member) throw notFound(EMPLOYEE_NOT_FOUND);
    // A manager who deactivates or demotes themself would lock the outlet out of its own settings.
    if (member.id === a.employeeId) throw new AppError('RULE_BROKEN', 'You cannot change your own access. Ask an administrator.');
    if (isManagerRole(member.roleName)) throw forbidden("Only an administrator can change another manager's role or access.");
    if (input.roleId !== undefined) {
      const role = await findRoleById(tx, input.roleId);
      if (!role) throw invalid('Choose a role', { roleId: 'Choose a role' });
      if (isManagerRole(role.name)) throw forbidden('Only an administrator can make someone a manager.');
    }
    if (input.isActive === true && !member.isActive && member.deactivatedBy === 'admin') {
      throw forbidden('An administrator deactivated this employee. Only an administrator can activate them again.');
    }
    const deactivatedBy =
      input.isActive === undefined || input.isActive === member.isActive
        ? {}
        : { deactivatedBy: input.isActive ? null : ('manager' as const) };
    await updateStaffByIdAndOutletId(tx, id, a.outletId, { ...input, ...deactivatedBy });
    const updated = (await findStaffByIdAndOutletId(tx, id, a.outletId))!;
    const audited = (m: StaffRow) => ({ role: m.roleName, isActive: m.isActive });
    const action =
      input.isActive === undefined || input.isActive === member.isActive ? 'update' : input.isActive ? 'activate' : 'deactivate';
    await recordAudit(tx, by, { entityType: 'employee', entityId: id, action, ...changedFields(audited(member), audited(updated)) });
    return toMember(updated, a);
  });
}

function toSettings(o: NonNullable<Awaited<ReturnType<typeof findOutletById>>>, canEdit: boolean): OutletSettings {
  return {
    id: o.id,
    name: o.name,
    address: o.address,
    city: o.city,
    country: o.country,
    phone: o.phone,
    openingHours: o.openingHours,
    managerName: o.managerName,
    canEdit,
  };
}

export async function getOutletSettings(db: Db, a: OutletStaffActor) {
  const outlet = await findOutletById(db, a.outletId);
  if (!outlet) throw notFound('Outlet not found');
  return toSettings(outlet, a.isManager);
}

export async function updateOutletSettings(db: Db, a: OutletStaffActor, by: AuditActor, input: { phone: string; openingHours: string }) {
  assertManager(a, 'change the outlet settings');
  return db.transaction(async (tx) => {
    const before = await findOutletById(tx, a.outletId);
    const updated = await updateOutletContact(tx, a.outletId, input);
    if (!before || !updated) throw notFound('Outlet not found');
    const fields = (o: typeof before) => ({ phone: o.phone, openingHours: o.openingHours });
    await recordAudit(tx, by, {
      entityType: 'outlet',
      entityId: a.outletId,
      action: 'update',
      ...changedFields(fields(before), fields(updated)),
    });
    return toSettings(updated, true);
  });
}
