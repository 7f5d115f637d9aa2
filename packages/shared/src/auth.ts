/** Sign-in and sign-up inputs and the session the server returns. */
import { z } from 'zod';
import { PASSWORD_MIN } from './constants.ts';
import { normalizePhone } from './phone.ts';
import { StaffSession } from './staff-permissions.ts';
import { RIDER_APPROVALS } from './status.ts';

export const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254)
  .email('Enter a valid email address')
  .transform((v) => v.toLowerCase());

export const password = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(128, 'Password must be at most 128 characters');

export const fullName = z.string().trim().min(1, 'Full name is required').max(120, 'Full name is too long');

export const phone = z
  .string()
  .trim()
  .min(1, 'Phone number is required')
  .max(32)
  .transform((v, ctx) => {
    const e164 = normalizePhone(v);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number, e.g. 0772 123456' });
      return z.NEVER;
    }
    return e164;
  });

export const SignInInput = z.object({ email, password: z.string().min(1, 'Password is required').max(128) });
export type SignInInput = z.input<typeof SignInInput>;

export const SignUpInput = z.object({ fullName, phone, email, password });
export type SignUpInput = z.input<typeof SignUpInput>;

export const OutletEmployeeSession = z.object({
  id: z.string(),
  outletId: z.string(),
  outletName: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  isActive: z.boolean(),
});

export const RiderSession = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  vehicleType: z.enum(['motorcycle', 'bicycle']),
  status: z.enum(['offline', 'online', 'delivering']),
  isActive: z.boolean(),
  approval: z.enum(RIDER_APPROVALS),
});

export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  isAdmin: z.boolean(),
});

export const SessionResponse = z.object({
  user: SessionUser.nullable(),
  rider: RiderSession.nullable(),
  outletEmployee: OutletEmployeeSession.nullable(),
  /** A back-office member's role and permissions (null or absent for everyone else). */
  staff: StaffSession.nullable().optional(),
  /** The password was right and the account asks for an authenticator code: no session yet. */
  twoFactorPending: z.literal(true).optional(),
  /** Set when a session was ended because its account has no profile. */
  error: z.string().optional(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;
export type SessionUser = z.infer<typeof SessionUser>;

export const firstName = (full: string) => full.trim().split(/\s+/)[0] ?? full;
