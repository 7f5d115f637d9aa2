/** Sign-up, sign-in, sign-out and the session with its roles (spec sections 4 and 7). */
import { MESSAGES } from '@meatshop/shared/errors';
import type { SessionResponse } from '@meatshop/shared/auth';
import type { RiderApproval } from '@meatshop/shared/status';
import type { Db } from '../../db/client.ts';
import type { Actor } from './access.ts';
import { loadActor } from './access.ts';
import { AppError, pgErrorCode } from '../../platform/errors.ts';
import { type Auth, hashPassword } from '../../platform/auth.ts';
import { hit } from '../../platform/rate-limit.ts';
import { queueAccountEmail } from '../messages/account-messages.ts';
import { deleteAuthUser, findAuthUserByEmail, findLiveSessions, insertUser } from './accounts.repository.ts';

export interface AuthResult {
  headers: Headers;
  /** Null while the account's authenticator code is still to be given (`headers` carry its challenge). */
  actor: Actor | null;
}

const DUPLICATE_EMAIL = 'An account with this email already exists. Please sign in instead.';
const BAD_CREDENTIALS = 'Invalid email or password';
/**
 * What a public sign-up says when the email is taken: it does not confirm that an account exists
 * (admins creating staff still get DUPLICATE_EMAIL). Probing by sign-up is bounded by its rate limit.
 */
export const SIGN_UP_REFUSED = 'We could not create an account with these details. If you already have one, please sign in.';

/** For the public sign-up routes: a taken email answers with the neutral SIGN_UP_REFUSED. */
export async function neutralSignUp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.code === 'ALREADY_EXISTS') throw new AppError('ALREADY_EXISTS', SIGN_UP_REFUSED);
    throw err;
  }
}

/** Creates the auth user and then a profile; a profile that cannot be written leaves no auth user. */
export async function createAccount(
  db: Db,
  auth: Auth,
  input: { email: string; password: string; fullName: string },
  headers: Headers,
  writeProfile: (userId: string) => Promise<void>,
): Promise<{ headers: Headers; userId: string; token: string }> {
  if (await findAuthUserByEmail(db, input.email)) throw new AppError('ALREADY_EXISTS', DUPLICATE_EMAIL);
  let res: Awaited<ReturnType<typeof signUpEmail>>;
  try {
    res = await signUpEmail(auth, input, headers);
  } catch (err) {
    if (isDuplicate(err)) throw new AppError('ALREADY_EXISTS', DUPLICATE_EMAIL);
    throw err;
  }
  const userId = res.response.user.id;
  try {
    await writeProfile(userId);
  } catch (err) {
    await deleteAuthUser(db, userId);
    if (pgErrorCode(err) === '23505') throw new AppError('ALREADY_EXISTS', DUPLICATE_EMAIL);
    throw err;
  }
  return { headers: res.headers, userId, token: res.response.token ?? '' };
}

function signUpEmail(auth: Auth, input: { email: string; password: string; fullName: string }, headers: Headers) {
  return auth.api.signUpEmail({
    body: { email: input.email, password: input.password, name: input.fullName },
    headers,
    returnHeaders: true,
  });
}

function signInEmail(auth: Auth, input: { email: string; password: string }, headers: Headers) {
  return auth.api.signInEmail({ body: input, headers, returnHeaders: true });
}

function isDuplicate(err: unknown) {
  const e = err as { body?: { code?: string }; status?: string };
  return (
    e?.body?.code === 'USER_ALREADY_EXISTS' || e?.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' || pgErrorCode(err) === '23505'
  );
}

/**
 * Customer sign-up. A new email gets an account and is signed in. A taken email gets the same 201
 * and body shape with no session, and its owner gets an email saying someone tried (at most one an
 * hour), so the answer's words and timing do not confirm the account; see
 * docs/decisions/121-sign-up-with-a-taken-email.md for what still differs and why.
 */
