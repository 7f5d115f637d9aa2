/**
 * /api/auth: change password, forgot and reset password, sign out everywhere. Each has its own
 * limit: guessing a current password, mail-bombing an inbox with reset links, trying tokens.
 */
import { ChangePasswordInput, ForgotPasswordInput, OkResponse, RESET_REQUESTED, ResetPasswordInput } from '@meatshop/shared/passwords';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import {
  changePassword,
  isWrongCurrentPassword,
  requestPasswordReset,
  resetPassword,
  signOutEverywhere,
} from '../../modules/accounts/passwords.service.ts';
import { requireActor } from '../../modules/accounts/access.ts';
import { copySetCookies, webHeaders } from '../../platform/http.ts';
import { attempt, enforce } from '../../platform/rate-limit.ts';

const tags = ['auth'];
const TOO_MANY_GUESSES = 'Too many wrong passwords. Please wait a few minutes and try again.';

export default async function passwordRoutes(app: App) {
  const { db, auth, config } = app.deps;

  app.post(
    '/change-password',
    {
      config: { access: 'signedIn', errors: ['RATE_LIMITED'] },
      schema: { tags, body: ChangePasswordInput, response: { 200: OkResponse } },
    },
    async (req, reply) => {
      const actor = await requireActor(req);
      const limits = [{ key: `change-password:user:${actor.userId}`, max: 8, windowSeconds: 600 }];
      const headers = await attempt(
        db,
        limits,
        TOO_MANY_GUESSES,
        () => changePassword(db, auth, config.publicUrl, actor, req.body, webHeaders(req)),
        isWrongCurrentPassword,
      );
      void app.deps.messages.drain();
      copySetCookies(headers, reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/sign-out-everywhere',
    { config: { access: 'signedIn' }, schema: { tags, response: { 200: OkResponse } } },
    async (req, reply) => {
      copySetCookies(await signOutEverywhere(auth, webHeaders(req)), reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'visitor', errors: ['RATE_LIMITED'] },
      schema: { tags, body: ForgotPasswordInput, response: { 200: z.object({ ok: z.literal(true), message: z.string() }) } },
    },
    async (req) => {
      // Counted whether or not the email has an account, so a 429 tells nothing either.
      await enforce(db, [
        { key: `forgot-password:ip:${req.ip}`, max: 10, windowSeconds: 600 },
        { key: `forgot-password:email:${req.body.email}`, max: 3, windowSeconds: 3600 },
      ]);
      await requestPasswordReset(auth, req.body.email);
      return { ok: true as const, message: RESET_REQUESTED };
    },
  );

  app.post(
    '/reset-password',
    { config: { access: 'visitor', errors: ['RATE_LIMITED'] }, schema: { tags, body: ResetPasswordInput, response: { 200: OkResponse } } },
    async (req) => {
      await enforce(db, [{ key: `reset-password:ip:${req.ip}`, max: 20, windowSeconds: 600 }]);
      await resetPassword(auth, req.body);
      return { ok: true as const };
    },
  );
}
