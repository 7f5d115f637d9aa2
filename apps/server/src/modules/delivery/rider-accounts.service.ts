/** Rider sign-up and sign-in (spec sections 2 and 5) and the rider's own profile. */
import type { RiderSignUpInput } from '@meatshop/shared/rider';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { loadActor } from '../accounts/access.ts';
import type { Auth } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { updateAuthUserName } from '../accounts/accounts.repository.ts';
import { type AuthResult, createAccount, neutralSignUp, signIn } from '../accounts/accounts.service.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import { updateRider } from './delivery.repository.ts';
import { insertRider, type RiderInsert } from './riders.repository.ts';

export const NO_RIDER_PROFILE = 'No rider profile found. Please contact support.';

type NewRider = Pick<RiderInsert, 'email' | 'fullName' | 'phone' | 'vehicleType'>;

/**
 * A new rider starts offline, rating 0 and 0 deliveries. One an admin adds is approved
 * and active; one who signed up on their own waits, inactive, until an admin approves them.
 */
export async function insertNewRider(db: Tx, id: string, r: NewRider, approval: 'approved' | 'pending' = 'approved') {
  await insertRider(db, {
    id,
    email: r.email,
    fullName: r.fullName,
    phone: r.phone,
    vehicleType: r.vehicleType,
    status: 'offline',
    isActive: approval === 'approved',
    approval,
    rating: 0,
    totalDeliveries: 0,
  });
}

/**
 * Public rider sign-up: an auth account and a pending rider. Until an admin approves them they can
 * sign in and see that they are waiting, but cannot go online, are never assigned an order and see no
 * customer's name or address (every rider route and dispatch require an active rider).
 */
export async function signUpRider(db: Db, auth: Auth, input: z.output<typeof RiderSignUpInput>, headers: Headers): Promise<AuthResult> {
  const created = await neutralSignUp(() =>
    createAccount(db, auth, input, headers, (id) =>
      db.transaction(async (tx) => {
        await insertNewRider(tx, id, input, 'pending');
        await notifyAdmins(tx, { message: `New rider sign-up: ${input.fullName} is waiting for approval`, type: 'other' });
      }),
    ),
  );
  return { headers: created.headers, actor: await loadActor(db, created.userId, input.email, created.token) };
}

/** Signs in; an account without a rider profile is signed out again with the spec's message. */
export async function signInRider(db: Db, auth: Auth, input: { email: string; password: string }, headers: Headers): Promise<AuthResult> {
  const result = await signIn(db, auth, input, headers);
  if (result.actor?.rider) return result;
  const h = new Headers(headers);
  h.set(
    'cookie',
    result.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  );
  await auth.api.signOut({ headers: h }).catch(() => {});
  throw new AppError('PROFILE_NOT_FOUND', NO_RIDER_PROFILE);
}

export async function updateRiderProfile(db: Db, riderId: string, values: { fullName: string; phone: string }) {
  return db.transaction(async (tx) => {
    const row = await updateRider(tx, riderId, values);
    await updateAuthUserName(tx, riderId, values.fullName);
    return row;
  });
}
