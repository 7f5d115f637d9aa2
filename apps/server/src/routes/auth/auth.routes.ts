/** /api/auth: sign-up, sign-in, sign-out and the session with its roles. */
import { SessionResponse, SignInInput, SignUpInput } from '@meatshop/shared/auth';
import { MESSAGES } from '@meatshop/shared/errors';
import { z } from 'zod';
import { sessionOf, signIn, signUpCustomer } from '../../modules/accounts/accounts.service.ts';
import { copySetCookies, webHeaders } from '../../platform/http.ts';
import { AppError } from '../../platform/errors.ts';
import { enforce, isExhausted, recordFailure } from '../../platform/rate-limit.ts';
import type { App } from '../../app.ts';

const SIGN_IN_LIMIT = 'Too many sign-in attempts. Please wait a few minutes and try again.';

export default async function authRoutes(app: App) {
  const { db, auth } = app.deps;

  app.post(
    '/sign-up',
    { config: { access: 'visitor' }, schema: { tags: ['auth'], body: SignUpInput, response: { 201: SessionResponse } } },
    async (req, reply) => {
      await enforce(db, [{ key: `sign-up:ip:${req.ip}`, max: 10, windowSeconds: 600 }]);
      const result = await signUpCustomer(db, auth, req.body, webHeaders(req));
      copySetCookies(result.headers, reply);
      return reply.code(201).send(sessionOf(result.actor));
    },
  );

  app.post(
    '/sign-in',
    { config: { access: 'visitor' }, schema: { tags: ['auth'], body: SignInInput, response: { 200: SessionResponse } } },
    async (req, reply) => {
      // Failed attempts count, per IP and per email; a signed-in person is never slowed down.
      const limits = [
        { key: `sign-in:ip:${req.ip}`, max: 30, windowSeconds: 600 },
        { key: `sign-in:email:${req.body.email}`, max: 8, windowSeconds: 600 },
      ];
      if (await isExhausted(db, limits)) throw new AppError('RATE_LIMITED', SIGN_IN_LIMIT);
      const result = await signIn(db, auth, req.body, webHeaders(req)).catch(async (err: unknown) => {
        if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') await recordFailure(db, limits);
        throw err;
      });
      copySetCookies(result.headers, reply);
      return sessionOf(result.actor);
    },
  );

  app.post(
    '/sign-out',
    { config: { access: 'visitor' }, schema: { tags: ['auth'], response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (req, reply) => {
      const res = await auth.api.signOut({ headers: webHeaders(req), returnHeaders: true }).catch(() => null);
      if (res) copySetCookies(res.headers, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/session',
    { config: { access: 'visitor' }, schema: { tags: ['auth'], response: { 200: SessionResponse } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const actor = await req.actor();
      if (actor && !actor.user && !actor.rider) {
        const res = await auth.api.signOut({ headers: webHeaders(req), returnHeaders: true }).catch(() => null);
        if (res) copySetCookies(res.headers, reply);
        return { ...sessionOf(null), error: MESSAGES.userDataNotFound };
      }
      return sessionOf(actor);
    },
  );
}
