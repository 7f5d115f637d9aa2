/** /api/auth: sign-up, sign-in, sign-out and the session with its roles (passwords: password.routes.ts). */
import { SessionResponse, SignInInput, SignUpInput } from '@meatshop/shared/auth';
import { MESSAGES } from '@meatshop/shared/errors';
import { z } from 'zod';
import { sessionOf, signIn, signUpCustomer } from '../../modules/accounts/accounts.service.ts';
import { copySetCookies, webHeaders } from '../../platform/http.ts';
import { enforce } from '../../platform/rate-limit.ts';
import { limitedSignIn } from '../../platform/sign-in-limits.ts';
import passwordRoutes from './password.routes.ts';
import twoFactorRoutes from './two-factor.routes.ts';
import type { App } from '../../app-types.ts';

export default async function authRoutes(app: App) {
  const { db, auth, config } = app.deps;
  const opts = { staff2faRequired: config.staff2faRequired };
  await app.register(passwordRoutes);
  await app.register(twoFactorRoutes);

  app.post(
    '/sign-up',
    {
      config: { access: 'visitor', errors: ['RATE_LIMITED', 'ALREADY_EXISTS'] },
      schema: { tags: ['auth'], body: SignUpInput, response: { 201: SessionResponse } },
    },
    async (req, reply) => {
      await enforce(db, [{ key: `sign-up:ip:${req.ip}`, max: 10, windowSeconds: 600 }]);
      const result = await signUpCustomer(db, auth, req.body, webHeaders(req), app.deps.config.publicUrl);
      void app.deps.messages.drain();
      copySetCookies(result.headers, reply);
      return reply.code(201).send(sessionOf(result.actor));
    },
  );

  app.post(
    '/sign-in',
    {
      config: { access: 'visitor', errors: ['INVALID_CREDENTIALS', 'PROFILE_NOT_FOUND', 'RATE_LIMITED'] },
      schema: { tags: ['auth'], body: SignInInput, response: { 200: SessionResponse } },
    },
    async (req, reply) => {
      const result = await limitedSignIn(db, req, req.body.email, () => signIn(db, auth, req.body, webHeaders(req)));
      copySetCookies(result.headers, reply);
      // A right password on an account guarded by an authenticator app: the code comes next.
      if (!result.actor) return { ...sessionOf(null), twoFactorPending: true as const };
      return sessionOf(result.actor, opts);
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
        // A read that ends a session: not a write the local-writes hook sees.
        app.forgetCallers();
        if (res) copySetCookies(res.headers, reply);
        return { ...sessionOf(null), error: MESSAGES.userDataNotFound };
      }
      return sessionOf(actor, opts);
    },
  );
}
