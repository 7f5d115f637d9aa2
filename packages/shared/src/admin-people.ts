/** Admin inputs and outputs for employees and delivery riders (spec sections 2 and 5). */
import { z } from 'zod';
import { email, fullName, password, phone } from './auth.ts';
import { RIDER_APPROVALS, VEHICLE_TYPES } from './status.ts';

const outletId = z.string({ message: 'Outlet is required' }).uuid('Outlet is required');
const roleId = z.number({ message: 'Role is required' }).int('Role is required').positive('Role is required');

export const AdminCreateEmployeeInput = z.object({ email, fullName, password, outletId, roleId });
export type AdminCreateEmployeeInput = z.input<typeof AdminCreateEmployeeInput>;

export const AdminUpdateEmployeeInput = z.object({ outletId, roleId });
export type AdminUpdateEmployeeInput = z.input<typeof AdminUpdateEmployeeInput>;

export const ActiveInput = z.object({ isActive: z.boolean({ message: 'isActive must be true or false' }) });

export const AdminEmployee = z.object({
  id: z.string(),
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  outlet: z.object({ id: z.string(), name: z.string() }),
  role: z.object({ id: z.number(), name: z.string() }),
  createdAt: z.string(),
});
export type AdminEmployee = z.infer<typeof AdminEmployee>;

export const EmployeeRole = z.object({ id: z.number(), name: z.string() });

const vehicleType = z.enum(VEHICLE_TYPES, { message: 'Vehicle type must be motorcycle or bicycle' });

export const AdminCreateRiderInput = z.object({ email, password, fullName, phone, vehicleType });
export type AdminCreateRiderInput = z.input<typeof AdminCreateRiderInput>;

export const AdminUpdateRiderInput = z.object({ fullName, phone, vehicleType });
export type AdminUpdateRiderInput = z.input<typeof AdminUpdateRiderInput>;

export const AdminRider = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string(),
  vehicleType: z.string(),
  status: z.string(),
  isActive: z.boolean(),
  approval: z.enum(RIDER_APPROVALS),
  rating: z.number(),
  totalDeliveries: z.number(),
  createdAt: z.string(),
});
export type AdminRider = z.infer<typeof AdminRider>;

/** What deleting a rider did: removed, or deactivated because delivered orders must keep their rider. */
export const RiderDeleteResult = z.object({ outcome: z.enum(['deleted', 'deactivated']) });
