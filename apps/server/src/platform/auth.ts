/**
 * better-auth: email + password, database sessions in HttpOnly cookies. Its HTTP handler is not
 * mounted: our own routes call `auth.api` so that sign-up writes the profile in the same flow and
 * every route keeps our error shape, rate limits and Origin check.
 */
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { RESET_LINK_MINUTES } from '@meatshop/shared/passwords';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, session, twoFactor, user, verification } from '../db/schema/auth.ts';

// argon2id: ~28 ms a hash here, against ~260 ms for better-auth's default scrypt (STACK-NOTES).
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** What better-auth asks the app to do around a password reset (app.ts queues the emails). */
export interface AuthHooks {
  sendResetPassword(to: { email: string; name: string }, link: string): Promise<void>;
  /** After a reset through an emailed link (the account's owner is told). */
  onPasswordReset(user: { email: string; name: string }): Promise<void>;
}

/** The hash better-auth stores, for work that must take as long as making an account. */
export const hashPassword = (password: string) => hash(password, ARGON);

export function createAuth(db: Db, config: Config, secret: string, hooks: AuthHooks) {
  return betterAuth({
    appName: 'Kampala Prime Meats',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl, 'http://localhost:5173'],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, twoFactor } }),
    // Staff may guard their sign-in with an authenticator app (TOTP, with backup codes). Once it is
    // on, a right password answers "code needed" and only the code's check creates the session.
    plugins: [twoFactorPlugin({ issuer: 'Kampala Prime Meats' })],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      // A reset link works once, for 30 minutes, and ends every session of the account.
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // Our link opens the web app's reset screen; better-auth's own callback route is not mounted.
      sendResetPassword: ({ user, token }) =>
        hooks.sendResetPassword(user, `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`),
      onPasswordReset: ({ user }) => hooks.onPasswordReset(user),
      password: {
        hash: hashPassword,
        verify: ({ hash: h, password }) => verify(h, password),
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Our routes carry their own per-IP and per-email limits (platform/rate-limit).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'meatshop',
      useSecureCookies: config.secureCookies,
      database: { generateId: () => crypto.randomUUID() },
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    telemetry: { enabled: false },
    logger: { level: 'error', disabled: config.LOG_LEVEL === 'silent' },
  });
}

export type Auth = ReturnType<typeof createAuth>;
