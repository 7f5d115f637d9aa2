/**
 * Two-step sign-in for staff with an authenticator app, through better-auth's two-factor plugin:
 * set-up (a secret to scan, backup codes, then a first code to prove it works), the code asked after
 * a right password, and switching it off. better-auth's own answers become our error shape.
 */
import type { TwoFactorEnableResult } from '@meatshop/shared/staff-permissions';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { loadActor } from './access.ts';
import type { AuthResult } from './accounts.service.ts';

const WRONG_PASSWORD = 'That password is not right.';
const WRONG_CODE = 'That code is not right. Check the time on your phone and try the newest code.';
const CHALLENGE_GONE = 'Your sign-in has expired. Please sign in again with your password.';

function translate(err: unknown): never {
  const code = (err as { body?: { code?: string } })?.body?.code;
  switch (code) {
    case 'INVALID_PASSWORD':
      throw new AppError('VALIDATION', WRONG_PASSWORD, { password: WRONG_PASSWORD });
    case 'INVALID_CODE':
      throw new AppError('VALIDATION', WRONG_CODE, { code: WRONG_CODE });
    case 'INVALID_BACKUP_CODE':
      throw new AppError('VALIDATION', 'That backup code is not right, or it was used already.', { code: 'Not a valid backup code' });
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOTP_NOT_ENABLED':
      throw new AppError('UNAUTHENTICATED', CHALLENGE_GONE);
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      throw new AppError('RATE_LIMITED', 'Too many wrong codes. Please wait a few minutes and sign in again.');
    case 'TOTP_ALREADY_ENABLED':
      throw new AppError('CONFLICT', 'An authenticator app already guards this account.');
    default:
      throw err;
  }
}

/** Starts set-up: a new secret (as a QR link and as text) and backup codes; on only after `confirm`. */
export async function startTwoFactorSetup(
  auth: Auth,
  headers: Headers,
  password: string,
): Promise<{ headers: Headers; result: TwoFactorEnableResult }> {
  const res = await auth.api.enableTwoFactor({ body: { password }, headers, returnHeaders: true }).catch(translate);
  const body = res.response as { totpURI?: string; backupCodes?: string[] };
  const totpUri = body.totpURI ?? '';
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return { headers: res.headers, result: { totpUri, secret, backupCodes: body.backupCodes ?? [] } };
}

/**
 * A code: during set-up (a session) it switches two-step sign-in on; after a password (the
 * challenge cookie) it creates the session. Both replace the session cookie.
 */
export async function verifyTwoFactorCode(db: Db, auth: Auth, headers: Headers, code: string, trustDevice?: boolean): Promise<AuthResult> {
  const res = await auth.api.verifyTOTP({ body: { code, trustDevice }, headers, returnHeaders: true }).catch(translate);
  const { user, token } = res.response as { token: string; user: { id: string; email: string } };
  // During set-up better-auth answers with the old session's token: the new one is in its cookie.
  const fresh = await findNewToken(res.headers);
  return { headers: res.headers, actor: await loadActor(db, user.id, user.email, fresh ?? token) };
}

/** After a password, one of the backup codes instead of the app's code (each works once). */
export async function verifyBackupCode(db: Db, auth: Auth, headers: Headers, code: string): Promise<AuthResult> {
  const res = await auth.api.verifyBackupCode({ body: { code }, headers, returnHeaders: true }).catch(translate);
  const { user, token } = res.response as { token: string; user: { id: string; email: string } };
  return { headers: res.headers, actor: await loadActor(db, user.id, user.email, token) };
}

export async function disableTwoFactor(auth: Auth, headers: Headers, password: string): Promise<Headers> {
  const res = await auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }).catch(translate);
  return res.headers;
}

/** The session token in a set-cookie that better-auth just wrote (its value is `token.signature`). */
async function findNewToken(headers: Headers): Promise<string | undefined> {
  for (const c of headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair!.indexOf('=');
    if (!pair!.slice(0, eq).endsWith('session_token')) continue;
    const value = decodeURIComponent(pair!.slice(eq + 1));
    if (!value) continue;
    return value.slice(0, value.lastIndexOf('.'));
  }
  return undefined;
}
