/**
 * /api/auth/two-factor: staff set up an authenticator app (enable, then confirm with a first code),
 * switch it off, and give its code (or a backup code) after a right password at sign-in.
 */
import { SessionResponse } from '@meatshop/shared/auth';
import {
  TwoFactorBackupCodeInput,
  TwoFactorCodeInput,
  TwoFactorEnableInput,
  TwoFactorEnableResult,
} from '@meatshop/shared/staff-permissions';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { sessionOf } from '../../modules/accounts/accounts.service.ts';
import { disableTwoFactor, startTwoFactorSetup, verifyBackupCode, verifyTwoFactorCode } from '../../modules/accounts/two-factor.service.ts';
import { copySetCookies, webHeaders } from '../../platform/http.ts';
import { enforce } from '../../platform/rate-limit.ts';

const tags = ['auth'];

export default async function twoFactorRoutes(app: App) {
  const { db, auth, config } = app.deps;
  const opts = { staff2faRequired: config.staff2faRequired };
  // Codes are six digits: besides better-auth's five tries per sign-in, a cap per address.
  const limit = (ip: string) => enforce(db, [{ key: `two-factor:ip:${ip}`, max: 30, windowSeconds: 600 }]);

  app.post(
    '/two-factor/enable',
    {
      config: { access: 'admin', errors: ['RATE_LIMITED'] },
      schema: { tags, body: TwoFactorEnableInput, response: { 200: TwoFactorEnableResult } },
    },
    async (req, reply) => {
      await limit(req.ip);
      const { headers, result } = await startTwoFactorSetup(auth, webHeaders(req), req.body.password);
      copySetCookies(headers, reply);
      reply.header('cache-control', 'no-store');
      return result;
    },
  );

  app.post(
    '/two-factor/confirm',
    {
      config: { access: 'admin', errors: ['RATE_LIMITED', 'UNAUTHENTICATED'] },
      schema: { tags, body: TwoFactorCodeInput, response: { 200: SessionResponse } },
    },
    async (req, reply) => {
      await limit(req.ip);
      const result = await verifyTwoFactorCode(db, auth, webHeaders(req), req.body.code);
      copySetCookies(result.headers, reply);
      return sessionOf(result.actor, opts);
    },
  );

  app.post(
    '/two-factor/disable',
    {
      config: { access: 'admin', errors: ['RATE_LIMITED'] },
      schema: { tags, body: TwoFactorEnableInput, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (req, reply) => {
      await limit(req.ip);
      copySetCookies(await disableTwoFactor(auth, webHeaders(req), req.body.password), reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/two-factor/verify',
    {
      config: { access: 'visitor', errors: ['RATE_LIMITED', 'UNAUTHENTICATED'] },
      schema: { tags, body: TwoFactorCodeInput, response: { 200: SessionResponse } },
    },
    async (req, reply) => {
      await limit(req.ip);
      const result = await verifyTwoFactorCode(db, auth, webHeaders(req), req.body.code, req.body.trustDevice);
      copySetCookies(result.headers, reply);
      return sessionOf(result.actor, opts);
    },
  );

  app.post(
    '/two-factor/verify-backup-code',
    {
      config: { access: 'visitor', errors: ['RATE_LIMITED', 'UNAUTHENTICATED'] },
      schema: { tags, body: TwoFactorBackupCodeInput, response: { 200: SessionResponse } },
    },
    async (req, reply) => {
      await limit(req.ip);
      const result = await verifyBackupCode(db, auth, webHeaders(req), req.body.code);
      copySetCookies(result.headers, reply);
      return sessionOf(result.actor, opts);
    },
  );
}
