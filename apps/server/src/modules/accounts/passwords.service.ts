/**
 * A signed-in person changes their password or signs out everywhere; someone who forgot theirs
 * asks for an emailed link and chooses a new one. better-auth does the work (hashing, single-use
 * tokens, ending sessions); this module keeps our error shape and tells the owner by email.
 */
import { RESET_LINK_INVALID } from '@meatshop/shared/passwords';
import type { Db } from '../../db/client.ts';
import type { Actor } from './access.ts';
import type { Auth } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { queueAccountEmail } from '../messages/account-messages.ts';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

const apiCode = (err: unknown) => (err as { body?: { code?: string } })?.body?.code;

/** True for the error a wrong current password gives (what the change-password limit counts). */
export const isWrongCurrentPassword = (err: unknown) => err instanceof AppError && err.fields?.currentPassword === WRONG_CURRENT_PASSWORD;

/**
 * Sets a new password when the current one is right, and ends every other session: better-auth
 * deletes all of the account's sessions and starts a new one for this device (its cookie is in the
 * returned headers).
 */
export async function changePassword(
  db: Db,
  auth: Auth,
  publicUrl: string,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
  headers: Headers,
): Promise<Headers> {
  let res: { headers: Headers };
  try {
    res = await auth.api.changePassword({ body: { ...input, revokeOtherSessions: true }, headers, returnHeaders: true });
  } catch (err) {
    if (apiCode(err) === 'INVALID_PASSWORD')
      throw new AppError('VALIDATION', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
    if (apiCode(err) === 'CREDENTIAL_ACCOUNT_NOT_FOUND') throw new AppError('RULE_BROKEN', 'This account has no password to change.');
    throw err;
  }
  const name = actor.user?.fullName ?? actor.rider?.fullName ?? actor.email;
  await queueAccountEmail(db, 'password_changed', actor.email, { name, publicUrl });
  return res.headers;
}

/** Ends every session of the account, this one included; the returned headers clear its cookie. */
export async function signOutEverywhere(auth: Auth, headers: Headers): Promise<Headers> {
  const res = await auth.api.revokeSessions({ headers, returnHeaders: true });
  return res.headers;
}

/**
 * Emails a reset link when the address has an account, and does the same visible work either way
 * (better-auth looks up a dummy token for an unknown email), so the answer tells nothing.
 */
export async function requestPasswordReset(auth: Auth, email: string) {
  await auth.api.requestPasswordReset({ body: { email } });
}

/** Sets the new password from a link's token; the token works once and every session ends. */
export async function resetPassword(auth: Auth, input: { token: string; newPassword: string }) {
  try {
    await auth.api.resetPassword({ body: input });
  } catch (err) {
    if (apiCode(err) === 'INVALID_TOKEN' || apiCode(err) === 'USER_NOT_FOUND') throw new AppError('VALIDATION', RESET_LINK_INVALID);
    throw err;
  }
}