export async function signUpCustomer(
  db: Db,
  auth: Auth,
  input: { email: string; password: string; fullName: string; phone: string },
  headers: Headers,
  publicUrl: string,
): Promise<{ headers: Headers; actor: Actor | null }> {
  const taken = () => tellOwnerOfSignUpAttempt(db, input.email, publicUrl).then(() => ({ headers: new Headers(), actor: null }));
  if (await findAuthUserByEmail(db, input.email)) {
    // The hash a new account would cost, so a taken email does not answer faster.
    await hashPassword(input.password);
    return taken();
  }
  try {
    const created = await createAccount(db, auth, input, headers, async (userId) => {
      await insertUser(db, { id: userId, email: input.email, fullName: input.fullName, phone: input.phone });
    });
    return { headers: created.headers, actor: await loadActor(db, created.userId, input.email, created.token) };
  } catch (err) {
    // Two sign-ups with one email at once: the loser is answered like any taken email.
    if (err instanceof AppError && err.code === 'ALREADY_EXISTS') return taken();
    throw err;
  }
}

async function tellOwnerOfSignUpAttempt(db: Db, email: string, publicUrl: string) {
  const owner = await findAuthUserByEmail(db, email);
  if (!owner) return;
  // One notice an hour per address: sign-ups spread over many addresses must not flood an inbox.
  if (!(await hit(db, { key: `sign-up-notice:${email}`, max: 1, windowSeconds: 3600 }))) return;
  await queueAccountEmail(db, 'sign_up_attempt', email, { name: owner.name, publicUrl });
}

export async function signIn(db: Db, auth: Auth, input: { email: string; password: string }, headers: Headers): Promise<AuthResult> {
  let res: Awaited<ReturnType<typeof signInEmail>>;
  try {
    res = await signInEmail(auth, input, headers);
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 401 || status === 400) throw new AppError('INVALID_CREDENTIALS', BAD_CREDENTIALS);
    throw err;
  }
  // The password was right and an authenticator app guards the account: no session until its code.
  if ('twoFactorRedirect' in res.response) return { headers: res.headers, actor: null };
  const actor = await loadActor(db, res.response.user.id, res.response.user.email, res.response.token);
  if (!actor.user && !actor.rider) {
    // An account with no profile may not stay signed in (initialisation).
    await auth.api.signOut({ headers: withSessionCookie(headers, res.headers) }).catch(() => {});
    throw new AppError('PROFILE_NOT_FOUND', MESSAGES.userDataNotFound);
  }
  return { headers: res.headers, actor };
}

/** Headers carrying the session cookie that a sign-in just set, to act on that session at once. */
function withSessionCookie(request: Headers, setCookies: Headers) {
  const h = new Headers(request);
  const cookie = setCookies
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  h.set('cookie', cookie);
  return h;
}

/** `staff2faRequired`: the shop's STAFF_2FA_REQUIRED, which turns a role's two-factor flag into a must. */
export function sessionOf(actor: Actor | null, opts: { staff2faRequired?: boolean } = {}): SessionResponse {
  if (!actor) return { user: null, rider: null, outletEmployee: null };
  const { user, rider, employee, staff } = actor;
  return {
    // Only staff carry the key: a new customer's answer must look like the one a taken email gets.
    ...(staff
      ? {
          staff: {
            roleId: staff.roleId,
            roleName: staff.roleName,
            permissions: staff.permissions,
            twoFactorEnabled: staff.twoFactorEnabled,
            twoFactorRequired: opts.staff2faRequired === true && staff.twoFactorRole && !staff.twoFactorEnabled,
          },
        }
      : {}),
    user: user ? { id: user.id, email: user.email, fullName: user.fullName, phone: user.phone, isAdmin: user.isAdmin } : null,
    rider: rider
      ? {
          id: rider.id,
          fullName: rider.fullName,
          phone: rider.phone,
          email: rider.email,
          vehicleType: rider.vehicleType as 'motorcycle' | 'bicycle',
          status: rider.status as 'offline' | 'online' | 'delivering',
          isActive: rider.isActive,
          approval: rider.approval as RiderApproval,
        }
      : null,
    outletEmployee: employee ?? null,
  };
}

/** The sessions among `tokens` that are still signed in, by token, with their account's roles now. */
export async function liveSessionsByToken(db: Db, tokens: string[]) {
  return new Map((await findLiveSessions(db, tokens)).map((r) => [r.token, r]));
}
